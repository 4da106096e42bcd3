"""Events: past-tense facts. `evolve` applies them; they carry every die rolled (R-DIE-2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from domain.codec import decode_dataclass, to_json
from domain.edition import FIRST
from domain.hexes import Hex
from domain.state import Decision, Tokens

SCHEMA_VERSION = 1
EVENT_TYPES: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.type = cls.__name__
        EVENT_TYPES[cls.__name__] = cls

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = to_json(self)
        return data


def event_from_json(type_name: str, payload: Any) -> Event:
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        raise ValueError(f"unknown event type {type_name!r}")
    return decode_dataclass(cls, payload)


# -- game and turn ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    scenario: dict[str, Any]
    auto_decisions: bool = False
    # How the dice are made, public from the start (docs/audit.md): {"scheme":
    # "hmac-sha256-v1", "commitment": SHA-256 of the secret seed, "client_seeds": [...]},
    # {"scheme": "seeded"} (a client-chosen seed) or {"scheme": "scripted"}. None: a game
    # created before dice were committed.
    dice: dict[str, Any] | None = None
    # The edition of RULES.md the game is played under (domain/edition.py). Absent from the
    # games created before editions were recorded: those are first-edition games.
    rules_edition: int = FIRST
    # The hands dealt, as salted commitments (docs/audit.md, record format 2):
    # {"scheme": "salted-sha256-v1", "hands": [SHA-256(salt ‖ canonical JSON of the hand), one
    # per seat]}; the hash chain covers this event without its cards (domain.view.redact_event),
    # and SecretsRevealed opens the commitments when the game ends. None (and absent): a game
    # hashed the old way (format 1), whose hash covers the cards.
    commitments: dict[str, Any] | None = None
    # The game's time control, a service setting the rules never read (docs/api.md,
    # "Clocks"): {"kind": "per_turn", "turn_s": 60, "decision_s": 30, "policy": "auto"} …
    # Absent from a game without a clock (and from every game created before clocks).
    clock: dict[str, Any] | None = None

    def payload(self) -> dict[str, Any]:
        data = Event.payload(self)  # (slotted dataclasses break a bare super())
        if self.rules_edition == FIRST:
            del data["rules_edition"]  # written as the first edition's games were
        if self.commitments is None:
            del data["commitments"]  # written as games before commitments were
        if self.clock is None:
            del data["clock"]  # written as games without a clock always were
        return data


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class RoostEnded(Event):
    unit: str


@dataclass(frozen=True, slots=True)
class UnitsOrdered(Event):
    seat: int
    units: tuple[str, ...]
    breath: tuple[str, ...] = ()
    roost: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TokensRemoved(Event):
    unit: str
    tokens: Tokens


@dataclass(frozen=True, slots=True)
class MovementEnded(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class PlayerResigned(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class DiceRevealed(Event):
    """The secret dice seed (hex) of a committed game, appended once the game has ended, so
    anyone can check it against the commitment and every die against it (docs/audit.md)."""

    seed: str


@dataclass(frozen=True, slots=True)
class SecretsRevealed(Event):
    """A game's secrets, appended once it has ended (record format 2, docs/audit.md): the dice
    seed (hex; None unless the dice were committed) and the hands dealt with the salts of their
    commitments, so anyone can open each commitment and re-decide every event."""

    seed: str | None
    hands: tuple[tuple[str, ...], ...]
    salts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClientSeedGiven(Event):
    """A seat gave its client seed for the dice (None: it declined), before the first turn
    (SEED-1). A seat may give again until then; the last one counts."""

    seat: int
    seed: str | None


@dataclass(frozen=True, slots=True)
class SeedStepOpened(Event):
    """The seed step of a game that filled up by joins opened as its last seat was taken
    (SEED-2; GameCreated.dice.seed_step promised it, `on_fill`): the seats it waits for (held
    by players or tokens then, not bots) and its deadlines (epoch ms), counted from this
    append's time by the step's length: the commit phase's, then the reveals' (SEED-3)."""

    seats: tuple[int, ...]
    deadline_ms: int
    reveal_deadline_ms: int


@dataclass(frozen=True, slots=True)
class ClientSeedCommitted(Event):
    """A seat in a seed step committed to its client seed without showing it (SEED-3):
    `commitment` is SHA-256 of UTF-8 `salt ":" seed`, 64 lowercase hex digits. It replaces any
    seed or commitment the seat gave before; the seed counts only once revealed."""

    seat: int
    commitment: str


@dataclass(frozen=True, slots=True)
class ClientSeedCommitsClosed(Event):
    """No more seeds or commitments (SEED-3): every seat the seed step waits for gave one or
    declined, or the server closed the commit phase at the step's deadline. Reveals now."""


@dataclass(frozen=True, slots=True)
class ClientSeedRevealed(Event):
    """A seat opened its commitment (SEED-3): the seed and the salt it was committed with."""

    seat: int
    seed: str
    salt: str


@dataclass(frozen=True, slots=True)
class ClientSeedsSealed(Event):
    """The seats' client seeds as the first turn begins, one per seat (None: that seat gave
    none), mixed into every die from then on (SEED-1, docs/audit.md)."""

    seeds: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """The seat's time ran out (docs/api.md, "Clocks"): a service fact, not a rule. The server
    appends it, then what the game's policy does for the seat (`auto`: the documented
    automatic choices, `forfeit`: a resignation). `period` is `turn` or `decision`;
    `deadline_ms` the moment the time ran out, which the events' own times prove."""

    seat: int
    period: str
    policy: str
    deadline_ms: int


@dataclass(frozen=True, slots=True)
class AutoPassSet(Event):
    seat: int
    auto_pass: bool


# -- lore and banners --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LoreGained(Event):
    """`amount` moves from the pool to the seat's goblet (already capped by the pool)."""

    seat: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class LorePaid(Event):
    seat: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class BannersGained(Event):
    seat: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class BloodGained(Event):
    seat: int
    amount: int


# -- movement ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitMoved(Event):
    unit: str
    path: tuple[Hex, ...]
    glory: bool = False


@dataclass(frozen=True, slots=True)
class DragonFlew(Event):
    unit: str
    path: tuple[Hex, ...]
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DecisionRequested(Event):
    decision: Decision


@dataclass(frozen=True, slots=True)
class DecisionCleared(Event):
    kind: str


# -- battle -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BattleRolled(Event):
    attacker: str
    target: str
    roll: int  # index of the first die in the game's dice sequence
    faces: tuple[str, ...]
    hits: int
    flags: int
    battle_back: bool = False
    glory: bool = False


@dataclass(frozen=True, slots=True)
class UnitHit(Event):
    unit: str
    hits: int
    cause: str
    by: int | None = None


@dataclass(frozen=True, slots=True)
class FlagsIgnored(Event):
    unit: str
    flags: int
    reason: str


@dataclass(frozen=True, slots=True)
class UnitRetreated(Event):
    unit: str
    path: tuple[Hex, ...]
    short: int = 0
    glory: bool = False
    ends_move: bool = False  # after a Hold/Web fall: the dragon's move ends here (R-FLY-4)


@dataclass(frozen=True, slots=True)
class CriticalHitChecked(Event):
    unit: str
    roll: int
    faces: tuple[str, ...]
    hits: int
    killed: bool


@dataclass(frozen=True, slots=True)
class UnitDestroyed(Event):
    unit: str
    by: int | None
    cause: str


@dataclass(frozen=True, slots=True)
class GloryTaken(Event):
    unit: str


@dataclass(frozen=True, slots=True)
class GlorySpent(Event):
    unit: str
    use: str


@dataclass(frozen=True, slots=True)
class BattleBackDeclined(Event):
    unit: str


# -- zones of control and sites ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EngagementCreated(Event):
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class EngagementLapsed(Event):
    attacker: str
    defender: str
    reason: str


@dataclass(frozen=True, slots=True)
class RiderPickedUp(Event):
    unit: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class RiderPassedPortal(Event):
    unit: str


@dataclass(frozen=True, slots=True)
class RiderDelivered(Event):
    unit: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class BloodTraded(Event):
    seat: int
    unit: str
    blood: int
    currency: str
    amount: int


# -- flight and breath ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FlightDeclared(Event):
    unit: str
    path: tuple[Hex, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReactionPassed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: str
    unit: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class BreathPhaseOpened(Event):
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BreathRolled(Event):
    dragon: str
    target: str
    roll: int
    faces: tuple[str, ...]
    effect: str
    tokens: int


@dataclass(frozen=True, slots=True)
class BreathPhaseClosed(Event):
    pass
