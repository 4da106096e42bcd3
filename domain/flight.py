"""Flight (R-FLY-1..4), breath targets (R-BRE-2) and Hold/Web reactions (R-LOR-4)."""

from __future__ import annotations

from collections.abc import Sequence

from domain import events as ev
from domain.board import blocker, in_portal, landing_blocker, occupants
from domain.commands import FlyDragon, Pass, React
from domain.errors import require
from domain.hexes import (
    Hex,
    distance,
    edge_distance,
    is_adjacent,
    iter_board,
    on_board,
)
from domain.movement import check_can_move
from domain.retreat import retreat_options, sorted_options
from domain.sites import note_portal
from domain.state import Decision, GameState, Player, Unit
from domain.tx import Tx
from domain.zoc import after_voluntary_move

MIN_FLIGHT, MAX_FLIGHT, MAX_TARGETS = 2, 4, 3


def check_flight(state: GameState, seat: int, cmd: FlyDragon) -> tuple[Unit, tuple[str, ...]]:
    """The dragon and the breath targets it marks, if this flight is legal."""
    dragon = state.units.get(cmd.unit)
    if dragon is not None and dragon.owner == seat and dragon.is_dragon:
        require(
            dragon.tokens.frost == 0,
            "R-FLY-3",
            f"dragon {cmd.unit} is frozen and cannot fly (R-FRS-1)",
        )
        require(
            dragon.tokens.fire == 0,
            "R-FLY-3",
            f"dragon {cmd.unit} is burning and cannot fly (R-FIR-2)",
        )
    unit = check_can_move(state, seat, cmd.unit)
    require(unit.is_dragon, "R-FLY-1", f"unit {cmd.unit} is not a dragon and cannot fly")
    longest = flight_length(state, unit, cmd.glory)
    path = tuple(cmd.path)
    require(
        MIN_FLIGHT <= len(path) <= longest,
        "R-FLY-1",
        f"a flight enters 2 to {longest} hexes, the path has {len(path)}",
    )
    previous = unit.hex
    for h in path:
        require(on_board(h, state.width, state.height), "R-FLY-1", f"{h} is off the board")
        require(is_adjacent(previous, h), "R-FLY-1", f"{h} is not next to {previous}")
        previous = h
    why = landing_blocker(state, unit, path[-1])
    require(why is None, "R-FLY-2", f"dragon {cmd.unit} cannot land on {path[-1]}: {why}")
    return unit, choose_targets(state, unit, path, cmd.breath_targets)


def flight_length(state: GameState, unit: Unit, glory: str | None) -> int:
    """The most hexes this flight may enter: 4, or 5 with a glory token's extra hex
    (R-CRT-4, revision 2; the first edition gives a flight nothing)."""
    if glory is None:
        return MAX_FLIGHT
    require(
        state.revised,
        "R-CRT-4",
        "this game follows the first edition of the rules: a glory token adds nothing to a flight",
    )
    require(glory == "extra_hex", "R-CRT-4", "on a flight a glory token gives only extra_hex")
    require(unit.glory > 0, "R-CRT-4", f"unit {unit.id} holds no glory token")
    return MAX_FLIGHT + 1


def candidate_targets(
    state: GameState, dragon: Unit, path: Sequence[Hex], named: Sequence[str] = ()
) -> list[str]:
    """Enemy units flown over (not the landing hex), in path order (R-BRE-2, clarified)."""
    marked = {t for t, _ in state.turn_state.breath_marks}
    rank = {uid: i for i, uid in enumerate(named)}
    out: list[str] = []
    for h in path[:-1]:
        if h == path[-1]:
            continue  # flown over earlier, but it is where the dragon lands
        here = [
            u
            for u in occupants(state).get(h, ())
            if u.owner != dragon.owner
            and u.id not in marked
            and not in_portal(state, h)
            and u.id not in out
        ]
        here.sort(key=lambda u: (rank.get(u.id, len(rank)), u.id))
        out.extend(u.id for u in here)
    return out


def choose_targets(
    state: GameState, dragon: Unit, path: Sequence[Hex], named: Sequence[str] | None
) -> tuple[str, ...]:
    if dragon.id not in state.turn_state.breath_paid:
        require(not named, "R-BRE-1", f"dragon {dragon.id} did not pay for breath this turn")
        return ()
    candidates = candidate_targets(state, dragon, path, named or ())
    if named is None or (not named and not state.revised):
        return tuple(candidates[:MAX_TARGETS])  # R-BRE-2: the first 3 in path order
    require(len(named) <= MAX_TARGETS, "R-BRE-2", f"a flight marks at most {MAX_TARGETS} targets")
    require(len(set(named)) == len(named), "R-BRE-2", "each unit is a target at most once")
    for uid in named:
        require(
            uid in candidates,
            "R-BRE-2",
            f"unit {uid} is not an enemy flown over that may be marked",
        )
    return tuple(u for u in candidates if u in named)


def handle_fly(tx: Tx, cmd: FlyDragon, seat: int) -> None:
    unit, targets = check_flight(tx.state, seat, cmd)
    if cmd.glory is not None:
        tx.emit(ev.GlorySpent(unit=unit.id, use=cmd.glory))  # R-CRT-4: spent when declared
    waiting = reaction_seats(tx.state, seat)
    if not waiting:
        complete_flight(tx, unit.id, tuple(cmd.path), targets)
        return
    tx.emit(ev.FlightDeclared(unit=unit.id, path=tuple(cmd.path), targets=targets))
    tx.emit(
        ev.DecisionRequested(
            Decision(
                kind="reaction",
                seat=waiting[0],
                unit=unit.id,
                path=tuple(cmd.path),
                targets=targets,
                waiting=waiting,
            )
        )
    )


def reaction_seats(state: GameState, active: int) -> tuple[int, ...]:
    """R-FLY-4: every opponent holding any lore card (and, from revision 2, the lore to pay
    for one), in seat order after the active one."""
    if state.auto_decisions:
        return ()  # the engine's documented choice for a reaction is to pass
    n = len(state.players)
    seats = [(active + k) % n for k in range(1, n)]
    return tuple(s for s in seats if _may_react(state, state.player(s)))


def _may_react(state: GameState, player: Player) -> bool:
    if not player.cards or player.eliminated or player.auto_pass:
        return False
    return player.lore >= state.settings.card_cost or not state.revised


def complete_flight(tx: Tx, unit_id: str, path: tuple[Hex, ...], targets: tuple[str, ...]) -> None:
    tx.emit(ev.DragonFlew(unit=unit_id, path=path, targets=targets))
    note_portal(tx, unit_id, path)  # R-SIT-3: flying over the portal enters it
    after_voluntary_move(tx, unit_id)


def handle_pass(tx: Tx, cmd: Pass, seat: int) -> None:
    tx.emit(ev.ReactionPassed(seat=seat))
    pending = tx.state.pending
    assert pending is not None
    for later in pending.waiting:
        if tx.state.player(later).eliminated:  # resigned while waiting: never answers
            tx.emit(ev.ReactionPassed(seat=later))
    pending = tx.state.pending
    assert pending is not None
    if not pending.waiting:
        complete_flight(tx, pending.unit, pending.path, pending.targets)


def handle_react(tx: Tx, cmd: React, seat: int) -> None:
    pending = tx.state.pending
    assert pending is not None and pending.kind == "reaction"
    player = tx.state.player(seat)
    cost = tx.state.settings.card_cost
    require(cmd.card in player.cards, "R-LOR-4", f"seat {seat} holds no {cmd.card} card")
    require(
        player.lore >= cost,
        "R-LOR-4",
        f"playing {cmd.card} costs {cost} lore; seat {seat} has {player.lore}",
    )
    require(
        cmd.hex in pending.path, "R-FLY-4", f"{cmd.hex} is not a hex of the flight after its start"
    )
    cut = pending.path.index(cmd.hex) + 1
    check = tx.roll(1)  # R-DIE-3: the fall's check is drawn when the reaction is played
    dies = tx.state.units[pending.unit].spec.banner in check[1]
    tx.emit(ev.LorePaid(seat=seat, amount=cost, reason=f"{cmd.card} card"))
    tx.emit(ev.CardPlayed(seat=seat, card=cmd.card, unit=pending.unit, hex=cmd.hex))
    # Targets before the named hex stay marked, unless the fall kills the dragon: a dead
    # dragon breathes on nobody (and its marks would otherwise outlive it).
    kept = tuple(t for t in pending.targets if tx.state.units[t].hex in pending.path[: cut - 1])
    tx.emit(ev.DragonFlew(unit=pending.unit, path=pending.path[:cut], targets=() if dies else kept))
    note_portal(tx, pending.unit, pending.path[:cut])
    fall(tx, pending.unit, seat, check)


def fall(tx: Tx, unit_id: str, by: int, check: tuple[int, tuple[str, ...]]) -> None:
    """R-FLY-4: a 1-die critical hit check; then off a blocked hex, toward home (no hits)."""
    first, faces = check
    unit = tx.state.units[unit_id]
    killed = unit.spec.banner in faces
    tx.emit(ev.CriticalHitChecked(unit=unit_id, roll=first, faces=faces, hits=1, killed=killed))
    if killed:
        tx.emit(ev.UnitDestroyed(unit=unit_id, by=by, cause="fell after a Hold/Web card"))
        tx.emit(ev.BannersGained(seat=by, amount=2, reason=f"{unit_id} fell and died"))  # R-CRT-4
        return
    if fall_blocker(tx.state, unit) is None:
        after_voluntary_move(tx, unit_id)
        return
    nearest = _nearest_landing(tx.state, unit)
    if nearest == 0:  # nowhere to land toward home: the nearest free landing hex anywhere
        anywhere = _any_landing(tx.state, unit)
        if anywhere is not None:
            tx.emit(ev.UnitRetreated(unit=unit_id, path=(anywhere,), ends_move=True))
        after_voluntary_move(tx, unit_id)
        return
    _, options = retreat_options(tx.state, unit, nearest)
    if len(options) >= 2 and not tx.state.auto_decisions:
        tx.emit(
            ev.DecisionRequested(
                Decision(
                    kind="retreat", seat=unit.owner, unit=unit_id, hexes=nearest, then_zoc=True
                )
            )
        )
        return
    path = sorted_options(options)[0] if options else ()
    tx.emit(ev.UnitRetreated(unit=unit_id, path=path, ends_move=True))
    after_voluntary_move(tx, unit_id)


def fall_blocker(state: GameState, dragon: Unit) -> str | None:
    """Why a felled dragon may not stay where it fell (R-FLY-4). Revision 2: only a unit or
    a hex no ground unit may stand on (a river, a full site) moves it; the first edition
    also moved it off any terrain tile."""
    if state.revised:
        return blocker(state, dragon, dragon.hex)
    return landing_blocker(state, dragon, dragon.hex)


def _nearest_landing(state: GameState, unit: Unit) -> int:
    """How many steps toward home the nearest landing hex lies (0: none that way)."""
    edge = state.player(unit.owner).home_edge
    for hexes in range(1, edge_distance(unit.hex, edge, state.width, state.height) + 1):
        _, options = retreat_options(state, unit, hexes)
        if options:  # none nearer, so these lie exactly `hexes` steps away
            return hexes
    return 0


def _any_landing(state: GameState, unit: Unit) -> Hex | None:
    free = [
        h for h in iter_board(state.width, state.height) if landing_blocker(state, unit, h) is None
    ]
    return min(free, key=lambda h: (distance(unit.hex, h), h), default=None)
