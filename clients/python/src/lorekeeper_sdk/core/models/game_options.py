from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_options_dice import GameOptionsDice
    from ..models.time_control_type_0 import TimeControlType0
    from ..models.time_control_type_1 import TimeControlType1
    from ..models.time_control_type_2 import TimeControlType2
    from ..models.time_control_type_3 import TimeControlType3


T = TypeVar("T", bound="GameOptions")


@_attrs_define
class GameOptions:
    """
    Attributes:
        seed (int | str | Unset): Seeds the dice (anyone who knows it can predict them).
        auto_decisions (bool | Unset): The engine takes every decision (R-TRN-9); for bots and tests.
        takebacks (bool | Unset): TKB-1 (docs/play/takebacks.md): a seat may ask to take back its commands since
            information last came out (`request_takeback`); the other seat accepts or
            declines (`answer_takeback`). Recorded in GameCreated as `takebacks: true`.
             Default: False.
        rated (bool | Unset): A rated game: when it ends, both players' ratings change, once (docs/ratings.md).
            Only a public game between players (bot accounts included), created by a player,
            with the server's committed dice: with a bot or token seat, another visibility,
            `seed` or `dice`, 422 `cannot_be_rated`. A rematch of a rated game is rated.
             Default: False.
        client_seeds (list[str] | Unset): Mixed into every die of the server's committed seed (one per seat, or any
            number
            up to 16), published in GameCreated. Not with `seed` or `dice` (422).
        seed_step (bool | Unset): SEED-2 (docs/client/proving.md): a game whose every seat is held at its creation (a
            player with bots, an anonymous creator holding every seat's token) waits before its first
            turn until each seat held by a player or a token gave its client seed or declined
            (the `client_seed` command), or until the step's deadline (`seed_step_s`, else the
            server's LOREKEEPER_SEED_STEP_S, 60 s), published as GameCreated's
            `dice.seed_step`. A game with open, invited or reserved seats is promised one
            (`dice.seed_step: {"on_fill": true, "length_ms": …}`): it waits for its players,
            then, as its last seat is taken, the server opens the step (event SeedStepOpened,
            its deadlines counted from then) instead of beginning the first turn. Refused
            (422 `invalid_body`, rule SEED-2) with `seed` or `dice`, or in a game full at its
            creation with bots in every seat.
             Default: False.
        seed_step_s (int | Unset): The seed step's length in seconds, 5 to 3600 (SEED-2); only with `seed_step`.
            Outside those bounds: 422 `invalid_body` naming rule SEED-2 (checked beside the
            other seed-step refusals, so every one names the rule).
        dice (GameOptionsDice | Unset): Tests only (LOREKEEPER_ALLOW_SCRIPTED_DICE=1).
        clock (TimeControlType0 | TimeControlType1 | TimeControlType2 | TimeControlType3 | Unset): The game's clocks
            (docs/client/clocks.md), recorded in GameCreated's `clock`; none
            by default. `per_turn`: `turn_s` for each turn; `fischer`: a bank of `bank_s`, with
            `increment_s` added when each of the seat's turns ends; `correspondence`: `days` for
            each turn. `decision_s`: the limit of a decision owed by a seat whose turn it is not
            (a retreat, a battle back, a reaction; default 30 s, or `turn_s` if shorter, and a day
            in correspondence); `policy`: what a time-out does, `auto` (the documented automatic
            choices; the default) or `forfeit` (the seat resigns). 422 `invalid_body` otherwise.
    """

    seed: int | str | Unset = UNSET
    auto_decisions: bool | Unset = UNSET
    takebacks: bool | Unset = False
    rated: bool | Unset = False
    client_seeds: list[str] | Unset = UNSET
    seed_step: bool | Unset = False
    seed_step_s: int | Unset = UNSET
    dice: GameOptionsDice | Unset = UNSET
    clock: (
        TimeControlType0
        | TimeControlType1
        | TimeControlType2
        | TimeControlType3
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.time_control_type_0 import TimeControlType0
        from ..models.time_control_type_1 import TimeControlType1
        from ..models.time_control_type_2 import TimeControlType2

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        auto_decisions = self.auto_decisions

        takebacks = self.takebacks

        rated = self.rated

        client_seeds: list[str] | Unset = UNSET
        if not isinstance(self.client_seeds, Unset):
            client_seeds = self.client_seeds

        seed_step = self.seed_step

        seed_step_s = self.seed_step_s

        dice: dict[str, Any] | Unset = UNSET
        if not isinstance(self.dice, Unset):
            dice = self.dice.to_dict()

        clock: dict[str, Any] | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif (
            isinstance(self.clock, TimeControlType0)
            or isinstance(self.clock, TimeControlType1)
            or isinstance(self.clock, TimeControlType2)
        ):
            clock = self.clock.to_dict()
        else:
            clock = self.clock.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seed is not UNSET:
            field_dict["seed"] = seed
        if auto_decisions is not UNSET:
            field_dict["auto_decisions"] = auto_decisions
        if takebacks is not UNSET:
            field_dict["takebacks"] = takebacks
        if rated is not UNSET:
            field_dict["rated"] = rated
        if client_seeds is not UNSET:
            field_dict["client_seeds"] = client_seeds
        if seed_step is not UNSET:
            field_dict["seed_step"] = seed_step
        if seed_step_s is not UNSET:
            field_dict["seed_step_s"] = seed_step_s
        if dice is not UNSET:
            field_dict["dice"] = dice
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_options_dice import GameOptionsDice
        from ..models.time_control_type_0 import TimeControlType0
        from ..models.time_control_type_1 import TimeControlType1
        from ..models.time_control_type_2 import TimeControlType2
        from ..models.time_control_type_3 import TimeControlType3

        d = dict(src_dict)

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        auto_decisions = d.pop("auto_decisions", UNSET)

        takebacks = d.pop("takebacks", UNSET)

        rated = d.pop("rated", UNSET)

        client_seeds = cast(list[str], d.pop("client_seeds", UNSET))

        seed_step = d.pop("seed_step", UNSET)

        seed_step_s = d.pop("seed_step_s", UNSET)

        _dice = d.pop("dice", UNSET)
        dice: GameOptionsDice | Unset
        if isinstance(_dice, Unset):
            dice = UNSET
        else:
            dice = GameOptionsDice.from_dict(_dice)

        def _parse_clock(
            data: object,
        ) -> (
            TimeControlType0
            | TimeControlType1
            | TimeControlType2
            | TimeControlType3
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_type_0 = TimeControlType0.from_dict(data)

                return componentsschemas_time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_type_1 = TimeControlType1.from_dict(data)

                return componentsschemas_time_control_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_type_2 = TimeControlType2.from_dict(data)

                return componentsschemas_time_control_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_time_control_type_3 = TimeControlType3.from_dict(data)

            return componentsschemas_time_control_type_3

        clock = _parse_clock(d.pop("clock", UNSET))

        game_options = cls(
            seed=seed,
            auto_decisions=auto_decisions,
            takebacks=takebacks,
            rated=rated,
            client_seeds=client_seeds,
            seed_step=seed_step,
            seed_step_s=seed_step_s,
            dice=dice,
            clock=clock,
        )

        return game_options
