from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Tokens")


@_attrs_define
class Tokens:
    """
    Attributes:
        poison (int | Unset):
        frost (int | Unset):
        fire (int | Unset):
    """

    poison: int | Unset = UNSET
    frost: int | Unset = UNSET
    fire: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        poison = self.poison

        frost = self.frost

        fire = self.fire

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if poison is not UNSET:
            field_dict["poison"] = poison
        if frost is not UNSET:
            field_dict["frost"] = frost
        if fire is not UNSET:
            field_dict["fire"] = fire

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        poison = d.pop("poison", UNSET)

        frost = d.pop("frost", UNSET)

        fire = d.pop("fire", UNSET)

        tokens = cls(
            poison=poison,
            frost=frost,
            fire=fire,
        )

        return tokens
