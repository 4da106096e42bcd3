from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MeLimits")


@_attrs_define
class MeLimits:
    """
    Attributes:
        open_games (int | Unset):
        games (int | Unset):
        keys (int | Unset):
    """

    open_games: int | Unset = UNSET
    games: int | Unset = UNSET
    keys: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        open_games = self.open_games

        games = self.games

        keys = self.keys

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if open_games is not UNSET:
            field_dict["open_games"] = open_games
        if games is not UNSET:
            field_dict["games"] = games
        if keys is not UNSET:
            field_dict["keys"] = keys

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        open_games = d.pop("open_games", UNSET)

        games = d.pop("games", UNSET)

        keys = d.pop("keys", UNSET)

        me_limits = cls(
            open_games=open_games,
            games=games,
            keys=keys,
        )

        me_limits.additional_properties = d
        return me_limits

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
