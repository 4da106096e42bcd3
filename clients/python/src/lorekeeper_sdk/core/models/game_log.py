from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_log_entries_item import GameLogEntriesItem
    from ..models.game_log_fork import GameLogFork


T = TypeVar("T", bound="GameLog")


@_attrs_define
class GameLog:
    """The log as JSON (`GET /games/{game_id}/log?format=json`).

    Attributes:
        game_id (str):
        version (int):
        over (bool): Whether the game has ended.
        entries (list[GameLogEntriesItem]):
        event_types (list[str]): Every event type there is.
        fork (GameLogFork | Unset): A fork's log only. The parent game and the version the fork starts from (the viewer
            links to it).
    """

    game_id: str
    version: int
    over: bool
    entries: list[GameLogEntriesItem]
    event_types: list[str]
    fork: GameLogFork | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        version = self.version

        over = self.over

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        event_types = self.event_types

        fork: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fork, Unset):
            fork = self.fork.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "version": version,
                "over": over,
                "entries": entries,
                "event_types": event_types,
            }
        )
        if fork is not UNSET:
            field_dict["fork"] = fork

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_log_entries_item import GameLogEntriesItem
        from ..models.game_log_fork import GameLogFork

        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        over = d.pop("over")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = GameLogEntriesItem.from_dict(entries_item_data)

            entries.append(entries_item)

        event_types = cast(list[str], d.pop("event_types"))

        _fork = d.pop("fork", UNSET)
        fork: GameLogFork | Unset
        if isinstance(_fork, Unset):
            fork = UNSET
        else:
            fork = GameLogFork.from_dict(_fork)

        game_log = cls(
            game_id=game_id,
            version=version,
            over=over,
            entries=entries,
            event_types=event_types,
            fork=fork,
        )

        game_log.additional_properties = d
        return game_log

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
