from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        delivery_id (str): The `webhook-id` sent (the notification's id).
        position (str):
        type_ (str): A notification's type. The list may grow: a client skips a type it does not know.
        at_ms (int):
        ok (bool):
        status (int | None): The status answered (null: none).
        error (None | str):  Example: timed out.
        duration_ms (int):
        attempt (int): The attempt at this notification (1 first).
        redelivery (bool):
        game_id (None | str | Unset):
    """

    delivery_id: str
    position: str
    type_: str
    at_ms: int
    ok: bool
    status: int | None
    error: None | str
    duration_ms: int
    attempt: int
    redelivery: bool
    game_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        position = self.position

        type_ = self.type_

        at_ms = self.at_ms

        ok = self.ok

        status: int | None
        status = self.status

        error: None | str
        error = self.error

        duration_ms = self.duration_ms

        attempt = self.attempt

        redelivery = self.redelivery

        game_id: None | str | Unset
        if isinstance(self.game_id, Unset):
            game_id = UNSET
        else:
            game_id = self.game_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "delivery_id": delivery_id,
                "position": position,
                "type": type_,
                "at_ms": at_ms,
                "ok": ok,
                "status": status,
                "error": error,
                "duration_ms": duration_ms,
                "attempt": attempt,
                "redelivery": redelivery,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        position = d.pop("position")

        type_ = d.pop("type")

        at_ms = d.pop("at_ms")

        ok = d.pop("ok")

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        duration_ms = d.pop("duration_ms")

        attempt = d.pop("attempt")

        redelivery = d.pop("redelivery")

        def _parse_game_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        game_id = _parse_game_id(d.pop("game_id", UNSET))

        delivery = cls(
            delivery_id=delivery_id,
            position=position,
            type_=type_,
            at_ms=at_ms,
            ok=ok,
            status=status,
            error=error,
            duration_ms=duration_ms,
            attempt=attempt,
            redelivery=redelivery,
            game_id=game_id,
        )

        delivery.additional_properties = d
        return delivery

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
