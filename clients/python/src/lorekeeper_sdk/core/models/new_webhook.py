from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.notification_type_name import NotificationTypeName
from ..types import UNSET, Unset

T = TypeVar("T", bound="NewWebhook")


@_attrs_define
class NewWebhook:
    """
    Attributes:
        url (str):  Example: https://app.example/hooks/lorekeeper.
        types (list[NotificationTypeName] | Unset): Which notifications (default all).
    """

    url: str
    types: list[NotificationTypeName] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        types: list[str] | Unset = UNSET
        if not isinstance(self.types, Unset):
            types = []
            for types_item_data in self.types:
                types_item = types_item_data.value
                types.append(types_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if types is not UNSET:
            field_dict["types"] = types

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        _types = d.pop("types", UNSET)
        types: list[NotificationTypeName] | Unset = UNSET
        if _types is not UNSET:
            types = []
            for types_item_data in _types:
                types_item = NotificationTypeName(types_item_data)

                types.append(types_item)

        new_webhook = cls(
            url=url,
            types=types,
        )

        return new_webhook
