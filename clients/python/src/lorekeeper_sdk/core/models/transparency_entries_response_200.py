from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.public_log_leaf_type_1 import PublicLogLeafType1
    from ..models.sealed_log_leaf import SealedLogLeaf


T = TypeVar("T", bound="TransparencyEntriesResponse200")


@_attrs_define
class TransparencyEntriesResponse200:
    """
    Attributes:
        start (int):
        tree_size (int):
        leaves (list[PublicLogLeafType1 | SealedLogLeaf]):
    """

    start: int
    tree_size: int
    leaves: list[PublicLogLeafType1 | SealedLogLeaf]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sealed_log_leaf import SealedLogLeaf

        start = self.start

        tree_size = self.tree_size

        leaves = []
        for leaves_item_data in self.leaves:
            leaves_item: dict[str, Any]
            if isinstance(leaves_item_data, SealedLogLeaf):
                leaves_item = leaves_item_data.to_dict()
            else:
                leaves_item = leaves_item_data.to_dict()

            leaves.append(leaves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "start": start,
                "tree_size": tree_size,
                "leaves": leaves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.public_log_leaf_type_1 import PublicLogLeafType1
        from ..models.sealed_log_leaf import SealedLogLeaf

        d = dict(src_dict)
        start = d.pop("start")

        tree_size = d.pop("tree_size")

        leaves = []
        _leaves = d.pop("leaves")
        for leaves_item_data in _leaves:

            def _parse_leaves_item(data: object) -> PublicLogLeafType1 | SealedLogLeaf:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_public_log_leaf_type_0 = SealedLogLeaf.from_dict(
                        data
                    )

                    return componentsschemas_public_log_leaf_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_public_log_leaf_type_1 = PublicLogLeafType1.from_dict(
                    data
                )

                return componentsschemas_public_log_leaf_type_1

            leaves_item = _parse_leaves_item(leaves_item_data)

            leaves.append(leaves_item)

        transparency_entries_response_200 = cls(
            start=start,
            tree_size=tree_size,
            leaves=leaves,
        )

        transparency_entries_response_200.additional_properties = d
        return transparency_entries_response_200

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
