from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MeGames")


@_attrs_define
class MeGames:
    """
    Attributes:
        open_ (int | Unset):
        active (int | Unset):
        invited (int | Unset):
    """

    open_: int | Unset = UNSET
    active: int | Unset = UNSET
    invited: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        active = self.active

        invited = self.invited

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if open_ is not UNSET:
            field_dict["open"] = open_
        if active is not UNSET:
            field_dict["active"] = active
        if invited is not UNSET:
            field_dict["invited"] = invited

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        open_ = d.pop("open", UNSET)

        active = d.pop("active", UNSET)

        invited = d.pop("invited", UNSET)

        me_games = cls(
            open_=open_,
            active=active,
            invited=invited,
        )

        me_games.additional_properties = d
        return me_games

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
