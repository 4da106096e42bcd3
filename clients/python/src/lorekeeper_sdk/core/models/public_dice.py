from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.public_dice_seed_step_type_0 import PublicDiceSeedStepType0
    from ..models.public_dice_seed_step_type_1 import PublicDiceSeedStepType1


T = TypeVar("T", bound="PublicDice")


@_attrs_define
class PublicDice:
    """How the game's dice are made (published in GameCreated): `hmac-sha256-v1` with the
    SHA-256 `commitment` of the secret seed, the `game_id` and `client_seeds` mixed into
    every die; or `seeded` (a client-chosen seed) or `scripted`, never provably fair.

        Attributes:
            scheme (str):
            commitment (str | Unset):
            game_id (str | Unset):
            client_seeds (list[str] | Unset):
            seat_seeds (bool | Unset): True when the seats may give client seeds before the first turn (SEED-1). The
                seeds are sealed in ClientSeedsSealed, and mixed in after `client_seeds`.
            seed_step (PublicDiceSeedStepType0 | PublicDiceSeedStepType1 | Unset): A game created with `options.seed_step`
                (SEED-2). Full at its creation: the seats
                its first turn waits for (their seeds given or declined), the step's deadline
                (epoch ms; with commitments, SEED-3, the commit phase's) and the reveals'
                deadline. With seats to fill: the promise of a step (`on_fill`) and its length;
                the event SeedStepOpened (`seats`, `deadline_ms`, `reveal_deadline_ms`, the
                deadlines counted from its time) opens it when the last seat is taken.
    """

    scheme: str
    commitment: str | Unset = UNSET
    game_id: str | Unset = UNSET
    client_seeds: list[str] | Unset = UNSET
    seat_seeds: bool | Unset = UNSET
    seed_step: PublicDiceSeedStepType0 | PublicDiceSeedStepType1 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.public_dice_seed_step_type_0 import PublicDiceSeedStepType0

        scheme = self.scheme

        commitment = self.commitment

        game_id = self.game_id

        client_seeds: list[str] | Unset = UNSET
        if not isinstance(self.client_seeds, Unset):
            client_seeds = self.client_seeds

        seat_seeds = self.seat_seeds

        seed_step: dict[str, Any] | Unset
        if isinstance(self.seed_step, Unset):
            seed_step = UNSET
        elif isinstance(self.seed_step, PublicDiceSeedStepType0):
            seed_step = self.seed_step.to_dict()
        else:
            seed_step = self.seed_step.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scheme": scheme,
            }
        )
        if commitment is not UNSET:
            field_dict["commitment"] = commitment
        if game_id is not UNSET:
            field_dict["game_id"] = game_id
        if client_seeds is not UNSET:
            field_dict["client_seeds"] = client_seeds
        if seat_seeds is not UNSET:
            field_dict["seat_seeds"] = seat_seeds
        if seed_step is not UNSET:
            field_dict["seed_step"] = seed_step

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.public_dice_seed_step_type_0 import PublicDiceSeedStepType0
        from ..models.public_dice_seed_step_type_1 import PublicDiceSeedStepType1

        d = dict(src_dict)
        scheme = d.pop("scheme")

        commitment = d.pop("commitment", UNSET)

        game_id = d.pop("game_id", UNSET)

        client_seeds = cast(list[str], d.pop("client_seeds", UNSET))

        seat_seeds = d.pop("seat_seeds", UNSET)

        def _parse_seed_step(
            data: object,
        ) -> PublicDiceSeedStepType0 | PublicDiceSeedStepType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                seed_step_type_0 = PublicDiceSeedStepType0.from_dict(data)

                return seed_step_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            seed_step_type_1 = PublicDiceSeedStepType1.from_dict(data)

            return seed_step_type_1

        seed_step = _parse_seed_step(d.pop("seed_step", UNSET))

        public_dice = cls(
            scheme=scheme,
            commitment=commitment,
            game_id=game_id,
            client_seeds=client_seeds,
            seat_seeds=seat_seeds,
            seed_step=seed_step,
        )

        public_dice.additional_properties = d
        return public_dice

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
