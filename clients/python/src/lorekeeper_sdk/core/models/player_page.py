from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_page_record import PlayerPageRecord
    from ..models.rating import Rating


T = TypeVar("T", bound="PlayerPage")


@_attrs_define
class PlayerPage:
    """What anyone may read of a player. No keys, and no games.

    Attributes:
        id (str):
        name (str):
        created_ms (int):
        bot (bool): A bot account: plays through the API with its key.
        rating (Rating): An OpenSkill rating (Plackett-Luce, on an Elo-like scale): `mu` the estimate,
            `sigma` how unsure it is. A new player has mu 1500, sigma 500. `rating` is `mu`
            rounded, as pages show it.
        record (PlayerPageRecord): The player's rated games.
    """

    id: str
    name: str
    created_ms: int
    bot: bool
    rating: Rating
    record: PlayerPageRecord
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_ms = self.created_ms

        bot = self.bot

        rating = self.rating.to_dict()

        record = self.record.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_ms": created_ms,
                "bot": bot,
                "rating": rating,
                "record": record,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.player_page_record import PlayerPageRecord
        from ..models.rating import Rating

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_ms = d.pop("created_ms")

        bot = d.pop("bot")

        rating = Rating.from_dict(d.pop("rating"))

        record = PlayerPageRecord.from_dict(d.pop("record"))

        player_page = cls(
            id=id,
            name=name,
            created_ms=created_ms,
            bot=bot,
            rating=rating,
            record=record,
        )

        player_page.additional_properties = d
        return player_page

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
