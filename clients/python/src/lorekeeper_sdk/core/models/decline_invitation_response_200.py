from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.table import Table


T = TypeVar("T", bound="DeclineInvitationResponse200")


@_attrs_define
class DeclineInvitationResponse200:
    """
    Attributes:
        game_id (str):
        seat (int):
        table (Table):
    """

    game_id: str
    seat: int
    table: Table
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        table = self.table.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "seat": seat,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table import Table

        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        table = Table.from_dict(d.pop("table"))

        decline_invitation_response_200 = cls(
            game_id=game_id,
            seat=seat,
            table=table,
        )

        decline_invitation_response_200.additional_properties = d
        return decline_invitation_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
