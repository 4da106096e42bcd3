"""Events on the board: lore and banners, movement, battle, zones of control, sites, flight
and breath. Apart from domain/events.py only to keep each module short: domain/events.py
names them too, and `from domain import events as ev` reaches every event type."""

from __future__ import annotations

from dataclasses import dataclass

from domain.event import Event
from domain.hexes import Hex
from domain.state import Decision

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
