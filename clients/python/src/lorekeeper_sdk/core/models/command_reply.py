from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event import Event


T = TypeVar("T", bound="CommandReply")


@_attrs_define
class CommandReply:
    """
    Attributes:
        game_id (str):
        seat (int):
        version (int): The game's version after the command.
        head_hash (str): The `hash` of the event at the reply's version (the chain's head then).
        duplicate (bool): True for a retry answered from the first result.
        events (list[Event]):
    """

    game_id: str
    seat: int
    version: int
    head_hash: str
    duplicate: bool
    events: list[Event]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        version = self.version

        head_hash = self.head_hash

        duplicate = self.duplicate

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "seat": seat,
                "version": version,
                "head_hash": head_hash,
                "duplicate": duplicate,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event import Event

        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        version = d.pop("version")

        head_hash = d.pop("head_hash")

        duplicate = d.pop("duplicate")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        command_reply = cls(
            game_id=game_id,
            seat=seat,
            version=version,
            head_hash=head_hash,
            duplicate=duplicate,
            events=events,
        )

        command_reply.additional_properties = d
        return command_reply

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
