from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScenarioSummary")


@_attrs_define
class ScenarioSummary:
    """
    Attributes:
        name (str):
        description (str):
        width (int):
        height (int):
        seats (int):
    """

    name: str
    description: str
    width: int
    height: int
    seats: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        width = self.width

        height = self.height

        seats = self.seats

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "description": description,
                "width": width,
                "height": height,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        width = d.pop("width")

        height = d.pop("height")

        seats = d.pop("seats")

        scenario_summary = cls(
            name=name,
            description=description,
            width=width,
            height=height,
            seats=seats,
        )

        scenario_summary.additional_properties = d
        return scenario_summary

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
