from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scenario_document_players_item import ScenarioDocumentPlayersItem
    from ..models.scenario_document_settings import ScenarioDocumentSettings
    from ..models.scenario_document_sites_item import ScenarioDocumentSitesItem
    from ..models.scenario_document_units_item import ScenarioDocumentUnitsItem


T = TypeVar("T", bound="ScenarioDocument")


@_attrs_define
class ScenarioDocument:
    """A scenario (see domain/scenarios/*.json and RULES.md): `name`, `width`, `height`,
    `terrain`, `sites`, `players` (`home_edge`, `lore`, `cards`), `units` (`id`, `kind`,
    `owner`, `hex`, …) and `settings`. Checked by the rules, which report every fault; a
    fault past one of these limits names it (docs/client/games.md, "Scenario limits"):
    `board_side` 40 (width and height 2–40), `units_per_player` 150, `cards_per_player`
    10, `name_length` 100, `description_length` 2000, `player_amount` 10000 (a player's
    starting lore, banners, blood), and per setting: `orders_per_turn` 1–20, `lore_pool`
    0–10000, `lore_per_turn` 0–100, `banners_to_win` 1–1000, `max_turns` 1–10000 (or
    null), `card_cost`, `token_removal_cost`, `roost_lore`, `cave_roost_lore` 0–100,
    `blood_per_lore`, `blood_per_banner` 1–100. A site may be `red_border: true`
    (R-BRD-4); villages always are.

        Example:
            {'name': 'duel', 'width': 4, 'height': 2, 'players': [{'home_edge': 'south', 'lore': 3, 'cards': []},
                {'home_edge': 'north', 'lore': 3, 'cards': []}], 'units': [{'id': 'bf0', 'kind': 'blue_foot', 'owner': 0, 'hex':
                [0, 0]}, {'id': 'rf1', 'kind': 'red_foot', 'owner': 1, 'hex': [3, 0]}]}

        Attributes:
            name (str | Unset):
            description (str | Unset):
            width (int | Unset):
            height (int | Unset):
            sites (list[ScenarioDocumentSitesItem] | Unset):
            players (list[ScenarioDocumentPlayersItem] | Unset):
            units (list[ScenarioDocumentUnitsItem] | Unset):
            settings (ScenarioDocumentSettings | Unset):
    """

    name: str | Unset = UNSET
    description: str | Unset = UNSET
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    sites: list[ScenarioDocumentSitesItem] | Unset = UNSET
    players: list[ScenarioDocumentPlayersItem] | Unset = UNSET
    units: list[ScenarioDocumentUnitsItem] | Unset = UNSET
    settings: ScenarioDocumentSettings | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        width = self.width

        height = self.height

        sites: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.sites, Unset):
            sites = []
            for sites_item_data in self.sites:
                sites_item = sites_item_data.to_dict()
                sites.append(sites_item)

        players: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = []
            for players_item_data in self.players:
                players_item = players_item_data.to_dict()
                players.append(players_item)

        units: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.units, Unset):
            units = []
            for units_item_data in self.units:
                units_item = units_item_data.to_dict()
                units.append(units_item)

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if sites is not UNSET:
            field_dict["sites"] = sites
        if players is not UNSET:
            field_dict["players"] = players
        if units is not UNSET:
            field_dict["units"] = units
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scenario_document_players_item import ScenarioDocumentPlayersItem
        from ..models.scenario_document_settings import ScenarioDocumentSettings
        from ..models.scenario_document_sites_item import ScenarioDocumentSitesItem
        from ..models.scenario_document_units_item import ScenarioDocumentUnitsItem

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        description = d.pop("description", UNSET)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        _sites = d.pop("sites", UNSET)
        sites: list[ScenarioDocumentSitesItem] | Unset = UNSET
        if _sites is not UNSET:
            sites = []
            for sites_item_data in _sites:
                sites_item = ScenarioDocumentSitesItem.from_dict(sites_item_data)

                sites.append(sites_item)

        _players = d.pop("players", UNSET)
        players: list[ScenarioDocumentPlayersItem] | Unset = UNSET
        if _players is not UNSET:
            players = []
            for players_item_data in _players:
                players_item = ScenarioDocumentPlayersItem.from_dict(players_item_data)

                players.append(players_item)

        _units = d.pop("units", UNSET)
        units: list[ScenarioDocumentUnitsItem] | Unset = UNSET
        if _units is not UNSET:
            units = []
            for units_item_data in _units:
                units_item = ScenarioDocumentUnitsItem.from_dict(units_item_data)

                units.append(units_item)

        _settings = d.pop("settings", UNSET)
        settings: ScenarioDocumentSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = ScenarioDocumentSettings.from_dict(_settings)

        scenario_document = cls(
            name=name,
            description=description,
            width=width,
            height=height,
            sites=sites,
            players=players,
            units=units,
            settings=settings,
        )

        scenario_document.additional_properties = d
        return scenario_document

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
