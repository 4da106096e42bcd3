from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.created_game_visibility import CreatedGameVisibility

if TYPE_CHECKING:
    from ..models.created_game_seats_item import CreatedGameSeatsItem
    from ..models.invitation import Invitation
    from ..models.public_dice import PublicDice
    from ..models.table import Table


T = TypeVar("T", bound="CreatedGame")


@_attrs_define
class CreatedGame:
    """
    Attributes:
        game_id (str):
        version (int):
        head_hash (str): The `hash` of the event at the reply's version (the chain's head then).
        dice (PublicDice): How the game's dice are made (published in GameCreated): `hmac-sha256-v1` with the
            SHA-256 `commitment` of the secret seed, the `game_id` and `client_seeds` mixed into
            every die; or `seeded` (a client-chosen seed) or `scripted`, never provably fair.
        status (str): `open`: waiting for seats, or for the seats' seeds before the first turn (a seed step, SEED-2).
        visibility (CreatedGameVisibility):
        seats (list[CreatedGameSeatsItem]): The seats whose tokens the caller receives.
        invitations (list[Invitation]):
        table (Table):
    """

    game_id: str
    version: int
    head_hash: str
    dice: PublicDice
    status: str
    visibility: CreatedGameVisibility
    seats: list[CreatedGameSeatsItem]
    invitations: list[Invitation]
    table: Table
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        version = self.version

        head_hash = self.head_hash

        dice = self.dice.to_dict()

        status = self.status

        visibility = self.visibility.value

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        invitations = []
        for invitations_item_data in self.invitations:
            invitations_item = invitations_item_data.to_dict()
            invitations.append(invitations_item)

        table = self.table.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "version": version,
                "head_hash": head_hash,
                "dice": dice,
                "status": status,
                "visibility": visibility,
                "seats": seats,
                "invitations": invitations,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.created_game_seats_item import CreatedGameSeatsItem
        from ..models.invitation import Invitation
        from ..models.public_dice import PublicDice
        from ..models.table import Table

        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        head_hash = d.pop("head_hash")

        dice = PublicDice.from_dict(d.pop("dice"))

        status = d.pop("status")

        visibility = CreatedGameVisibility(d.pop("visibility"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = CreatedGameSeatsItem.from_dict(seats_item_data)

            seats.append(seats_item)

        invitations = []
        _invitations = d.pop("invitations")
        for invitations_item_data in _invitations:
            invitations_item = Invitation.from_dict(invitations_item_data)

            invitations.append(invitations_item)

        table = Table.from_dict(d.pop("table"))

        created_game = cls(
            game_id=game_id,
            version=version,
            head_hash=head_hash,
            dice=dice,
            status=status,
            visibility=visibility,
            seats=seats,
            invitations=invitations,
            table=table,
        )

        created_game.additional_properties = d
        return created_game

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
