from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.me_games import MeGames
    from ..models.me_keys_item import MeKeysItem
    from ..models.me_limits import MeLimits


T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        id (str):
        name (str):
        created_ms (int):
        bot (bool): A bot account: plays through the API with its key.
        key_id (str): The key this request used.
        keys (list[MeKeysItem]):
        limits (MeLimits):
        games (MeGames):
    """

    id: str
    name: str
    created_ms: int
    bot: bool
    key_id: str
    keys: list[MeKeysItem]
    limits: MeLimits
    games: MeGames
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_ms = self.created_ms

        bot = self.bot

        key_id = self.key_id

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        limits = self.limits.to_dict()

        games = self.games.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_ms": created_ms,
                "bot": bot,
                "key_id": key_id,
                "keys": keys,
                "limits": limits,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.me_games import MeGames
        from ..models.me_keys_item import MeKeysItem
        from ..models.me_limits import MeLimits

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_ms = d.pop("created_ms")

        bot = d.pop("bot")

        key_id = d.pop("key_id")

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = MeKeysItem.from_dict(keys_item_data)

            keys.append(keys_item)

        limits = MeLimits.from_dict(d.pop("limits"))

        games = MeGames.from_dict(d.pop("games"))

        me = cls(
            id=id,
            name=name,
            created_ms=created_ms,
            bot=bot,
            key_id=key_id,
            keys=keys,
            limits=limits,
            games=games,
        )

        me.additional_properties = d
        return me

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
