from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Pending")


@_attrs_define
class Pending:
    """
    Attributes:
        seat (int | None):
        kind (str):
        unit (str):
        hexes (int | Unset): retreat: how many hexes.
        target (None | str | Unset): battle_back: the unit to battle back.
        path (list[list[int]] | Unset): reaction: the flight path.
        targets (list[str] | Unset): breath: the marked targets.
    """

    seat: int | None
    kind: str
    unit: str
    hexes: int | Unset = UNSET
    target: None | str | Unset = UNSET
    path: list[list[int]] | Unset = UNSET
    targets: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat: int | None
        seat = self.seat

        kind = self.kind

        unit = self.unit

        hexes = self.hexes

        target: None | str | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        path: list[list[int]] | Unset = UNSET
        if not isinstance(self.path, Unset):
            path = []
            for path_item_data in self.path:
                path_item = path_item_data

                path.append(path_item)

        targets: list[str] | Unset = UNSET
        if not isinstance(self.targets, Unset):
            targets = self.targets

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "kind": kind,
                "unit": unit,
            }
        )
        if hexes is not UNSET:
            field_dict["hexes"] = hexes
        if target is not UNSET:
            field_dict["target"] = target
        if path is not UNSET:
            field_dict["path"] = path
        if targets is not UNSET:
            field_dict["targets"] = targets

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        kind = d.pop("kind")

        unit = d.pop("unit")

        hexes = d.pop("hexes", UNSET)

        def _parse_target(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        _path = d.pop("path", UNSET)
        path: list[list[int]] | Unset = UNSET
        if _path is not UNSET:
            path = []
            for path_item_data in _path:
                path_item = cast(list[int], path_item_data)

                path.append(path_item)

        targets = cast(list[str], d.pop("targets", UNSET))

        pending = cls(
            seat=seat,
            kind=kind,
            unit=unit,
            hexes=hexes,
            target=target,
            path=path,
            targets=targets,
        )

        pending.additional_properties = d
        return pending

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
