from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PublicDiceSeedStepType0")


@_attrs_define
class PublicDiceSeedStepType0:
    """
    Attributes:
        seats (list[int]):
        deadline_ms (int):
        reveal_deadline_ms (int | Unset):
    """

    seats: list[int]
    deadline_ms: int
    reveal_deadline_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        deadline_ms = self.deadline_ms

        reveal_deadline_ms = self.reveal_deadline_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seats": seats,
                "deadline_ms": deadline_ms,
            }
        )
        if reveal_deadline_ms is not UNSET:
            field_dict["reveal_deadline_ms"] = reveal_deadline_ms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seats = cast(list[int], d.pop("seats"))

        deadline_ms = d.pop("deadline_ms")

        reveal_deadline_ms = d.pop("reveal_deadline_ms", UNSET)

        public_dice_seed_step_type_0 = cls(
            seats=seats,
            deadline_ms=deadline_ms,
            reveal_deadline_ms=reveal_deadline_ms,
        )

        public_dice_seed_step_type_0.additional_properties = d
        return public_dice_seed_step_type_0

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
