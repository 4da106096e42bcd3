from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.player_view_cards_type_0_item import PlayerViewCardsType0Item
from ..models.player_view_home_edge import PlayerViewHomeEdge

T = TypeVar("T", bound="PlayerView")


@_attrs_define
class PlayerView:
    """
    Attributes:
        seat (int):
        home_edge (PlayerViewHomeEdge):
        lore (int):
        banners (int):
        blood (int):
        cards (list[PlayerViewCardsType0Item] | None): This seat's lore cards, for its own token only; null for anyone
            else.
        card_count (int):
        eliminated (bool):
        auto_pass (bool):
    """

    seat: int
    home_edge: PlayerViewHomeEdge
    lore: int
    banners: int
    blood: int
    cards: list[PlayerViewCardsType0Item] | None
    card_count: int
    eliminated: bool
    auto_pass: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        home_edge = self.home_edge.value

        lore = self.lore

        banners = self.banners

        blood = self.blood

        cards: list[str] | None
        if isinstance(self.cards, list):
            cards = []
            for cards_type_0_item_data in self.cards:
                cards_type_0_item = cards_type_0_item_data.value
                cards.append(cards_type_0_item)

        else:
            cards = self.cards

        card_count = self.card_count

        eliminated = self.eliminated

        auto_pass = self.auto_pass

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "home_edge": home_edge,
                "lore": lore,
                "banners": banners,
                "blood": blood,
                "cards": cards,
                "card_count": card_count,
                "eliminated": eliminated,
                "auto_pass": auto_pass,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        home_edge = PlayerViewHomeEdge(d.pop("home_edge"))

        lore = d.pop("lore")

        banners = d.pop("banners")

        blood = d.pop("blood")

        def _parse_cards(data: object) -> list[PlayerViewCardsType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = []
                _cards_type_0 = data
                for cards_type_0_item_data in _cards_type_0:
                    cards_type_0_item = PlayerViewCardsType0Item(cards_type_0_item_data)

                    cards_type_0.append(cards_type_0_item)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PlayerViewCardsType0Item] | None, data)

        cards = _parse_cards(d.pop("cards"))

        card_count = d.pop("card_count")

        eliminated = d.pop("eliminated")

        auto_pass = d.pop("auto_pass")

        player_view = cls(
            seat=seat,
            home_edge=home_edge,
            lore=lore,
            banners=banners,
            blood=blood,
            cards=cards,
            card_count=card_count,
            eliminated=eliminated,
            auto_pass=auto_pass,
        )

        player_view.additional_properties = d
        return player_view

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
