from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ScenarioDocumentSettings")


@_attrs_define
class ScenarioDocumentSettings:
    """
    Attributes:
        orders_per_turn (int | Unset):
        lore_pool (int | Unset):
        lore_per_turn (int | Unset):
        banners_to_win (int | Unset):
        max_turns (int | None | Unset):
        card_cost (int | Unset):
        token_removal_cost (int | Unset):
        blood_per_lore (int | Unset):
        blood_per_banner (int | Unset):
        roost_lore (int | Unset):
        cave_roost_lore (int | Unset):
    """

    orders_per_turn: int | Unset = UNSET
    lore_pool: int | Unset = UNSET
    lore_per_turn: int | Unset = UNSET
    banners_to_win: int | Unset = UNSET
    max_turns: int | None | Unset = UNSET
    card_cost: int | Unset = UNSET
    token_removal_cost: int | Unset = UNSET
    blood_per_lore: int | Unset = UNSET
    blood_per_banner: int | Unset = UNSET
    roost_lore: int | Unset = UNSET
    cave_roost_lore: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        orders_per_turn = self.orders_per_turn

        lore_pool = self.lore_pool

        lore_per_turn = self.lore_per_turn

        banners_to_win = self.banners_to_win

        max_turns: int | None | Unset
        if isinstance(self.max_turns, Unset):
            max_turns = UNSET
        else:
            max_turns = self.max_turns

        card_cost = self.card_cost

        token_removal_cost = self.token_removal_cost

        blood_per_lore = self.blood_per_lore

        blood_per_banner = self.blood_per_banner

        roost_lore = self.roost_lore

        cave_roost_lore = self.cave_roost_lore

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if orders_per_turn is not UNSET:
            field_dict["orders_per_turn"] = orders_per_turn
        if lore_pool is not UNSET:
            field_dict["lore_pool"] = lore_pool
        if lore_per_turn is not UNSET:
            field_dict["lore_per_turn"] = lore_per_turn
        if banners_to_win is not UNSET:
            field_dict["banners_to_win"] = banners_to_win
        if max_turns is not UNSET:
            field_dict["max_turns"] = max_turns
        if card_cost is not UNSET:
            field_dict["card_cost"] = card_cost
        if token_removal_cost is not UNSET:
            field_dict["token_removal_cost"] = token_removal_cost
        if blood_per_lore is not UNSET:
            field_dict["blood_per_lore"] = blood_per_lore
        if blood_per_banner is not UNSET:
            field_dict["blood_per_banner"] = blood_per_banner
        if roost_lore is not UNSET:
            field_dict["roost_lore"] = roost_lore
        if cave_roost_lore is not UNSET:
            field_dict["cave_roost_lore"] = cave_roost_lore

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        orders_per_turn = d.pop("orders_per_turn", UNSET)

        lore_pool = d.pop("lore_pool", UNSET)

        lore_per_turn = d.pop("lore_per_turn", UNSET)

        banners_to_win = d.pop("banners_to_win", UNSET)

        def _parse_max_turns(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_turns = _parse_max_turns(d.pop("max_turns", UNSET))

        card_cost = d.pop("card_cost", UNSET)

        token_removal_cost = d.pop("token_removal_cost", UNSET)

        blood_per_lore = d.pop("blood_per_lore", UNSET)

        blood_per_banner = d.pop("blood_per_banner", UNSET)

        roost_lore = d.pop("roost_lore", UNSET)

        cave_roost_lore = d.pop("cave_roost_lore", UNSET)

        scenario_document_settings = cls(
            orders_per_turn=orders_per_turn,
            lore_pool=lore_pool,
            lore_per_turn=lore_per_turn,
            banners_to_win=banners_to_win,
            max_turns=max_turns,
            card_cost=card_cost,
            token_removal_cost=token_removal_cost,
            blood_per_lore=blood_per_lore,
            blood_per_banner=blood_per_banner,
            roost_lore=roost_lore,
            cave_roost_lore=cave_roost_lore,
        )

        return scenario_document_settings
