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

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClientSeedCommand")


@_attrs_define
class ClientSeedCommand:
    """The seat's client seed for the dice, before the first turn (SEED-1, docs/audit.md),
    in one of these forms:

    - `{"seed": "…"}` (1–128 characters), or `{"seed": null}` to decline: the seed is
      shown at once (a seat that gives a plain seed forgoes SEED-3's protection);
    - in a seed step (SEED-3) `{"commitment": "<64 lowercase hex>"}`: SHA-256 of the
      UTF-8 bytes of `salt ":" seed`, while the commit phase is open; then, once it is
      closed, `{"seed": "…", "salt": "…"}` (salt: 16–64 of `A-Z a-z 0-9 _ -`) revealing
      it, once.

    A seat may give or commit again while it may, 8 times at most (422 `illegal`); the
    last one counts. After the first turn began: 409 `wrong_phase` (SEED-1); in a game
    without `dice.seat_seeds`: 403 `forbidden`. In a seed step (SEED-2) the last seat
    it waits for begins the first turn in the same append, or closes the commit phase
    if a seat committed; a seed sent after the step's deadline ends the step first.
    SEED-3 refusals: a commitment outside a seed step, 403 `forbidden`; a plain seed or
    a commitment once the commit phase is closed, or a reveal before, 409
    `wrong_phase`; a malformed commitment or salt, a reveal that does not open the
    seat's commitment, a second reveal, 422 `illegal`.

        Attributes:
            type_ (Literal['client_seed']):
            command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
            seed (None | str | Unset):
            commitment (str | Unset):
            salt (str | Unset):
    """

    type_: Literal["client_seed"]
    command_id: str | Unset = UNSET
    seed: None | str | Unset = UNSET
    commitment: str | Unset = UNSET
    salt: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        command_id = self.command_id

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        commitment = self.commitment

        salt = self.salt

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id
        if seed is not UNSET:
            field_dict["seed"] = seed
        if commitment is not UNSET:
            field_dict["commitment"] = commitment
        if salt is not UNSET:
            field_dict["salt"] = salt

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["client_seed"], d.pop("type"))
        if type_ != "client_seed":
            raise ValueError(f"type must match const 'client_seed', got '{type_}'")

        command_id = d.pop("command_id", UNSET)

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        commitment = d.pop("commitment", UNSET)

        salt = d.pop("salt", UNSET)

        client_seed_command = cls(
            type_=type_,
            command_id=command_id,
            seed=seed,
            commitment=commitment,
            salt=salt,
        )

        return client_seed_command
