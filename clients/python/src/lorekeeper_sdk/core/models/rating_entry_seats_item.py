from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rating_entry_seats_item_result import RatingEntrySeatsItemResult

if TYPE_CHECKING:
    from ..models.skill import Skill


T = TypeVar("T", bound="RatingEntrySeatsItem")


@_attrs_define
class RatingEntrySeatsItem:
    """
    Attributes:
        seat (int):
        player_id (str):
        rank (int): 1 for the winner, or every seat of a draw; 2 for the others.
        result (RatingEntrySeatsItemResult):
        before (Skill):
        after (Skill):
    """

    seat: int
    player_id: str
    rank: int
    result: RatingEntrySeatsItemResult
    before: Skill
    after: Skill
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player_id = self.player_id

        rank = self.rank

        result = self.result.value

        before = self.before.to_dict()

        after = self.after.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "player_id": player_id,
                "rank": rank,
                "result": result,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.skill import Skill

        d = dict(src_dict)
        seat = d.pop("seat")

        player_id = d.pop("player_id")

        rank = d.pop("rank")

        result = RatingEntrySeatsItemResult(d.pop("result"))

        before = Skill.from_dict(d.pop("before"))

        after = Skill.from_dict(d.pop("after"))

        rating_entry_seats_item = cls(
            seat=seat,
            player_id=player_id,
            rank=rank,
            result=result,
            before=before,
            after=after,
        )

        rating_entry_seats_item.additional_properties = d
        return rating_entry_seats_item

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
