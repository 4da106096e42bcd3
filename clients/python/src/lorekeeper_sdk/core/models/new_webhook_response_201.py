from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NewWebhookResponse201")


@_attrs_define
class NewWebhookResponse201:
    """
    Attributes:
        id (str):
        url (str):
        types (list[str]):
        created_ms (int):
        enabled (bool):
        disabled_reason (None | str):  Example: 12 deliveries in a row failed; the last: HTTP 500.
        failures (int): Deliveries in a row that failed.
        secret (str):
    """

    id: str
    url: str
    types: list[str]
    created_ms: int
    enabled: bool
    disabled_reason: None | str
    failures: int
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        types = self.types

        created_ms = self.created_ms

        enabled = self.enabled

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        failures = self.failures

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "types": types,
                "created_ms": created_ms,
                "enabled": enabled,
                "disabled_reason": disabled_reason,
                "failures": failures,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        types = cast(list[str], d.pop("types"))

        created_ms = d.pop("created_ms")

        enabled = d.pop("enabled")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        failures = d.pop("failures")

        secret = d.pop("secret")

        new_webhook_response_201 = cls(
            id=id,
            url=url,
            types=types,
            created_ms=created_ms,
            enabled=enabled,
            disabled_reason=disabled_reason,
            failures=failures,
            secret=secret,
        )

        new_webhook_response_201.additional_properties = d
        return new_webhook_response_201

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
