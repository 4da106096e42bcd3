from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.face import Face

T = TypeVar("T", bound="GameOptionsDice")


@_attrs_define
class GameOptionsDice:
    """Tests only (LOREKEEPER_ALLOW_SCRIPTED_DICE=1).

    Attributes:
        script (list[Face]):
    """

    script: list[Face]

    def to_dict(self) -> dict[str, Any]:
        script = []
        for script_item_data in self.script:
            script_item = script_item_data.value
            script.append(script_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "script": script,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        script = []
        _script = d.pop("script")
        for script_item_data in _script:
            script_item = Face(script_item_data)

            script.append(script_item)

        game_options_dice = cls(
            script=script,
        )

        return game_options_dice
