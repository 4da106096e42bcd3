"""Events: past-tense facts. `evolve` applies them; they carry every die rolled (R-DIE-2).

Every event type is named here: the game's own (its creation, turns, seeds, clocks, its end)
are defined here, those on the board in domain/board_events.py; their base is domain/event.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.board_events import (
    BannersGained,
    BattleBackDeclined,
    BattleRolled,
    BloodGained,
    BloodTraded,
    BreathPhaseClosed,
    BreathPhaseOpened,
    BreathRolled,
    CardPlayed,
    CriticalHitChecked,
    DecisionCleared,
    DecisionRequested,
    DragonFlew,
    EngagementCreated,
    EngagementLapsed,
    FlagsIgnored,
    FlightDeclared,
    GlorySpent,
    GloryTaken,
    LoreGained,
    LorePaid,
    ReactionPassed,
    RiderDelivered,
    RiderPassedPortal,
    RiderPickedUp,
    UnitDestroyed,
    UnitHit,
    UnitMoved,
    UnitRetreated,
)
from domain.edition import FIRST
from domain.event import EVENT_TYPES, SCHEMA_VERSION, Event, event_from_json
from domain.state import Tokens

__all__ = [  # every event type, those of domain/board_events.py too
    "AutoPassSet",
    "BannersGained",
    "BattleBackDeclined",
    "BattleRolled",
    "BloodGained",
    "BloodTraded",
    "BreathPhaseClosed",
    "BreathPhaseOpened",
    "BreathRolled",
    "CardPlayed",
    "ClientSeedCommitsClosed",
    "ClientSeedCommitted",
    "ClientSeedGiven",
    "ClientSeedRevealed",
    "ClientSeedsSealed",
    "CriticalHitChecked",
    "DecisionCleared",
    "DecisionRequested",
    "DiceChosen",
    "DiceRevealed",
    "DragonFlew",
    "EVENT_TYPES",
    "EngagementCreated",
    "EngagementLapsed",
    "Event",
    "FlagsIgnored",
    "FlightDeclared",
    "GameCreated",
    "GameEnded",
    "GlorySpent",
    "GloryTaken",
    "LoreGained",
    "LorePaid",
    "MovementEnded",
    "PlayerEliminated",
    "PlayerResigned",
    "ReactionPassed",
    "RiderDelivered",
    "RiderPassedPortal",
    "RiderPickedUp",
    "RoostEnded",
    "SCHEMA_VERSION",
    "SecretsRevealed",
    "SeedStepOpened",
    "TimedOut",
    "TokensRemoved",
    "TurnEnded",
    "TurnStarted",
    "UnitDestroyed",
    "UnitHit",
    "UnitMoved",
    "UnitRetreated",
    "UnitsOrdered",
    "event_from_json",
]

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
    # The game's time control, a service setting the rules never read (docs/client/clocks.md):
    # {"kind": "per_turn", "turn_s": 60, "decision_s": 30, "policy": "auto"} …
    # Absent from a game without a clock (and from every game created before clocks).
    clock: dict[str, Any] | None = None
    # Whether a seat may ask to take back its commands (TKB-1, domain/takeback.py). Absent
    # (False) from the games created without takebacks.
    takebacks: bool = False
    # A fork's start (domain/fork.py): the parent game, its version and hashes, and the
    # position it starts from. Absent from every game that is not a fork.
    fork: dict[str, Any] | None = None

    def payload(self) -> dict[str, Any]:
        data = Event.payload(self)  # (slotted dataclasses break a bare super())
        if self.rules_edition == FIRST:
            del data["rules_edition"]  # written as the first edition's games were
        if self.commitments is None:
            del data["commitments"]  # written as games before commitments were
        if self.clock is None:
            del data["clock"]  # written as games without a clock always were
        if not self.takebacks:
            del data["takebacks"]  # written as games without takebacks always were
        if self.fork is None:
            del data["fork"]  # only a fork names its parent
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
class DiceChosen(Event):
    """A fork's owner chose the faces of the next dice, from roll `roll` on (FRK-4): they
    replace any chosen before. Only in a fork marked "dice chosen"."""

    seat: int
    roll: int
    faces: tuple[str, ...]


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
    """The seat's time ran out (docs/client/clocks.md): a service fact, not a rule. The server
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
