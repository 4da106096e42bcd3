from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.order_command_remove_tokens import OrderCommandRemoveTokens


T = TypeVar("T", bound="OrderCommand")


@_attrs_define
class OrderCommand:
    """R-TRN-4. `breath` pays breath costs (R-BRE-1), `roost` roosts (R-RST-1), `remove_tokens` pays to remove effect
    tokens (R-BRE-9).

        Attributes:
            type_ (Literal['order']):
            units (list[str]):
            command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
            breath (list[str] | Unset):
            roost (list[str] | Unset):
            remove_tokens (OrderCommandRemoveTokens | Unset):
    """

    type_: Literal["order"]
    units: list[str]
    command_id: str | Unset = UNSET
    breath: list[str] | Unset = UNSET
    roost: list[str] | Unset = UNSET
    remove_tokens: OrderCommandRemoveTokens | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        units = self.units

        command_id = self.command_id

        breath: list[str] | Unset = UNSET
        if not isinstance(self.breath, Unset):
            breath = self.breath

        roost: list[str] | Unset = UNSET
        if not isinstance(self.roost, Unset):
            roost = self.roost

        remove_tokens: dict[str, Any] | Unset = UNSET
        if not isinstance(self.remove_tokens, Unset):
            remove_tokens = self.remove_tokens.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "units": units,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id
        if breath is not UNSET:
            field_dict["breath"] = breath
        if roost is not UNSET:
            field_dict["roost"] = roost
        if remove_tokens is not UNSET:
            field_dict["remove_tokens"] = remove_tokens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.order_command_remove_tokens import OrderCommandRemoveTokens

        d = dict(src_dict)
        type_ = cast(Literal["order"], d.pop("type"))
        if type_ != "order":
            raise ValueError(f"type must match const 'order', got '{type_}'")

        units = cast(list[str], d.pop("units"))

        command_id = d.pop("command_id", UNSET)

        breath = cast(list[str], d.pop("breath", UNSET))

        roost = cast(list[str], d.pop("roost", UNSET))

        _remove_tokens = d.pop("remove_tokens", UNSET)
        remove_tokens: OrderCommandRemoveTokens | Unset
        if isinstance(_remove_tokens, Unset):
            remove_tokens = UNSET
        else:
            remove_tokens = OrderCommandRemoveTokens.from_dict(_remove_tokens)

        order_command = cls(
            type_=type_,
            units=units,
            command_id=command_id,
            breath=breath,
            roost=roost,
            remove_tokens=remove_tokens,
        )

        return order_command
