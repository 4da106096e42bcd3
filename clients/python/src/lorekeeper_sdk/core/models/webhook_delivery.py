from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notification import Notification


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        type_ (str): A notification's type. The list may grow: a client skips a type it does not know.
        timestamp (datetime.datetime): When this attempt was signed.
        data (Notification): One notification. `id` is stable (the same fact of the same game for the same player
            always has it): de-duplicate by it. The rest depends on the type: `seat`, `version`,
            `turn`; `winner` (game_over), `decision` and `unit` (decision_requested; `decision` is
            `takeback` with no `unit` when a takeback request waits for the seat), `scenario`
            (invitation_received), `player` (invitation_declined, a reserved seat), `period`,
            `deadline_ms`, `remaining_ms` (time_running_out).
    """

    type_: str
    timestamp: datetime.datetime
    data: Notification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification import Notification

        d = dict(src_dict)
        type_ = d.pop("type")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = Notification.from_dict(d.pop("data"))

        webhook_delivery = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
