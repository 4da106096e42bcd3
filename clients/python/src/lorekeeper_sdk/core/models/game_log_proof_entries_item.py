from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.log_opening import LogOpening
    from ..models.sealed_log_leaf import SealedLogLeaf


T = TypeVar("T", bound="GameLogProofEntriesItem")


@_attrs_define
class GameLogProofEntriesItem:
    """
    Attributes:
        index (int):
        leaf (LogOpening | SealedLogLeaf): The leaf as the log keeps it; a leaf written before sealing (format 1) is its
            opening.
        opening (LogOpening): What a leaf of the transparency log says (docs/audit.md, section 7).
        proof (list[str]):
    """

    index: int
    leaf: LogOpening | SealedLogLeaf
    opening: LogOpening
    proof: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sealed_log_leaf import SealedLogLeaf

        index = self.index

        leaf: dict[str, Any]
        if isinstance(self.leaf, SealedLogLeaf):
            leaf = self.leaf.to_dict()
        else:
            leaf = self.leaf.to_dict()

        opening = self.opening.to_dict()

        proof = self.proof

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "leaf": leaf,
                "opening": opening,
                "proof": proof,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.log_opening import LogOpening
        from ..models.sealed_log_leaf import SealedLogLeaf

        d = dict(src_dict)
        index = d.pop("index")

        def _parse_leaf(data: object) -> LogOpening | SealedLogLeaf:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                leaf_type_0 = SealedLogLeaf.from_dict(data)

                return leaf_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            leaf_type_1 = LogOpening.from_dict(data)

            return leaf_type_1

        leaf = _parse_leaf(d.pop("leaf"))

        opening = LogOpening.from_dict(d.pop("opening"))

        proof = cast(list[str], d.pop("proof"))

        game_log_proof_entries_item = cls(
            index=index,
            leaf=leaf,
            opening=opening,
            proof=proof,
        )

        game_log_proof_entries_item.additional_properties = d
        return game_log_proof_entries_item

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
