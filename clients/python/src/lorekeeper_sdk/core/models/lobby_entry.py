from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.lobby_entry_visibility import LobbyEntryVisibility
from ..models.winner_type_1 import WinnerType1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clocks import Clocks
    from ..models.table_seat import TableSeat


T = TypeVar("T", bound="LobbyEntry")


@_attrs_define
class LobbyEntry:
    """
    Attributes:
        game_id (str):
        status (str):
        scenario (str | Unset):
        seats (int | Unset):
        visibility (LobbyEntryVisibility | Unset):
        seating (list[TableSeat] | Unset):
        created_ms (int | Unset): Milliseconds since the epoch.
        expires_ms (int | None | Unset): An open game's end.
        rematch (str | Unset):
        active_seat (int | Unset):
        to_act (int | None | Unset): The seat the game waits for.
        turn (int | Unset):
        phase (str | Unset):
        winner (int | None | Unset | WinnerType1): Who won: a seat (an integer), the string "draw", or null while the
            game goes on.
            Typed in each branch (no bare `const`) so that generated clients parse integers.
        version (int | Unset):
        last_activity (int | Unset): Milliseconds since the epoch.
        clock (Clocks | None | Unset): The clocks; null in a game without a time control.
        practice (bool | Unset): A fork only: a practice game, never rated (FRK-2).
    """

    game_id: str
    status: str
    scenario: str | Unset = UNSET
    seats: int | Unset = UNSET
    visibility: LobbyEntryVisibility | Unset = UNSET
    seating: list[TableSeat] | Unset = UNSET
    created_ms: int | Unset = UNSET
    expires_ms: int | None | Unset = UNSET
    rematch: str | Unset = UNSET
    active_seat: int | Unset = UNSET
    to_act: int | None | Unset = UNSET
    turn: int | Unset = UNSET
    phase: str | Unset = UNSET
    winner: int | None | Unset | WinnerType1 = UNSET
    version: int | Unset = UNSET
    last_activity: int | Unset = UNSET
    clock: Clocks | None | Unset = UNSET
    practice: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clocks import Clocks

        game_id = self.game_id

        status = self.status

        scenario = self.scenario

        seats = self.seats

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        seating: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seating, Unset):
            seating = []
            for seating_item_data in self.seating:
                seating_item = seating_item_data.to_dict()
                seating.append(seating_item)

        created_ms = self.created_ms

        expires_ms: int | None | Unset
        if isinstance(self.expires_ms, Unset):
            expires_ms = UNSET
        else:
            expires_ms = self.expires_ms

        rematch = self.rematch

        active_seat = self.active_seat

        to_act: int | None | Unset
        if isinstance(self.to_act, Unset):
            to_act = UNSET
        else:
            to_act = self.to_act

        turn = self.turn

        phase = self.phase

        winner: int | None | str | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        elif isinstance(self.winner, WinnerType1):
            winner = self.winner.value
        else:
            winner = self.winner

        version = self.version

        last_activity = self.last_activity

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, Clocks):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        practice = self.practice

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "status": status,
            }
        )
        if scenario is not UNSET:
            field_dict["scenario"] = scenario
        if seats is not UNSET:
            field_dict["seats"] = seats
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if seating is not UNSET:
            field_dict["seating"] = seating
        if created_ms is not UNSET:
            field_dict["created_ms"] = created_ms
        if expires_ms is not UNSET:
            field_dict["expires_ms"] = expires_ms
        if rematch is not UNSET:
            field_dict["rematch"] = rematch
        if active_seat is not UNSET:
            field_dict["active_seat"] = active_seat
        if to_act is not UNSET:
            field_dict["to_act"] = to_act
        if turn is not UNSET:
            field_dict["turn"] = turn
        if phase is not UNSET:
            field_dict["phase"] = phase
        if winner is not UNSET:
            field_dict["winner"] = winner
        if version is not UNSET:
            field_dict["version"] = version
        if last_activity is not UNSET:
            field_dict["last_activity"] = last_activity
        if clock is not UNSET:
            field_dict["clock"] = clock
        if practice is not UNSET:
            field_dict["practice"] = practice

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.clocks import Clocks
        from ..models.table_seat import TableSeat

        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = d.pop("status")

        scenario = d.pop("scenario", UNSET)

        seats = d.pop("seats", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: LobbyEntryVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = LobbyEntryVisibility(_visibility)

        _seating = d.pop("seating", UNSET)
        seating: list[TableSeat] | Unset = UNSET
        if _seating is not UNSET:
            seating = []
            for seating_item_data in _seating:
                seating_item = TableSeat.from_dict(seating_item_data)

                seating.append(seating_item)

        created_ms = d.pop("created_ms", UNSET)

        def _parse_expires_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_ms = _parse_expires_ms(d.pop("expires_ms", UNSET))

        rematch = d.pop("rematch", UNSET)

        active_seat = d.pop("active_seat", UNSET)

        def _parse_to_act(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to_act = _parse_to_act(d.pop("to_act", UNSET))

        turn = d.pop("turn", UNSET)

        phase = d.pop("phase", UNSET)

        def _parse_winner(data: object) -> int | None | Unset | WinnerType1:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_winner_type_1 = WinnerType1(data)

                return componentsschemas_winner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | None | Unset | WinnerType1, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        version = d.pop("version", UNSET)

        last_activity = d.pop("last_activity", UNSET)

        def _parse_clock(data: object) -> Clocks | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clocks.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clocks | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        practice = d.pop("practice", UNSET)

        lobby_entry = cls(
            game_id=game_id,
            status=status,
            scenario=scenario,
            seats=seats,
            visibility=visibility,
            seating=seating,
            created_ms=created_ms,
            expires_ms=expires_ms,
            rematch=rematch,
            active_seat=active_seat,
            to_act=to_act,
            turn=turn,
            phase=phase,
            winner=winner,
            version=version,
            last_activity=last_activity,
            clock=clock,
            practice=practice,
        )

        lobby_entry.additional_properties = d
        return lobby_entry

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
