from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.unit_view_banner import UnitViewBanner

if TYPE_CHECKING:
    from ..models.unit_view_tokens import UnitViewTokens


T = TypeVar("T", bound="UnitView")


@_attrs_define
class UnitView:
    """
    Attributes:
        id (str):
        kind (str):
        owner (int):
        hex_ (list[int]): `[col, row]` in odd-r offset coordinates (R-BRD-1).
        banner (UnitViewBanner):
        figures (int | None): null for dragons.
        tokens (UnitViewTokens):
        breath_target (bool):
        breath_by (None | str):
        glory (int):
        roosted (bool):
        rider (str):
    """

    id: str
    kind: str
    owner: int
    hex_: list[int]
    banner: UnitViewBanner
    figures: int | None
    tokens: UnitViewTokens
    breath_target: bool
    breath_by: None | str
    glory: int
    roosted: bool
    rider: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind

        owner = self.owner

        hex_ = self.hex_

        banner = self.banner.value

        figures: int | None
        figures = self.figures

        tokens = self.tokens.to_dict()

        breath_target = self.breath_target

        breath_by: None | str
        breath_by = self.breath_by

        glory = self.glory

        roosted = self.roosted

        rider = self.rider

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "owner": owner,
                "hex": hex_,
                "banner": banner,
                "figures": figures,
                "tokens": tokens,
                "breath_target": breath_target,
                "breath_by": breath_by,
                "glory": glory,
                "roosted": roosted,
                "rider": rider,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.unit_view_tokens import UnitViewTokens

        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        owner = d.pop("owner")

        hex_ = cast(list[int], d.pop("hex"))

        banner = UnitViewBanner(d.pop("banner"))

        def _parse_figures(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        figures = _parse_figures(d.pop("figures"))

        tokens = UnitViewTokens.from_dict(d.pop("tokens"))

        breath_target = d.pop("breath_target")

        def _parse_breath_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        breath_by = _parse_breath_by(d.pop("breath_by"))

        glory = d.pop("glory")

        roosted = d.pop("roosted")

        rider = d.pop("rider")

        unit_view = cls(
            id=id,
            kind=kind,
            owner=owner,
            hex_=hex_,
            banner=banner,
            figures=figures,
            tokens=tokens,
            breath_target=breath_target,
            breath_by=breath_by,
            glory=glory,
            roosted=roosted,
            rider=rider,
        )

        unit_view.additional_properties = d
        return unit_view

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
