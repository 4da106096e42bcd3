from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Join")


@_attrs_define
class Join:
    """
    Attributes:
        invitation (str | Unset):
        seat (int | Unset):
        client_seed (str | Unset): The seat's client seed for the dice (SEED-1, docs/audit.md), recorded before the
            game can start. Only in a game whose `dice.seat_seeds` is true (else 422
            `invalid_body`, and no seat is taken).
    """

    invitation: str | Unset = UNSET
    seat: int | Unset = UNSET
    client_seed: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        invitation = self.invitation

        seat = self.seat

        client_seed = self.client_seed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if invitation is not UNSET:
            field_dict["invitation"] = invitation
        if seat is not UNSET:
            field_dict["seat"] = seat
        if client_seed is not UNSET:
            field_dict["client_seed"] = client_seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invitation = d.pop("invitation", UNSET)

        seat = d.pop("seat", UNSET)

        client_seed = d.pop("client_seed", UNSET)

        join = cls(
            invitation=invitation,
            seat=seat,
            client_seed=client_seed,
        )

        return join
