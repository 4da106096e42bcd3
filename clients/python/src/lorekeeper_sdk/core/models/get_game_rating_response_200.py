from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_entry_seats_item import RatingEntrySeatsItem


T = TypeVar("T", bound="GetGameRatingResponse200")


@_attrs_define
class GetGameRatingResponse200:
    """
    Attributes:
        position (int): Its place in the log: 0 for the first entry.
        game_id (str):
        version (int):
        head_hash (str):
        model (str):
        seats (list[RatingEntrySeatsItem]):
    """

    position: int
    game_id: str
    version: int
    head_hash: str
    model: str
    seats: list[RatingEntrySeatsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        game_id = self.game_id

        version = self.version

        head_hash = self.head_hash

        model = self.model

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "game_id": game_id,
                "version": version,
                "head_hash": head_hash,
                "model": model,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating_entry_seats_item import RatingEntrySeatsItem

        d = dict(src_dict)
        position = d.pop("position")

        game_id = d.pop("game_id")

        version = d.pop("version")

        head_hash = d.pop("head_hash")

        model = d.pop("model")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = RatingEntrySeatsItem.from_dict(seats_item_data)

            seats.append(seats_item)

        get_game_rating_response_200 = cls(
            position=position,
            game_id=game_id,
            version=version,
            head_hash=head_hash,
            model=model,
            seats=seats,
        )

        get_game_rating_response_200.additional_properties = d
        return get_game_rating_response_200

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
