"""The game state: frozen values that `evolve` replaces, never mutates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from types import MemberDescriptorType
from typing import Any, Literal, TypeVar, cast

from domain.catalogue import TERRAIN, UNIT_KINDS, Terrain, UnitKind
from domain.edition import CURRENT, SECOND
from domain.hexes import Hex

R = TypeVar("R")


def replace(record: R, /, **changes: Any) -> R:
    """`dataclasses.replace` for the state's records (frozen, slotted, every field set by
    __init__, no __post_init__), over twice as fast: a copier made once per class sets each
    slot of a new record straight, where __init__ would call the frozen record's
    `object.__setattr__` per field. Folding events is mostly this (BENCHMARKS.md)."""
    made: R = _copier(cast(Any, type(record)))(record, changes)
    return made


@cache
def _copier(kind: type) -> Callable[[Any, dict[str, Any]], Any]:
    """`copy(record, changes)`: a new `kind` with `record`'s fields, `changes` put in."""
    if hasattr(kind, "__post_init__") or not all(f.init for f in fields(kind)):
        raise TypeError(f"{kind.__name__}: use dataclasses.replace, its __init__ does more")
    names = [f.name for f in fields(kind)]
    scope: dict[str, Any] = {"new": object.__new__, "kind": kind, "refuse": _no_field}
    lines = ["def copy(record, changes):", "    made = new(kind)"]
    for i, name in enumerate(names):
        scope[f"set{i}"] = _setter(kind, name)
        lines.append(f"    set{i}(made, changes.pop({name!r}) if {name!r} in changes "
                     f"else record.{name})")  # fmt: skip
    lines += ["    if changes:", "        refuse(kind, changes)", "    return made"]
    exec("\n".join(lines), scope)  # noqa: S102 - field names of our own dataclasses
    copy: Callable[[Any, dict[str, Any]], Any] = scope["copy"]
    return copy


def _setter(kind: type, name: str) -> Callable[[Any, Any], None]:
    """What sets field `name` of a new `kind`: its slot's descriptor, past `frozen`."""
    slot = getattr(kind, name, None)
    if isinstance(slot, MemberDescriptorType):
        return slot.__set__
    return lambda record, value: object.__setattr__(record, name, value)


def _no_field(kind: type, changes: dict[str, Any]) -> None:
    raise TypeError(f"{kind.__name__} has no field {next(iter(changes))!r}")


_NEW = {"omit_default": True}  # fields older games' states never wrote (domain/codec.py)

Phase = Literal["order", "movement", "breath", "combat", "over"]
RiderState = Literal["none", "carried", "passed"]


@dataclass(frozen=True, slots=True)
class Tokens:
    poison: int = 0
    frost: int = 0
    fire: int = 0

    def get(self, effect: str) -> int:
        return int(getattr(self, effect))

    def plus(self, effect: str, n: int) -> Tokens:
        return replace(self, **{effect: max(0, self.get(effect) + n)})

    @property
    def total(self) -> int:
        return self.poison + self.frost + self.fire


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    kind: str
    owner: int
    hex: Hex
    figures: int = 0
    tokens: Tokens = Tokens()
    glory: int = 0
    rider: RiderState = "none"
    roosted: bool = False
    breath_target: str | None = None  # id of the dragon whose breath marked this unit
    poisoned_by: int | None = None  # seat credited when poison destroys the unit (R-PSN-1)
    burned_by: int | None = None  # seat credited when fire destroys the unit (R-FIR-3)

    @property
    def spec(self) -> UnitKind:
        return UNIT_KINDS[self.kind]

    @property
    def is_dragon(self) -> bool:
        return self.spec.is_dragon


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    home_edge: str
    lore: int = 0
    cards: tuple[str, ...] = ()
    banners: int = 0
    blood: int = 0
    eliminated: bool = False
    auto_pass: bool = False


@dataclass(frozen=True, slots=True)
class Site:
    kind: str
    capacity: int = 3
    riders: int = 0
    red_border: bool = False  # villages always have one (R-BRD-4); other sites when marked

    @property
    def has_red_border(self) -> bool:
        return self.red_border or self.kind == "village"


@dataclass(frozen=True, slots=True)
class Settings:
    orders_per_turn: int = 3
    lore_pool: int = 50
    lore_per_turn: int = 1
    banners_to_win: int = 6
    max_turns: int | None = None
    card_cost: int = 2
    token_removal_cost: int = 2
    blood_per_lore: int = 2
    blood_per_banner: int = 5
    roost_lore: int = 1
    cave_roost_lore: int = 2


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice one seat owes before the game goes on (R-TRN-9)."""

    kind: Literal["retreat", "battle_back", "reaction", "breath"]
    seat: int | None
    unit: str
    other: str | None = None  # retreat: the unit that caused it; battle_back: its target
    hexes: int = 0  # retreat: how many hexes it must go
    by: int | None = None  # retreat: the seat credited for hits of a blocked retreat
    battle_back: bool = False  # retreat: caused by a battle back
    path: tuple[Hex, ...] = ()  # reaction: the declared flight path
    targets: tuple[str, ...] = ()  # reaction: the breath targets the flight would mark
    waiting: tuple[int, ...] = ()  # reaction: seats still to answer, in order
    then_zoc: bool = False  # retreat after a Hold/Web fall: zones of control apply after it


@dataclass(frozen=True, slots=True)
class Engagement:
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the active player did this turn; reset when a turn starts."""

    ordered: frozenset[str] = frozenset()
    moved: frozenset[str] = frozenset()
    flew: frozenset[str] = frozenset()
    battled: frozenset[str] = frozenset()
    breath_paid: frozenset[str] = frozenset()
    engaged: frozenset[str] = frozenset()  # dragons given an engagement this turn
    fought_pairs: frozenset[tuple[str, str]] = frozenset()
    fought_in_village: frozenset[str] = frozenset()
    moved_to: Mapping[str, Hex] = field(default_factory=dict)
    breath_marks: tuple[tuple[str, str], ...] = ()  # (target, dragon) in marking order


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What a stretch of takeable commands can change, as it stood when the stretch began
    (TKB-2, domain/takeback.py): an accepted takeback puts these back."""

    version: int
    players: tuple[Player, ...]
    units: Mapping[str, Unit]
    lore_pool: int
    phase: Phase
    pending: Decision | None
    engagements: tuple[Engagement, ...]
    turn_state: TurnState


@dataclass(frozen=True, slots=True)
class Takebacks:
    """Where a game with takebacks stands (TKB-1..6, domain/takeback.py)."""

    checkpoint: Checkpoint | None = None  # None: information came out since the last command
    since: int = 0  # takeable events since the checkpoint
    asked: bool = False  # the active seat asked since its last command (TKB-5)
    request: int | None = None  # the seat whose request waits for an answer (TKB-3)


@dataclass(frozen=True, slots=True)
class GameState:
    scenario: str
    width: int
    height: int
    terrain: Mapping[Hex, str]
    sites: Mapping[Hex, Site]
    settings: Settings
    players: tuple[Player, ...]
    units: Mapping[str, Unit]
    lore_pool: int
    auto_decisions: bool = False
    edition: int = CURRENT  # the edition of RULES.md this game follows (domain/edition.py)
    turn: int = 0
    active: int = 0
    phase: Phase = "order"
    rolls: int = 0
    version: int = 0
    pending: Decision | None = None
    engagements: tuple[Engagement, ...] = ()
    turn_state: TurnState = TurnState()
    winner: int | None = None
    draw: bool = False
    # SEED-1: whether the seats give client seeds before the first turn (GameCreated's
    # committed dice say `seat_seeds`), and each seat's seed so far (None: none given);
    # sealed as the first turn begins (ClientSeedsSealed), then mixed into every die.
    seat_seeds: bool = False
    client_seeds: tuple[str | None, ...] = ()
    seeds_given: tuple[int, ...] = ()  # how often each seat gave one (bounded: SEED-1)
    # SEED-2: a game full at its creation with a seed step (GameCreated.dice.seed_step) waits
    # for these seats' seeds (given or declined) before its first turn, until `seed_deadline_ms`
    # (epoch ms; a time the rules only carry: the server ends the step when it has passed).
    seed_step: tuple[int, ...] = ()
    seed_deadline_ms: int | None = None
    # SEED-2 in a game that fills up by joins: the step's length (ms) GameCreated promised
    # (`dice.seed_step.on_fill`); the step opens when the last seat is taken (SeedStepOpened
    # sets `seed_step` and the deadlines). None: no step is promised on fill.
    seed_step_length_ms: int | None = None
    # SEED-3: in a seed step, each seat's commitment to a seed it has not shown (None: none);
    # once the commit phase is closed (`commits_closed`), seats reveal until
    # `reveal_deadline_ms`; a revealed seed goes into `client_seeds`.
    seed_commitments: tuple[str | None, ...] = ()
    commits_closed: bool = False
    reveal_deadline_ms: int | None = None
    # TKB-1: None unless the creator turned takebacks on (GameCreated.takebacks); left out of
    # the state's JSON when None, so games without takebacks keep their bytes.
    takebacks: Takebacks | None = field(default=None, metadata=_NEW)
    # A fork (domain/fork.py): a practice game, never rated, its hands known to all (FRK-3);
    # the seats that may choose its next dice (FRK-4; () when its dice are not chosen) and
    # the faces chosen, for the rolls from `chosen_from` on.
    practice: bool = field(default=False, metadata=_NEW)
    dice_choosers: tuple[int, ...] = field(default=(), metadata=_NEW)
    chosen_from: int = field(default=0, metadata=_NEW)
    chosen_faces: tuple[str, ...] = field(default=(), metadata=_NEW)

    def terrain_at(self, h: Hex) -> Terrain:
        return TERRAIN[self.terrain.get(h, "plain")]

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def units_of(self, seat: int) -> list[Unit]:
        return [u for u in self.units.values() if u.owner == seat]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def revised(self) -> bool:
        """Whether the game follows revision 2 of the rules (RULES.md §17) or later."""
        return self.edition >= SECOND


def with_unit(state: GameState, unit: Unit) -> GameState:
    return replace(state, units=units_with(state, unit))


def units_with(state: GameState, *units: Unit) -> dict[str, Unit]:
    """The state's units with `units` in place: for a handler that changes other fields in
    the same replace (each replace copies the game's ~35 fields)."""
    out = dict(state.units)
    for unit in units:
        out[unit.id] = unit
    return out


def without_unit(state: GameState, unit_id: str) -> GameState:
    units = dict(state.units)
    del units[unit_id]
    return replace(state, units=units)


def with_player(state: GameState, player: Player) -> GameState:
    return replace(state, players=players_with(state, player))


def players_with(state: GameState, player: Player) -> tuple[Player, ...]:
    """The state's players with `player` in its seat (as `units_with` for units)."""
    players = list(state.players)
    players[player.seat] = player
    return tuple(players)
