from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CreatePlayerResponse201")


@_attrs_define
class CreatePlayerResponse201:
    """
    Attributes:
        id (str):
        name (str):
        created_ms (int):
        bot (bool): A bot account: plays through the API with its key.
        key (str): Shown once.
        key_id (str):
    """

    id: str
    name: str
    created_ms: int
    bot: bool
    key: str
    key_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_ms = self.created_ms

        bot = self.bot

        key = self.key

        key_id = self.key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_ms": created_ms,
                "bot": bot,
                "key": key,
                "key_id": key_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_ms = d.pop("created_ms")

        bot = d.pop("bot")

        key = d.pop("key")

        key_id = d.pop("key_id")

        create_player_response_201 = cls(
            id=id,
            name=name,
            created_ms=created_ms,
            bot=bot,
            key=key,
            key_id=key_id,
        )

        create_player_response_201.additional_properties = d
        return create_player_response_201

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
