from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.winner_type_1 import WinnerType1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.board_view_engagements_item import BoardViewEngagementsItem
    from ..models.board_view_sites_item import BoardViewSitesItem
    from ..models.board_view_takebacks import BoardViewTakebacks
    from ..models.board_view_terrain_item import BoardViewTerrainItem
    from ..models.board_view_turn_state import BoardViewTurnState
    from ..models.clocks import Clocks
    from ..models.pending import Pending
    from ..models.player_view import PlayerView
    from ..models.unit_view import UnitView


T = TypeVar("T", bound="BoardView")


@_attrs_define
class BoardView:
    """
    Attributes:
        version (int):
        head_hash (str): The `hash` of the event at the reply's version (the chain's head then).
        scenario (str):
        turn (int):
        phase (str):
        active_seat (int):
        winner (int | None | WinnerType1): Who won: a seat (an integer), the string "draw", or null while the game goes
            on.
            Typed in each branch (no bare `const`) so that generated clients parse integers.
        lore_pool (int):
        width (int):
        height (int):
        terrain (list[BoardViewTerrainItem]):
        sites (list[BoardViewSitesItem]):
        players (list[PlayerView]):
        units (list[UnitView]):
        engagements (list[BoardViewEngagementsItem]): Engagements still to fight (R-ZOC-1).
        pending (None | Pending): Who owes which decision (R-TRN-9), or null.
        turn_state (BoardViewTurnState):
        clock (Clocks | None): The clocks; null in a game without a time control.
        takebacks (BoardViewTakebacks | Unset): Only in a game with takebacks (TKB-1, docs/play/takebacks.md).
            `request`: the seat
            whose takeback request waits for the other seat's answer; null when none waits.
        practice (bool | Unset): A fork only: a practice game, never rated (FRK-2).
        hands_known (bool | Unset): A fork only: every seat's cards are shown to all (FRK-3).
        dice_chosen (bool | Unset): A fork only: whether its owner may choose its next dice (FRK-4).
    """

    version: int
    head_hash: str
    scenario: str
    turn: int
    phase: str
    active_seat: int
    winner: int | None | WinnerType1
    lore_pool: int
    width: int
    height: int
    terrain: list[BoardViewTerrainItem]
    sites: list[BoardViewSitesItem]
    players: list[PlayerView]
    units: list[UnitView]
    engagements: list[BoardViewEngagementsItem]
    pending: None | Pending
    turn_state: BoardViewTurnState
    clock: Clocks | None
    takebacks: BoardViewTakebacks | Unset = UNSET
    practice: bool | Unset = UNSET
    hands_known: bool | Unset = UNSET
    dice_chosen: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clocks import Clocks
        from ..models.pending import Pending

        version = self.version

        head_hash = self.head_hash

        scenario = self.scenario

        turn = self.turn

        phase = self.phase

        active_seat = self.active_seat

        winner: int | None | str
        if isinstance(self.winner, WinnerType1):
            winner = self.winner.value
        else:
            winner = self.winner

        lore_pool = self.lore_pool

        width = self.width

        height = self.height

        terrain = []
        for terrain_item_data in self.terrain:
            terrain_item = terrain_item_data.to_dict()
            terrain.append(terrain_item)

        sites = []
        for sites_item_data in self.sites:
            sites_item = sites_item_data.to_dict()
            sites.append(sites_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        engagements = []
        for engagements_item_data in self.engagements:
            engagements_item = engagements_item_data.to_dict()
            engagements.append(engagements_item)

        pending: dict[str, Any] | None
        if isinstance(self.pending, Pending):
            pending = self.pending.to_dict()
        else:
            pending = self.pending

        turn_state = self.turn_state.to_dict()

        clock: dict[str, Any] | None
        if isinstance(self.clock, Clocks):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        takebacks: dict[str, Any] | Unset = UNSET
        if not isinstance(self.takebacks, Unset):
            takebacks = self.takebacks.to_dict()

        practice = self.practice

        hands_known = self.hands_known

        dice_chosen = self.dice_chosen

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "head_hash": head_hash,
                "scenario": scenario,
                "turn": turn,
                "phase": phase,
                "active_seat": active_seat,
                "winner": winner,
                "lore_pool": lore_pool,
                "width": width,
                "height": height,
                "terrain": terrain,
                "sites": sites,
                "players": players,
                "units": units,
                "engagements": engagements,
                "pending": pending,
                "turn_state": turn_state,
                "clock": clock,
            }
        )
        if takebacks is not UNSET:
            field_dict["takebacks"] = takebacks
        if practice is not UNSET:
            field_dict["practice"] = practice
        if hands_known is not UNSET:
            field_dict["hands_known"] = hands_known
        if dice_chosen is not UNSET:
            field_dict["dice_chosen"] = dice_chosen

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.board_view_engagements_item import BoardViewEngagementsItem
        from ..models.board_view_sites_item import BoardViewSitesItem
        from ..models.board_view_takebacks import BoardViewTakebacks
        from ..models.board_view_terrain_item import BoardViewTerrainItem
        from ..models.board_view_turn_state import BoardViewTurnState
        from ..models.clocks import Clocks
        from ..models.pending import Pending
        from ..models.player_view import PlayerView
        from ..models.unit_view import UnitView

        d = dict(src_dict)
        version = d.pop("version")

        head_hash = d.pop("head_hash")

        scenario = d.pop("scenario")

        turn = d.pop("turn")

        phase = d.pop("phase")

        active_seat = d.pop("active_seat")

        def _parse_winner(data: object) -> int | None | WinnerType1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_winner_type_1 = WinnerType1(data)

                return componentsschemas_winner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | None | WinnerType1, data)

        winner = _parse_winner(d.pop("winner"))

        lore_pool = d.pop("lore_pool")

        width = d.pop("width")

        height = d.pop("height")

        terrain = []
        _terrain = d.pop("terrain")
        for terrain_item_data in _terrain:
            terrain_item = BoardViewTerrainItem.from_dict(terrain_item_data)

            terrain.append(terrain_item)

        sites = []
        _sites = d.pop("sites")
        for sites_item_data in _sites:
            sites_item = BoardViewSitesItem.from_dict(sites_item_data)

            sites.append(sites_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerView.from_dict(players_item_data)

            players.append(players_item)

        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = UnitView.from_dict(units_item_data)

            units.append(units_item)

        engagements = []
        _engagements = d.pop("engagements")
        for engagements_item_data in _engagements:
            engagements_item = BoardViewEngagementsItem.from_dict(engagements_item_data)

            engagements.append(engagements_item)

        def _parse_pending(data: object) -> None | Pending:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pending_type_1 = Pending.from_dict(data)

                return pending_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Pending, data)

        pending = _parse_pending(d.pop("pending"))

        turn_state = BoardViewTurnState.from_dict(d.pop("turn_state"))

        def _parse_clock(data: object) -> Clocks | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clocks.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clocks | None, data)

        clock = _parse_clock(d.pop("clock"))

        _takebacks = d.pop("takebacks", UNSET)
        takebacks: BoardViewTakebacks | Unset
        if isinstance(_takebacks, Unset):
            takebacks = UNSET
        else:
            takebacks = BoardViewTakebacks.from_dict(_takebacks)

        practice = d.pop("practice", UNSET)

        hands_known = d.pop("hands_known", UNSET)

        dice_chosen = d.pop("dice_chosen", UNSET)

        board_view = cls(
            version=version,
            head_hash=head_hash,
            scenario=scenario,
            turn=turn,
            phase=phase,
            active_seat=active_seat,
            winner=winner,
            lore_pool=lore_pool,
            width=width,
            height=height,
            terrain=terrain,
            sites=sites,
            players=players,
            units=units,
            engagements=engagements,
            pending=pending,
            turn_state=turn_state,
            clock=clock,
            takebacks=takebacks,
            practice=practice,
            hands_known=hands_known,
            dice_chosen=dice_chosen,
        )

        board_view.additional_properties = d
        return board_view

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
