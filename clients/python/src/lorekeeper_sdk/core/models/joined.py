from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.table import Table


T = TypeVar("T", bound="Joined")


@_attrs_define
class Joined:
    """
    Attributes:
        game_id (str):
        seat (int):
        token (str): The seat's token; shown once.
        version (int):
        table (Table):
        client_seed_recorded (bool | None | Unset): null: the join gave no `client_seed`; false: the seat is taken but
            the seed was
            not recorded (another player took the last seat in the same instant and the
            first turn began first).
    """

    game_id: str
    seat: int
    token: str
    version: int
    table: Table
    client_seed_recorded: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        token = self.token

        version = self.version

        table = self.table.to_dict()

        client_seed_recorded: bool | None | Unset
        if isinstance(self.client_seed_recorded, Unset):
            client_seed_recorded = UNSET
        else:
            client_seed_recorded = self.client_seed_recorded

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "seat": seat,
                "token": token,
                "version": version,
                "table": table,
            }
        )
        if client_seed_recorded is not UNSET:
            field_dict["client_seed_recorded"] = client_seed_recorded

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table import Table

        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        token = d.pop("token")

        version = d.pop("version")

        table = Table.from_dict(d.pop("table"))

        def _parse_client_seed_recorded(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        client_seed_recorded = _parse_client_seed_recorded(
            d.pop("client_seed_recorded", UNSET)
        )

        joined = cls(
            game_id=game_id,
            seat=seat,
            token=token,
            version=version,
            table=table,
            client_seed_recorded=client_seed_recorded,
        )

        joined.additional_properties = d
        return joined

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
