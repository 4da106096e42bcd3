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

from ..models.glory_type_0 import GloryType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="FlyCommand")


@_attrs_define
class FlyCommand:
    """A flight of 2–4 hexes (R-FLY-1), 2–5 with `glory: extra_hex` (R-CRT-4). For a
    dragon whose breath is paid, `breath_targets` names which of the enemy units flown
    over are marked, at most 3 (R-BRE-2): `[]` marks none; without it (or null), the
    first 3 in path order. Inside one hex, targets are marked in the order named.

        Attributes:
            type_ (Literal['fly']):
            unit (str):
            path (list[list[int]]):
            command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
            breath_targets (list[str] | None | Unset):
            glory (GloryType0 | None | Unset): Spend the unit's glory token (R-CRT-4).
    """

    type_: Literal["fly"]
    unit: str
    path: list[list[int]]
    command_id: str | Unset = UNSET
    breath_targets: list[str] | None | Unset = UNSET
    glory: GloryType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        unit = self.unit

        path = []
        for componentsschemas_path_item_data in self.path:
            componentsschemas_path_item = componentsschemas_path_item_data

            path.append(componentsschemas_path_item)

        command_id = self.command_id

        breath_targets: list[str] | None | Unset
        if isinstance(self.breath_targets, Unset):
            breath_targets = UNSET
        elif isinstance(self.breath_targets, list):
            breath_targets = self.breath_targets

        else:
            breath_targets = self.breath_targets

        glory: None | str | Unset
        if isinstance(self.glory, Unset):
            glory = UNSET
        elif isinstance(self.glory, GloryType0):
            glory = self.glory.value
        else:
            glory = self.glory

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "unit": unit,
                "path": path,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id
        if breath_targets is not UNSET:
            field_dict["breath_targets"] = breath_targets
        if glory is not UNSET:
            field_dict["glory"] = glory

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["fly"], d.pop("type"))
        if type_ != "fly":
            raise ValueError(f"type must match const 'fly', got '{type_}'")

        unit = d.pop("unit")

        path = []
        _path = d.pop("path")
        for componentsschemas_path_item_data in _path:
            componentsschemas_path_item = cast(
                list[int], componentsschemas_path_item_data
            )

            path.append(componentsschemas_path_item)

        command_id = d.pop("command_id", UNSET)

        def _parse_breath_targets(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                breath_targets_type_0 = cast(list[str], data)

                return breath_targets_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        breath_targets = _parse_breath_targets(d.pop("breath_targets", UNSET))

        def _parse_glory(data: object) -> GloryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_glory_type_0 = GloryType0(data)

                return componentsschemas_glory_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GloryType0 | None | Unset, data)

        glory = _parse_glory(d.pop("glory", UNSET))

        fly_command = cls(
            type_=type_,
            unit=unit,
            path=path,
            command_id=command_id,
            breath_targets=breath_targets,
            glory=glory,
        )

        return fly_command
