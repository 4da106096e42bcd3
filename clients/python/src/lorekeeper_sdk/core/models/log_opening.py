from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LogOpening")


@_attrs_define
class LogOpening:
    """What a leaf of the transparency log says (docs/audit.md, section 7).

    Attributes:
        kind (str):
        game_id (str):
        head_hash (str):
        version (int):
        commitment (None | str | Unset): game_created only: the dice commitment.
    """

    kind: str
    game_id: str
    head_hash: str
    version: int
    commitment: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        game_id = self.game_id

        head_hash = self.head_hash

        version = self.version

        commitment: None | str | Unset
        if isinstance(self.commitment, Unset):
            commitment = UNSET
        else:
            commitment = self.commitment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "game_id": game_id,
                "head_hash": head_hash,
                "version": version,
            }
        )
        if commitment is not UNSET:
            field_dict["commitment"] = commitment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = d.pop("kind")

        game_id = d.pop("game_id")

        head_hash = d.pop("head_hash")

        version = d.pop("version")

        def _parse_commitment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        commitment = _parse_commitment(d.pop("commitment", UNSET))

        log_opening = cls(
            kind=kind,
            game_id=game_id,
            head_hash=head_hash,
            version=version,
            commitment=commitment,
        )

        log_opening.additional_properties = d
        return log_opening

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
