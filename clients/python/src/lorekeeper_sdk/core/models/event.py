from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_command_type_0 import EventCommandType0
    from ..models.event_payload import EventPayload


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        version (int): Its place in the stream: 1, 2, 3 … with no gaps.
        type_ (str): Past tense: UnitMoved, BattleRolled, BreathRolled …
        schema (int): The payload's schema version.
        payload (EventPayload): The event's facts (every die rolled included, R-DIE-2), redacted for the reader.
        seat (int | None): The seat whose command caused it; null for the server (creation, breath).
        command_id (None | str):
        command (EventCommandType0 | None): On an append's first event, the command that caused it: a seat's body, or
            `{"type": "create_game"}` / `{"type": "resolve_breath"}` for the server's steps.
        time (datetime.datetime): Server time of the append.
        time_ms (int): The same time in ms since the epoch, as hashed.
        prev_hash (str): The previous event's hash (64 zeros for event 1).
        hash_ (str): SHA-256 of the canonical JSON of the event in its public form, as a tokenless reader sees it
            (docs/audit.md); the cards dealt enter it only as salted commitments. In a game created before those
            commitments, GameCreated's hash covers its whole payload.
    """

    version: int
    type_: str
    schema: int
    payload: EventPayload
    seat: int | None
    command_id: None | str
    command: EventCommandType0 | None
    time: datetime.datetime
    time_ms: int
    prev_hash: str
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_command_type_0 import EventCommandType0

        version = self.version

        type_ = self.type_

        schema = self.schema

        payload = self.payload.to_dict()

        seat: int | None
        seat = self.seat

        command_id: None | str
        command_id = self.command_id

        command: dict[str, Any] | None
        if isinstance(self.command, EventCommandType0):
            command = self.command.to_dict()
        else:
            command = self.command

        time = self.time.isoformat()

        time_ms = self.time_ms

        prev_hash = self.prev_hash

        hash_ = self.hash_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "type": type_,
                "schema": schema,
                "payload": payload,
                "seat": seat,
                "command_id": command_id,
                "command": command,
                "time": time,
                "time_ms": time_ms,
                "prev_hash": prev_hash,
                "hash": hash_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_command_type_0 import EventCommandType0
        from ..models.event_payload import EventPayload

        d = dict(src_dict)
        version = d.pop("version")

        type_ = d.pop("type")

        schema = d.pop("schema")

        payload = EventPayload.from_dict(d.pop("payload"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_command_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        command_id = _parse_command_id(d.pop("command_id"))

        def _parse_command(data: object) -> EventCommandType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_0 = EventCommandType0.from_dict(data)

                return command_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventCommandType0 | None, data)

        command = _parse_command(d.pop("command"))

        time = datetime.datetime.fromisoformat(d.pop("time"))

        time_ms = d.pop("time_ms")

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        event = cls(
            version=version,
            type_=type_,
            schema=schema,
            payload=payload,
            seat=seat,
            command_id=command_id,
            command=command,
            time=time,
            time_ms=time_ms,
            prev_hash=prev_hash,
            hash_=hash_,
        )

        event.additional_properties = d
        return event

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
