from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_entry import RatingEntry


T = TypeVar("T", bound="GetRatingLogResponse200")


@_attrs_define
class GetRatingLogResponse200:
    """
    Attributes:
        model (str): The model and its parameters.
        entries (list[RatingEntry]):
        next_ (int | None):
    """

    model: str
    entries: list[RatingEntry]
    next_: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        model = self.model

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        next_: int | None
        next_ = self.next_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "model": model,
                "entries": entries,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating_entry import RatingEntry

        d = dict(src_dict)
        model = d.pop("model")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = RatingEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        def _parse_next_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_ = _parse_next_(d.pop("next"))

        get_rating_log_response_200 = cls(
            model=model,
            entries=entries,
            next_=next_,
        )

        get_rating_log_response_200.additional_properties = d
        return get_rating_log_response_200

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
