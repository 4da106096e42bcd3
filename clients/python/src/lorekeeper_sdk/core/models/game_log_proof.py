from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_log_proof_consistency import GameLogProofConsistency
    from ..models.game_log_proof_entries_item import GameLogProofEntriesItem
    from ..models.tree_head import TreeHead


T = TypeVar("T", bound="GameLogProof")


@_attrs_define
class GameLogProof:
    """
    Attributes:
        game_id (str):
        salt (None | str): The game's salt in the log (64 hex digits), which opens its sealed leaves; null before its
            first leaf.
        tree_head (TreeHead):
        entries (list[GameLogProofEntriesItem]):
        consistency (GameLogProofConsistency | Unset):
    """

    game_id: str
    salt: None | str
    tree_head: TreeHead
    entries: list[GameLogProofEntriesItem]
    consistency: GameLogProofConsistency | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        salt: None | str
        salt = self.salt

        tree_head = self.tree_head.to_dict()

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        consistency: dict[str, Any] | Unset = UNSET
        if not isinstance(self.consistency, Unset):
            consistency = self.consistency.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "salt": salt,
                "tree_head": tree_head,
                "entries": entries,
            }
        )
        if consistency is not UNSET:
            field_dict["consistency"] = consistency

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_log_proof_consistency import GameLogProofConsistency
        from ..models.game_log_proof_entries_item import GameLogProofEntriesItem
        from ..models.tree_head import TreeHead

        d = dict(src_dict)
        game_id = d.pop("game_id")

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        tree_head = TreeHead.from_dict(d.pop("tree_head"))

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = GameLogProofEntriesItem.from_dict(entries_item_data)

            entries.append(entries_item)

        _consistency = d.pop("consistency", UNSET)
        consistency: GameLogProofConsistency | Unset
        if isinstance(_consistency, Unset):
            consistency = UNSET
        else:
            consistency = GameLogProofConsistency.from_dict(_consistency)

        game_log_proof = cls(
            game_id=game_id,
            salt=salt,
            tree_head=tree_head,
            entries=entries,
            consistency=consistency,
        )

        game_log_proof.additional_properties = d
        return game_log_proof

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
