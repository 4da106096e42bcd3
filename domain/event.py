"""The event base: every event type registers itself by its class name, and is read back from
its JSON by that name. The event types themselves are in domain/events.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from domain.codec import decode_dataclass, to_json

SCHEMA_VERSION = 1
EVENT_TYPES: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.type = cls.__name__
        EVENT_TYPES[cls.__name__] = cls

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = to_json(self)
        return data


def event_from_json(type_name: str, payload: Any) -> Event:
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        raise ValueError(f"unknown event type {type_name!r}")
    return decode_dataclass(cls, payload)
