from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TableSeatPlayer")


@_attrs_define
class TableSeatPlayer:
    """The holder (`player`), the one it waits for (`reserved`), or the one who turned it down (`declined`, a reserved
    seat).

        Attributes:
            id (str | Unset):
            name (None | str | Unset):
            bot (bool | Unset): The player is a bot account.
            rating (int | Unset): `player` seats: the player's rating as it sat down (docs/ratings.md).
    """

    id: str | Unset = UNSET
    name: None | str | Unset = UNSET
    bot: bool | Unset = UNSET
    rating: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        bot = self.bot

        rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if bot is not UNSET:
            field_dict["bot"] = bot
        if rating is not UNSET:
            field_dict["rating"] = rating

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        bot = d.pop("bot", UNSET)

        rating = d.pop("rating", UNSET)

        table_seat_player = cls(
            id=id,
            name=name,
            bot=bot,
            rating=rating,
        )

        table_seat_player.additional_properties = d
        return table_seat_player

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
