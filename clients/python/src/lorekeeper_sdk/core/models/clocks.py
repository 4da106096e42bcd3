from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.clocks_control import ClocksControl
    from ..models.clocks_running_type_0 import ClocksRunningType0
    from ..models.clocks_seats_item import ClocksSeatsItem


T = TypeVar("T", bound="Clocks")


@_attrs_define
class Clocks:
    """A clocked game's clocks (the properties that hold them are null without a time control): as they stand now in a
    board
    view, a lobby page and my games; as they stood when its last event was appended in a
    past state (`/state?version=N`). Times are milliseconds (since the epoch for `_ms`
    moments). Each seat's `remaining_ms` is its time for its turn (fischer: its bank);
    `running` is the stretch on the clock now (null in a breath phase, before the first
    turn and once the game is over): whose, for its `turn` or a `decision`, since when,
    its `deadline_ms` and what is left of it.

        Attributes:
            control (ClocksControl): The time control as GameCreated recorded it (every field).
            at_ms (int):
            running (ClocksRunningType0 | None):
            seats (list[ClocksSeatsItem]):
    """

    control: ClocksControl
    at_ms: int
    running: ClocksRunningType0 | None
    seats: list[ClocksSeatsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clocks_running_type_0 import ClocksRunningType0

        control = self.control.to_dict()

        at_ms = self.at_ms

        running: dict[str, Any] | None
        if isinstance(self.running, ClocksRunningType0):
            running = self.running.to_dict()
        else:
            running = self.running

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "control": control,
                "at_ms": at_ms,
                "running": running,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.clocks_control import ClocksControl
        from ..models.clocks_running_type_0 import ClocksRunningType0
        from ..models.clocks_seats_item import ClocksSeatsItem

        d = dict(src_dict)
        control = ClocksControl.from_dict(d.pop("control"))

        at_ms = d.pop("at_ms")

        def _parse_running(data: object) -> ClocksRunningType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                running_type_0 = ClocksRunningType0.from_dict(data)

                return running_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClocksRunningType0 | None, data)

        running = _parse_running(d.pop("running"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = ClocksSeatsItem.from_dict(seats_item_data)

            seats.append(seats_item)

        clocks = cls(
            control=control,
            at_ms=at_ms,
            running=running,
            seats=seats,
        )

        clocks.additional_properties = d
        return clocks

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
