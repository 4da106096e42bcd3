from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Notification")


@_attrs_define
class Notification:
    """One notification. `id` is stable (the same fact of the same game for the same player
    always has it): de-duplicate by it. The rest depends on the type: `seat`, `version`,
    `turn`; `winner` (game_over), `decision` and `unit` (decision_requested; `decision` is
    `takeback` with no `unit` when a takeback request waits for the seat), `scenario`
    (invitation_received), `player` (invitation_declined, a reserved seat), `period`,
    `deadline_ms`, `remaining_ms` (time_running_out).

        Attributes:
            id (str):
            type_ (str): A notification's type. The list may grow: a client skips a type it does not know.
            game_id (str):
            position (str | Unset): NDJSON only (in SSE it is the `id`).
    """

    id: str
    type_: str
    game_id: str
    position: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        game_id = self.game_id

        position = self.position

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "game_id": game_id,
            }
        )
        if position is not UNSET:
            field_dict["position"] = position

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        game_id = d.pop("game_id")

        position = d.pop("position", UNSET)

        notification = cls(
            id=id,
            type_=type_,
            game_id=game_id,
            position=position,
        )

        notification.additional_properties = d
        return notification

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
