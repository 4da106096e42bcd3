from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_fork_dice import TableForkDice

T = TypeVar("T", bound="TableFork")


@_attrs_define
class TableFork:
    """A fork's table only (docs/play/forks.md). Its parent, the version it starts from, its marks.

    Attributes:
        parent (str):
        version (int):
        practice (bool): Never rated (FRK-2).
        dice (TableForkDice): `chosen`: the owner may choose the next dice (FRK-4).
    """

    parent: str
    version: int
    practice: bool
    dice: TableForkDice
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parent = self.parent

        version = self.version

        practice = self.practice

        dice = self.dice.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "parent": parent,
                "version": version,
                "practice": practice,
                "dice": dice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        parent = d.pop("parent")

        version = d.pop("version")

        practice = d.pop("practice")

        dice = TableForkDice(d.pop("dice"))

        table_fork = cls(
            parent=parent,
            version=version,
            practice=practice,
            dice=dice,
        )

        table_fork.additional_properties = d
        return table_fork

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
