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

from ..models.choose_dice_command_faces_item import ChooseDiceCommandFacesItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChooseDiceCommand")


@_attrs_define
class ChooseDiceCommand:
    """The faces of the next dice, in roll order, in a fork marked "dice chosen" (FRK-4,
    docs/play/forks.md). Only from a seat the fork's owner holds, at any time. The
    DiceChosen event records them; they replace any faces chosen before. Elsewhere:
    403 `forbidden` (FRK-4).

        Attributes:
            type_ (Literal['choose_dice']):
            faces (list[ChooseDiceCommandFacesItem]):
            command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["choose_dice"]
    faces: list[ChooseDiceCommandFacesItem]
    command_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        faces = []
        for faces_item_data in self.faces:
            faces_item = faces_item_data.value
            faces.append(faces_item)

        command_id = self.command_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "faces": faces,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["choose_dice"], d.pop("type"))
        if type_ != "choose_dice":
            raise ValueError(f"type must match const 'choose_dice', got '{type_}'")

        faces = []
        _faces = d.pop("faces")
        for faces_item_data in _faces:
            faces_item = ChooseDiceCommandFacesItem(faces_item_data)

            faces.append(faces_item)

        command_id = d.pop("command_id", UNSET)

        choose_dice_command = cls(
            type_=type_,
            faces=faces,
            command_id=command_id,
        )

        return choose_dice_command
