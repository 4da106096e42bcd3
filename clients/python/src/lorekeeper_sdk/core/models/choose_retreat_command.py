from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.glory_type_0 import GloryType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChooseRetreatCommand")


@_attrs_define
class ChooseRetreatCommand:
    """Answers a `retreat` decision (R-RET-1, R-TRN-9).

    Attributes:
        type_ (Literal['choose_retreat']):
        unit (str):
        path (list[list[int]]):
        command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
        glory (GloryType0 | None | Unset): Spend the unit's glory token (R-CRT-4).
    """

    type_: Literal["choose_retreat"]
    unit: str
    path: list[list[int]]
    command_id: str | Unset = UNSET
    glory: GloryType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        unit = self.unit

        path = []
        for path_item_data in self.path:
            path_item = path_item_data

            path.append(path_item)

        command_id = self.command_id

        glory: None | str | Unset
        if isinstance(self.glory, Unset):
            glory = UNSET
        elif isinstance(self.glory, GloryType0):
            glory = self.glory.value
        else:
            glory = self.glory

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "unit": unit,
                "path": path,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id
        if glory is not UNSET:
            field_dict["glory"] = glory

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["choose_retreat"], d.pop("type"))
        if type_ != "choose_retreat":
            raise ValueError(f"type must match const 'choose_retreat', got '{type_}'")

        unit = d.pop("unit")

        path = []
        _path = d.pop("path")
        for path_item_data in _path:
            path_item = cast(list[int], path_item_data)

            path.append(path_item)

        command_id = d.pop("command_id", UNSET)

        def _parse_glory(data: object) -> GloryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_glory_type_0 = GloryType0(data)

                return componentsschemas_glory_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloryType0 | None | Unset, data)

        glory = _parse_glory(d.pop("glory", UNSET))

        choose_retreat_command = cls(
            type_=type_,
            unit=unit,
            path=path,
            command_id=command_id,
            glory=glory,
        )

        return choose_retreat_command
