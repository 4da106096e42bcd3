from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PublicDiceSeedStepType1")


@_attrs_define
class PublicDiceSeedStepType1:
    """
    Attributes:
        on_fill (Literal[True]):
        length_ms (int):
    """

    on_fill: Literal[True]
    length_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        on_fill = self.on_fill

        length_ms = self.length_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "on_fill": on_fill,
                "length_ms": length_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        on_fill = cast(Literal[True], d.pop("on_fill"))
        if on_fill != True:
            raise ValueError(f"on_fill must match const True, got '{on_fill}'")

        length_ms = d.pop("length_ms")

        public_dice_seed_step_type_1 = cls(
            on_fill=on_fill,
            length_ms=length_ms,
        )

        public_dice_seed_step_type_1.additional_properties = d
        return public_dice_seed_step_type_1

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
