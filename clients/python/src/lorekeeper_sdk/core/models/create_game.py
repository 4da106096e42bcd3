from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_game_visibility import CreateGameVisibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_options import GameOptions
    from ..models.scenario_document import ScenarioDocument
    from ..models.seat_spec import SeatSpec


T = TypeVar("T", bound="CreateGame")


@_attrs_define
class CreateGame:
    """
    Attributes:
        scenario (ScenarioDocument | str):
        options (GameOptions | Unset):
        visibility (CreateGameVisibility | Unset):  Default: CreateGameVisibility.PUBLIC.
        seats (list[SeatSpec] | Unset): One per seat of the scenario, in seat order.
    """

    scenario: ScenarioDocument | str
    options: GameOptions | Unset = UNSET
    visibility: CreateGameVisibility | Unset = CreateGameVisibility.PUBLIC
    seats: list[SeatSpec] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.scenario_document import ScenarioDocument

        scenario: dict[str, Any] | str
        if isinstance(self.scenario, ScenarioDocument):
            scenario = self.scenario.to_dict()
        else:
            scenario = self.scenario

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data.to_dict()
                seats.append(seats_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scenario": scenario,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if seats is not UNSET:
            field_dict["seats"] = seats

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_options import GameOptions
        from ..models.scenario_document import ScenarioDocument
        from ..models.seat_spec import SeatSpec

        d = dict(src_dict)

        def _parse_scenario(data: object) -> ScenarioDocument | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scenario_type_1 = ScenarioDocument.from_dict(data)

                return scenario_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ScenarioDocument | str, data)

        scenario = _parse_scenario(d.pop("scenario"))

        _options = d.pop("options", UNSET)
        options: GameOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = GameOptions.from_dict(_options)

        _visibility = d.pop("visibility", UNSET)
        visibility: CreateGameVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = CreateGameVisibility(_visibility)

        _seats = d.pop("seats", UNSET)
        seats: list[SeatSpec] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SeatSpec.from_dict(seats_item_data)

                seats.append(seats_item)

        create_game = cls(
            scenario=scenario,
            options=options,
            visibility=visibility,
            seats=seats,
        )

        return create_game
