from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_visibility import TableVisibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.table_fork import TableFork
    from ..models.table_seat import TableSeat


T = TypeVar("T", bound="Table")


@_attrs_define
class Table:
    """
    Attributes:
        game_id (str):
        visibility (TableVisibility):
        status (str): `open` until every seat is taken, then `started`, `over` once the game is over; `expired` if its
            seats were not all taken in time.
        scenario (str):
        owner (None | str): The creating player (null for an anonymous game).
        created_ms (int):
        expires_ms (int | None): When an open game expires.
        seats (list[TableSeat]):
        rematch (None | str):
        rematch_of (None | str):
        fork (TableFork | Unset): A fork's table only (docs/play/forks.md). Its parent, the version it starts from, its
            marks.
    """

    game_id: str
    visibility: TableVisibility
    status: str
    scenario: str
    owner: None | str
    created_ms: int
    expires_ms: int | None
    seats: list[TableSeat]
    rematch: None | str
    rematch_of: None | str
    fork: TableFork | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        visibility = self.visibility.value

        status = self.status

        scenario = self.scenario

        owner: None | str
        owner = self.owner

        created_ms = self.created_ms

        expires_ms: int | None
        expires_ms = self.expires_ms

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        rematch: None | str
        rematch = self.rematch

        rematch_of: None | str
        rematch_of = self.rematch_of

        fork: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fork, Unset):
            fork = self.fork.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "visibility": visibility,
                "status": status,
                "scenario": scenario,
                "owner": owner,
                "created_ms": created_ms,
                "expires_ms": expires_ms,
                "seats": seats,
                "rematch": rematch,
                "rematch_of": rematch_of,
            }
        )
        if fork is not UNSET:
            field_dict["fork"] = fork

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_fork import TableFork
        from ..models.table_seat import TableSeat

        d = dict(src_dict)
        game_id = d.pop("game_id")

        visibility = TableVisibility(d.pop("visibility"))

        status = d.pop("status")

        scenario = d.pop("scenario")

        def _parse_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner = _parse_owner(d.pop("owner"))

        created_ms = d.pop("created_ms")

        def _parse_expires_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_ms = _parse_expires_ms(d.pop("expires_ms"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = TableSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_rematch(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rematch = _parse_rematch(d.pop("rematch"))

        def _parse_rematch_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of"))

        _fork = d.pop("fork", UNSET)
        fork: TableFork | Unset
        if isinstance(_fork, Unset):
            fork = UNSET
        else:
            fork = TableFork.from_dict(_fork)

        table = cls(
            game_id=game_id,
            visibility=visibility,
            status=status,
            scenario=scenario,
            owner=owner,
            created_ms=created_ms,
            expires_ms=expires_ms,
            seats=seats,
            rematch=rematch,
            rematch_of=rematch_of,
            fork=fork,
        )

        table.additional_properties = d
        return table

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
