"""A game's history in plain words: one line per event (issue 6, "Readable history").

    describe(event, state_before) -> "Turn 7, south: Fire Dragon s-fire flew [3,5]→[6,3], …"
    narrate(events) -> one such line per event, folding `evolve` to know the state before each

Lines name seats by their home edge (a seat number only when two seats share an edge) and
never reveal a seat's lore cards: GameCreated says how many each seat holds (R-LOR-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from domain import events as ev
from domain import takeback as tkb
from domain.evolve import evolve
from domain.hexes import Hex
from domain.state import Decision, GameState


def narrate(events: Iterable[ev.Event]) -> list[str]:
    """One line per event, in order."""
    lines: list[str] = []
    state: GameState | None = None
    for event in events:
        lines.append(describe(event, state))
        state = evolve(state, event)
    return lines


def describe(event: ev.Event, state_before: GameState | None) -> str:
    """The event in plain words, given the state it was applied to (None for GameCreated)."""
    if isinstance(event, ev.GameCreated):
        return _game_created(event)
    if state_before is None:
        return f"{event.type} before the game was created"
    if isinstance(event, ev.TurnStarted):
        return f"Turn {event.turn}, {seat_name(state_before, event.seat)}: turn begins"
    describer = _DESCRIBERS.get(type(event))
    text = describer(state_before, event) if describer else f"{event.type} {event.payload()}"
    header = f"Turn {state_before.turn}, {seat_name(state_before, state_before.active)}"
    return f"{header}: {text}"


def seat_name(state: GameState, seat: int | None) -> str:
    """A seat by its home edge; `seat N (edge)` when another seat shares that edge."""
    if seat is None or not 0 <= seat < len(state.players):
        return "the server" if seat is None else f"seat {seat}"
    edge = state.player(seat).home_edge
    if sum(p.home_edge == edge for p in state.players) > 1:
        return f"seat {seat} ({edge})"
    return edge


def unit_name(state: GameState, unit_id: str) -> str:
    """`Fire Dragon s-fire`, `red foot n-foot-2`; the bare id for a unit no longer there."""
    unit = state.units.get(unit_id)
    if unit is None:
        return unit_id
    kind = unit.kind.replace("_", " ")
    return f"{kind.title() if unit.is_dragon else kind} {unit_id}"


def _path(start: Hex | None, path: Sequence[Hex]) -> str:
    hexes = ([start] if start is not None and start not in path[:1] else []) + list(path)
    return "→".join(repr(h) for h in hexes)


def _unit_path(state: GameState, unit_id: str, path: Sequence[Hex]) -> str:
    unit = state.units.get(unit_id)
    return _path(unit.hex if unit else None, path)


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith('x') else 's'}"


def _by(state: GameState, seat: int) -> str:
    """The seat's name, or nothing when it is the active seat the line's header names."""
    return "" if seat == state.active else f"{seat_name(state, seat)} "


def _faces(faces: Sequence[str]) -> str:
    return ", ".join(f.replace("_", " ") for f in faces) if faces else "no dice"


def _secrets_revealed(state: GameState, e: ev.SecretsRevealed) -> str:
    hands = "; ".join(
        f"{seat_name(state, seat)} {', '.join(hand) if hand else 'none'}"
        for seat, hand in enumerate(e.hands)
    )
    seed = f"; the dice seed: {e.seed}" if e.seed else ""
    return f"the hands dealt are revealed: {hands}{seed}"


def _game_created(e: ev.GameCreated) -> str:
    if e.fork is not None:  # FRK-1..4: a practice game from another game's position
        chosen = ", its dice chosen by its owner" if e.fork.get("dice") == "chosen" else ""
        return (f"Fork of game {e.fork.get('parent')} at version {e.fork.get('version')}: "
                f"a practice game, every hand known{chosen}")  # fmt: skip
    doc = e.scenario
    players = doc.get("players") or []
    edges = [str(p.get("home_edge", "?")) for p in players]
    seats = []
    for seat, p in enumerate(players):
        name = edges[seat] if edges.count(edges[seat]) == 1 else f"seat {seat} ({edges[seat]})"
        cards = len(p.get("cards") or [])
        seats.append(f"{name} {p.get('lore', 0)} lore, {_plural(cards, 'lore card')}")
    size = f"{doc.get('width', 13)}×{doc.get('height', 9)}"
    units = len(doc.get("units") or [])
    auto = ", decisions automatic" if e.auto_decisions else ""
    name = str(doc.get("name") or "unnamed")
    return (
        f"Game created: scenario {name}, {size} board, {_plural(units, 'unit')}{auto}; "
        + "; ".join(seats)
    )


def _units_ordered(s: GameState, e: ev.UnitsOrdered) -> str:
    if not e.units:
        return f"{_by(s, e.seat)}ordered no units".lstrip()
    text = f"{_by(s, e.seat)}ordered {_and([unit_name(s, u) for u in e.units])}"
    if e.breath:
        text += f"; breath flight for {_and(list(e.breath))}"
    if e.roost:
        text += f"; {_and(list(e.roost))} roosting"
    return text


def _tokens_removed(s: GameState, e: ev.TokensRemoved) -> str:
    parts = [_plural(e.tokens.get(k), f"{k} token") for k in ("poison", "frost", "fire")]
    removed = [p for p in parts if not p.startswith("0 ")]
    return f"{_and(removed) or 'no tokens'} removed from {unit_name(s, e.unit)}"


def _game_ended(s: GameState, e: ev.GameEnded) -> str:
    result = "a draw" if e.winner is None else f"{seat_name(s, e.winner)} wins"
    return f"game over: {result} ({e.reason})"


def _blood_traded(s: GameState, e: ev.BloodTraded) -> str:
    what = _plural(e.amount, "victory banner") if e.currency == "banner" else f"{e.amount} lore"
    return f"{_by(s, e.seat)}traded {e.blood} blood for {what} at {unit_name(s, e.unit)}'s village"


def _unit_moved(s: GameState, e: ev.UnitMoved) -> str:
    glory = " (spending glory: +1 hex)" if e.glory else ""
    return f"{unit_name(s, e.unit)} moved {_unit_path(s, e.unit, e.path)}{glory}"


def _flight_declared(s: GameState, e: ev.FlightDeclared) -> str:
    return f"{unit_name(s, e.unit)} declares a flight {_unit_path(s, e.unit, e.path)}" + (
        f", breath on {_and(list(e.targets))}" if e.targets else ""
    )


def _dragon_flew(s: GameState, e: ev.DragonFlew) -> str:
    return f"{unit_name(s, e.unit)} flew {_unit_path(s, e.unit, e.path)}" + (
        f", breath on {_and(list(e.targets))}" if e.targets else ""
    )


def _decision_requested(s: GameState, e: ev.DecisionRequested) -> str:
    d = e.decision
    return f"waiting for {seat_name(s, d.seat)}: {_decision(s, d)}"


def _decision(s: GameState, d: Decision) -> str:
    unit = unit_name(s, d.unit)
    if d.kind == "retreat":
        return f"retreat path of {unit} ({_plural(d.hexes, 'hex')})"
    if d.kind == "battle_back":
        return f"does {unit} battle back against {d.other}?"
    if d.kind == "reaction":
        return f"a Hold/Web reaction to the flight of {unit}"
    return f"breath on {_and(list(d.targets))}"


def _battle_rolled(s: GameState, e: ev.BattleRolled) -> str:
    verb = "battled back against" if e.battle_back else "battled"
    glory = " (spending glory: +1 die)" if e.glory else ""
    result = f"{_plural(e.hits, 'hit')}, {_plural(e.flags, 'flag')}"
    return (
        f"{unit_name(s, e.attacker)} {verb} {unit_name(s, e.target)}{glory}: "
        f"rolled {_faces(e.faces)}: {result}"
    )


def _unit_hit(s: GameState, e: ev.UnitHit) -> str:
    unit = s.units.get(e.unit)
    left = ""
    if unit is not None and not unit.is_dragon:
        left = f", {_plural(max(0, unit.figures - e.hits), 'figure')} left"
    return f"{unit_name(s, e.unit)} takes {_plural(e.hits, 'hit')} ({e.cause}){left}"


def _unit_retreated(s: GameState, e: ev.UnitRetreated) -> str:
    name = unit_name(s, e.unit)
    text = f"{name} retreated {_unit_path(s, e.unit, e.path)}" if e.path else f"{name} holds"
    if e.short:
        text += f", {_plural(e.short, 'hex')} short"
    return text + (" (spending glory: +1 hex)" if e.glory else "")


def _critical_hit_checked(s: GameState, e: ev.CriticalHitChecked) -> str:
    outcome = "killed" if e.killed else "survives"
    # R-CRT-1: only a Hold/Web fall (R-FLY-4) checks a single hit
    cause = "its fall" if e.hits == 1 else _plural(e.hits, "hit")
    return (
        f"critical hit check on {unit_name(s, e.unit)} for {cause}: "
        f"rolled {_faces(e.faces)}: {outcome}"
    )


def _unit_destroyed(s: GameState, e: ev.UnitDestroyed) -> str:
    by = f", credited to {seat_name(s, e.by)}" if e.by is not None else ""
    return f"{unit_name(s, e.unit)} is destroyed ({e.cause}){by}"


def _breath_rolled(s: GameState, e: ev.BreathRolled) -> str:
    if e.tokens:
        result = f"{_plural(e.tokens, f'{e.effect} token')} on {e.target}"
    elif "lore" in e.faces:
        result = f"no {e.effect} token on {e.target} (on water)"
    else:
        result = f"no effect on {e.target}"
    return (
        f"{unit_name(s, e.dragon)} breathed on {unit_name(s, e.target)}: "
        f"rolled {_faces(e.faces)}: {result}"
    )


def _timed_out(s: GameState, e: ev.TimedOut) -> str:
    what = "decision" if e.period == "decision" else "turn"
    then = "it resigns" if e.policy == "forfeit" else "the server plays the automatic choices"
    return f"{seat_name(s, e.seat)}'s time for its {what} ran out; {then}"


def _breath_phase_closed(s: GameState, e: ev.BreathPhaseClosed) -> str:
    return "breath phase closes"


Describer = Callable[[GameState, Any], str]
_DESCRIBERS: dict[type[ev.Event], Describer] = {
    ev.UnitsOrdered: _units_ordered,
    ev.TokensRemoved: _tokens_removed,
    ev.GameEnded: _game_ended,
    ev.BloodTraded: _blood_traded,
    ev.UnitMoved: _unit_moved,
    ev.FlightDeclared: _flight_declared,
    ev.DragonFlew: _dragon_flew,
    ev.DecisionRequested: _decision_requested,
    ev.BattleRolled: _battle_rolled,
    ev.UnitHit: _unit_hit,
    ev.UnitRetreated: _unit_retreated,
    ev.CriticalHitChecked: _critical_hit_checked,
    ev.UnitDestroyed: _unit_destroyed,
    ev.BreathRolled: _breath_rolled,
    ev.BreathPhaseClosed: _breath_phase_closed,
    ev.RoostEnded: lambda s, e: f"{unit_name(s, e.unit)} stops roosting",
    ev.MovementEnded: lambda s, e: "movement ends",
    ev.TurnEnded: lambda s, e: "turn ends",
    ev.PlayerResigned: lambda s, e: f"{seat_name(s, e.seat)} resigned",
    ev.PlayerEliminated: lambda s, e: f"{seat_name(s, e.seat)} is eliminated",
    ev.DiceRevealed: lambda s, e: f"the dice seed is revealed: {e.seed}",
    ev.DiceChosen: lambda s, e: f"the owner chooses the next dice: {', '.join(e.faces)}",
    ev.SecretsRevealed: lambda s, e: _secrets_revealed(s, e),
    ev.TimedOut: _timed_out,
    ev.ClientSeedGiven: lambda s, e: (
        f"{seat_name(s, e.seat)} "
        + (
            "declines to give a client seed"
            if e.seed is None
            else f"gives the client seed {e.seed!r}"
        )
    ),  # fmt: skip
    ev.SeedStepOpened: lambda s, e: (
        f"the seed step opens for seats {', '.join(str(x) for x in e.seats)}: their seeds"
    ),
    ev.ClientSeedCommitted: lambda s, e: f"{seat_name(s, e.seat)} commits to a client seed",
    ev.ClientSeedCommitsClosed: lambda s, e: "the client seed commitments close: seats reveal",
    ev.ClientSeedRevealed: lambda s, e: (
        f"{seat_name(s, e.seat)} reveals its client seed {e.seed!r}"
    ),
    ev.ClientSeedsSealed: lambda s, e: (
        f"the client seeds are sealed: {sum(x is not None for x in e.seeds)} of {len(e.seeds)} "
        "seats gave one"
    ),
    ev.AutoPassSet: lambda s, e: (
        f"{seat_name(s, e.seat)} turns auto-pass {'on' if e.auto_pass else 'off'}"
    ),
    ev.LoreGained: lambda s, e: f"{_by(s, e.seat)}gained {e.amount} lore ({e.reason})",
    ev.LorePaid: lambda s, e: f"{_by(s, e.seat)}paid {e.amount} lore ({e.reason})",
    ev.BannersGained: lambda s, e: (
        f"{_by(s, e.seat)}gained {_plural(e.amount, 'victory banner')} ({e.reason})"
    ),
    ev.BloodGained: lambda s, e: f"{_by(s, e.seat)}gained {_plural(e.amount, 'blood point')}",
    ev.ReactionPassed: lambda s, e: f"{seat_name(s, e.seat)} does not react",
    ev.CardPlayed: lambda s, e: (
        f"{seat_name(s, e.seat)} played {e.card} on {unit_name(s, e.unit)} at {e.hex!r}"
    ),
    ev.DecisionCleared: lambda s, e: f"the {e.kind.replace('_', ' ')} decision is settled",
    ev.FlagsIgnored: lambda s, e: (
        f"{unit_name(s, e.unit)} ignores {_plural(e.flags, 'flag')} ({e.reason})"
    ),
    ev.GloryTaken: lambda s, e: f"{unit_name(s, e.unit)} takes a glory token",
    ev.GlorySpent: lambda s, e: (
        f"{unit_name(s, e.unit)} spends its glory token ({e.use.replace('_', ' ')})"
    ),
    ev.BattleBackDeclined: lambda s, e: f"{unit_name(s, e.unit)} does not battle back",
    ev.EngagementCreated: lambda s, e: (
        f"{unit_name(s, e.attacker)} engages {unit_name(s, e.defender)}"
    ),
    ev.EngagementLapsed: lambda s, e: (
        f"engagement of {e.attacker} and {e.defender} lapses ({e.reason})"
    ),
    ev.RiderPickedUp: lambda s, e: f"{unit_name(s, e.unit)} picks up a rider at {e.hex!r}",
    ev.RiderPassedPortal: lambda s, e: f"the rider of {unit_name(s, e.unit)} passes the portal",
    ev.RiderDelivered: lambda s, e: f"{unit_name(s, e.unit)} delivers its rider at {e.hex!r}",
    ev.BreathPhaseOpened: lambda s, e: f"breath phase opens: targets {_and(list(e.targets))}",
    tkb.TakebackRequested: lambda s, e: (
        f"{seat_name(s, e.seat)} asks to take back its commands since version {e.to_version}"
    ),
    tkb.TakebackDeclined: lambda s, e: f"{seat_name(s, e.by)} declines the takeback",
    tkb.TakenBack: lambda s, e: (
        f"{seat_name(s, e.by)} accepts the takeback: the game is back as it stood at version "
        f"{e.to_version}"
    ),
}
