from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scenario_document_sites_item_kind import ScenarioDocumentSitesItemKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ScenarioDocumentSitesItem")


@_attrs_define
class ScenarioDocumentSitesItem:
    """
    Attributes:
        hex_ (list[int]): `[col, row]` in odd-r offset coordinates (R-BRD-1).
        kind (ScenarioDocumentSitesItemKind):
        capacity (int | Unset):
        riders (int | Unset):
        red_border (bool | Unset): Zones of control and battles do not cross it (R-BRD-4).
    """

    hex_: list[int]
    kind: ScenarioDocumentSitesItemKind
    capacity: int | Unset = UNSET
    riders: int | Unset = UNSET
    red_border: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hex_ = self.hex_

        kind = self.kind.value

        capacity = self.capacity

        riders = self.riders

        red_border = self.red_border

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hex": hex_,
                "kind": kind,
            }
        )
        if capacity is not UNSET:
            field_dict["capacity"] = capacity
        if riders is not UNSET:
            field_dict["riders"] = riders
        if red_border is not UNSET:
            field_dict["red_border"] = red_border

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hex_ = cast(list[int], d.pop("hex"))

        kind = ScenarioDocumentSitesItemKind(d.pop("kind"))

        capacity = d.pop("capacity", UNSET)

        riders = d.pop("riders", UNSET)

        red_border = d.pop("red_border", UNSET)

        scenario_document_sites_item = cls(
            hex_=hex_,
            kind=kind,
            capacity=capacity,
            riders=riders,
            red_border=red_border,
        )

        return scenario_document_sites_item
