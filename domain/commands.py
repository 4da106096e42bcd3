"""Commands: what a seat asks for. Their JSON shape is `{"type": "move", …}` (issue 2 & 3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from domain.codec import DecodeError, decode_dataclass, to_json
from domain.errors import CommandError
from domain.hexes import Hex
from domain.state import Tokens

GloryUse = Literal["extra_hex", "extra_die", "ignore_flag"]
COMMAND_TYPES: dict[str, type[Command]] = {}


@dataclass(frozen=True)
class Command:
    type: ClassVar[str] = ""

    def __init_subclass__(cls, name: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if name:
            cls.type = name
            COMMAND_TYPES[name] = cls
        elif cls.type:
            COMMAND_TYPES[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **to_json(self)}


def command_from_json(data: Any) -> Command:
    """Parse a command object; raises CommandError naming the first misfit, a field its type
    does not define included (RULES.md §17: refused, never dropped)."""
    if not isinstance(data, Mapping):
        raise CommandError("a command is a JSON object with a `type`")
    cls = COMMAND_TYPES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise CommandError(
            f"unknown command type {data.get('type')!r}; known: {sorted(COMMAND_TYPES)}"
        )
    try:
        return decode_dataclass(cls, {k: v for k, v in data.items() if k != "type"}, strict=True)
    except DecodeError as exc:
        raise CommandError(f"{cls.type}: {exc}") from None


@dataclass(frozen=True, slots=True)
class OrderUnits(Command, name="order"):
    units: tuple[str, ...]
    breath: tuple[str, ...] = ()
    roost: tuple[str, ...] = ()
    remove_tokens: Mapping[str, Tokens] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MoveUnit(Command, name="move"):
    unit: str
    path: tuple[Hex, ...]
    glory: GloryUse | None = None


@dataclass(frozen=True, slots=True)
class FlyDragon(Command, name="fly"):
    unit: str
    path: tuple[Hex, ...]
    breath_targets: tuple[str, ...] | None = None
    glory: GloryUse | None = None


@dataclass(frozen=True, slots=True)
class EndMovement(Command, name="end_movement"):
    pass


@dataclass(frozen=True, slots=True)
class Battle(Command, name="battle"):
    unit: str
    target: str
    glory: GloryUse | None = None


@dataclass(frozen=True, slots=True)
class ChooseRetreat(Command, name="choose_retreat"):
    unit: str
    path: tuple[Hex, ...]
    glory: GloryUse | None = None


@dataclass(frozen=True, slots=True)
class BattleBack(Command, name="battle_back"):
    unit: str
    accept: bool
    glory: GloryUse | None = None  # extra_die on an accepted battle back (R-CRT-4, revision 2)


@dataclass(frozen=True, slots=True)
class React(Command, name="react"):
    card: Literal["hold", "web"]
    hex: Hex


@dataclass(frozen=True, slots=True)
class Pass(Command, name="pass"):
    pass


@dataclass(frozen=True, slots=True)
class SetAutoPass(Command, name="auto_pass"):
    enabled: bool


@dataclass(frozen=True, slots=True)
class Trade(Command, name="trade"):
    unit: str
    blood: int
    currency: Literal["lore", "banner"] = field(metadata={"json": "for"})


@dataclass(frozen=True, slots=True)
class EndTurn(Command, name="end_turn"):
    pass


@dataclass(frozen=True, slots=True)
class Resign(Command, name="resign"):
    pass


@dataclass(frozen=True, slots=True)
class GiveClientSeed(Command, name="client_seed"):
    """A seat's own entropy for the dice, before the first turn (SEED-1): `seed` (None
    declines); in a seed step also a `commitment` to a seed, revealed later with `seed` and
    its `salt` (SEED-3)."""

    seed: str | None = None
    commitment: str | None = None
    salt: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseDice(Command, name="choose_dice"):
    """The next dice's faces, in roll order, in a fork whose owner chooses them (FRK-4)."""

    faces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ResolveBreath(Command, name="resolve_breath"):
    """Run by the server's worker, never by a player (R-TRN-6)."""
