"""Battles, battle back, engagements and voluntary combat (R-BAT, R-ZOC-1/6, R-BLD-1)."""

from __future__ import annotations

from dataclasses import dataclass

from domain import events as ev
from domain.board import crosses_red_border, in_portal, occupants
from domain.catalogue import EFFECT_DICE_CAP, TERRAIN_DICE_CAP
from domain.commands import Battle, BattleBack
from domain.damage import damage
from domain.errors import RuleViolation, require
from domain.hexes import Hex, is_adjacent, neighbors
from domain.retreat import start_retreat
from domain.state import Decision, GameState, Unit
from domain.tx import Tx
from domain.zoc import have_fought, is_engaged, prune_engagements


def battle_dice(state: GameState, attacker: Unit, target: Unit, extra_die: bool) -> int:
    """R-BAT-2: base dice capped by terrain, plus glory, then capped by frost or fire."""
    here, there = state.terrain_at(attacker.hex), state.terrain_at(target.hex)
    base = attacker.spec.melee_dice
    if (
        here.cap_into_or_out
        or there.cap_into_or_out
        or here.cap_out_of
        or (there.cap_onto_from_other and not here.cap_onto_from_other)
    ):
        base = min(base, TERRAIN_DICE_CAP)
    dice = base + (1 if extra_die else 0)
    if attacker.tokens.frost or attacker.tokens.fire:  # R-FRS-1, R-FIR-1
        dice = min(dice, EFFECT_DICE_CAP)
    return dice


@dataclass(frozen=True, slots=True)
class Score:
    hits: int
    flags: int
    lore: int
    self_hits: int
    poison_hits: int


def score(
    faces: tuple[str, ...], attacker: Unit, target: Unit, poison_keeps_lore: bool = True
) -> Score:
    """R-BAT-3 with R-PSN-1 (poison) and R-FRS-2 (flags on a frozen unit are hits).

    R-LOR-2: every `lore` face gives lore, also one that causes a poison hit (revision 2;
    the first edition gave none for such a face: `poison_keeps_lore=False`)."""
    hits = flags = lore = self_hits = poison_hits = 0
    for face in faces:
        if face == target.spec.banner or (face == "bonus_strike" and attacker.spec.bonus_strike):
            hits += 1
        elif face == "flag":
            flags += 1
        elif face == "lore":
            poison_hits += 1 if target.tokens.poison else 0
            self_hits += 1 if attacker.tokens.poison else 0
            poisons = bool(target.tokens.poison or attacker.tokens.poison)
            lore += 1 if poison_keeps_lore or not poisons else 0
    if target.tokens.frost:
        hits, flags = hits + flags, 0
    return Score(hits + poison_hits, flags, lore, self_hits, poison_hits)


def is_supported(state: GameState, unit: Unit) -> bool:
    here = occupants(state)
    friendly = (any(u.owner == unit.owner for u in here.get(h, ())) for h in neighbors(unit.hex))
    return sum(friendly) >= 2


def is_bold(state: GameState, unit: Unit) -> bool:
    return unit.is_dragon or is_supported(state, unit)  # R-BAT-5


def may_ignore_flag(state: GameState, unit: Unit) -> bool:
    if unit.tokens.frost:
        return False  # R-FRS-2
    return unit.is_dragon or is_supported(state, unit)  # R-MOR-1


def reach_problem(state: GameState, a: Unit, b: Unit) -> str | None:
    """Whether `a` can fight `b` where they stand (adjacency, shared site, borders, portal)."""
    if in_portal(state, a.hex) or in_portal(state, b.hex):
        return "dragons inside the portal cannot fight or be fought (R-ZOC-7)"
    same_site = a.hex == b.hex and state.sites.get(a.hex) is not None
    if not (is_adjacent(a.hex, b.hex) or same_site):
        return f"{b.id} at {b.hex} is not next to {a.id} at {a.hex}"
    if crosses_red_border(state, a.hex, b.hex):
        return "no battle crosses a village's red border (R-ZOC-3)"
    return None


def battle_problem(
    state: GameState, seat: int, unit_id: str, target_id: str
) -> RuleViolation | None:
    """Why `seat` may not start this battle now, or None (shared by decide and legal_actions)."""
    if state.phase != "combat":
        return RuleViolation(
            "R-TRN-7",
            f"battles are fought in the combat phase; it is the {state.phase} phase"
            " (send end_movement first)",
            "wrong_phase",
        )
    unit, target = state.units.get(unit_id), state.units.get(target_id)
    if unit is None or unit.owner != seat:
        return RuleViolation("R-BAT-1", f"seat {seat} has no unit {unit_id}")
    if target is None or target.owner == seat:
        return RuleViolation("R-BAT-1", f"there is no enemy unit {target_id}")
    problem = reach_problem(state, unit, target)
    if problem is not None:
        return RuleViolation("R-BAT-1", f"unit {unit_id} cannot battle {target_id}: {problem}")
    if is_engaged(state, unit_id, target_id):
        return None  # R-ZOC-1: an engagement is fought whatever else happened this turn
    return _optional_battle_problem(state, unit, target)


def _optional_battle_problem(state: GameState, unit: Unit, target: Unit) -> RuleViolation | None:
    ts = state.turn_state
    checks = (
        (unit.id in ts.ordered, "R-TRN-4", f"unit {unit.id} was not ordered this turn"),
        (unit.id not in ts.battled, "R-BAT-1", f"unit {unit.id} has battled already this turn"),
        (
            unit.id not in ts.engaged,
            "R-ZOC-1",
            f"dragon {unit.id} fights engagements this turn instead of an optional battle",
        ),
        (
            unit.id not in ts.flew,
            "R-MOV-3",
            f"dragon {unit.id} flew this turn and may not battle by choice",
        ),
        (not unit.roosted, "R-RST-2", f"dragon {unit.id} is roosting and cannot start a battle"),
        (
            not (unit.is_dragon and target.is_dragon and have_fought(state, unit.id, target.id)),
            "R-ZOC-2",
            f"dragons {unit.id} and {target.id} have fought each other this turn",
        ),
        (unit.hex != target.hex or unit.is_dragon, "R-ZOC-6", "only dragons share a hex"),
    )
    for ok, rule, message in checks:
        if not ok:
            return RuleViolation(rule, message)
    return None


def handle_battle(tx: Tx, cmd: Battle, seat: int) -> None:
    problem = battle_problem(tx.state, seat, cmd.unit, cmd.target)
    if problem is not None:
        raise problem
    if cmd.glory is not None:
        unit = tx.state.units[cmd.unit]
        require(
            cmd.glory == "extra_die", "R-CRT-4", "in a battle a glory token gives only extra_die"
        )
        require(unit.glory > 0, "R-CRT-4", f"unit {cmd.unit} holds no glory token")
        tx.emit(ev.GlorySpent(unit=cmd.unit, use=cmd.glory))
    fight(tx, cmd.unit, cmd.target, battle_back=False, extra_die=cmd.glory is not None)
    prune_engagements(tx)


def fight(
    tx: Tx, attacker_id: str, target_id: str, battle_back: bool, extra_die: bool = False
) -> None:
    """One battle in the dice order of R-DIE-3; may stop at a decision (R-TRN-9)."""
    attacker, target = tx.state.units[attacker_id], tx.state.units[target_id]
    start = target.hex
    first, faces = tx.roll(battle_dice(tx.state, attacker, target, extra_die))
    s = score(faces, attacker, target, poison_keeps_lore=tx.state.revised)
    tx.emit(
        ev.BattleRolled(
            attacker=attacker_id,
            target=target_id,
            roll=first,
            faces=faces,
            hits=s.hits,
            flags=s.flags,
            battle_back=battle_back,
            glory=extra_die,
        )
    )
    _gain_lore_and_blood(tx, attacker, target, s)
    by = (
        target.poisoned_by
        if s.hits == s.poison_hits and target.poisoned_by is not None
        else attacker.owner
    )
    damage(tx, target_id, s.hits, by, "battle", killer=attacker_id)
    damage(tx, attacker_id, s.self_hits, attacker.poisoned_by, "poison")
    survived = target_id in tx.state.units
    if (
        survived
        and s.flags
        and _retreat_after_flags(tx, attacker_id, target_id, s.flags, attacker.owner, battle_back)
    ):
        return
    if not battle_back:
        offer_battle_back(tx, attacker_id, target_id, start)


def _gain_lore_and_blood(tx: Tx, attacker: Unit, target: Unit, s: Score) -> None:
    gain = min(s.lore, tx.state.lore_pool)
    if gain:
        tx.emit(
            ev.LoreGained(seat=attacker.owner, amount=gain, reason="lore rolled in battle")
        )  # R-LOR-2
    if (
        attacker.is_dragon
        and target.is_dragon
        and s.hits
        and not (attacker.roosted or target.roosted)
    ):
        tx.emit(ev.BloodGained(seat=attacker.owner, amount=s.hits))  # R-BLD-1, R-ZOC-4


def _retreat_after_flags(
    tx: Tx, attacker_id: str, target_id: str, flags: int, by: int, battle_back: bool
) -> bool:
    target = tx.state.units[target_id]
    if may_ignore_flag(tx.state, target):
        tx.emit(
            ev.FlagsIgnored(
                unit=target_id, flags=1, reason="dragon" if target.is_dragon else "supported"
            )
        )
        flags -= 1
    if not flags:
        return False
    hexes = flags * (3 if target.is_dragon else 1)  # R-RET-1, R-MOR-2
    return start_retreat(tx, target_id, hexes, by, battle_back, attacker_id)


def offer_battle_back(tx: Tx, attacker_id: str, target_id: str, start: Hex) -> None:
    """R-BAT-5: a Bold target that survived where it stood may battle back once."""
    state = tx.state
    attacker, target = state.units.get(attacker_id), state.units.get(target_id)
    if attacker is None or target is None or target.hex != start or not is_bold(state, target):
        return
    if reach_problem(state, target, attacker) is not None:
        return
    if state.auto_decisions:
        fight(tx, target_id, attacker_id, battle_back=True)
        return
    tx.emit(
        ev.DecisionRequested(
            Decision(kind="battle_back", seat=target.owner, unit=target_id, other=attacker_id)
        )
    )


def handle_battle_back(tx: Tx, cmd: BattleBack, seat: int) -> None:
    pending = tx.state.pending
    assert pending is not None and pending.kind == "battle_back" and pending.other is not None
    require(
        cmd.unit == pending.unit, "R-TRN-9", f"the battle back offered is for unit {pending.unit}"
    )
    if cmd.glory is not None:
        check_battle_back_glory(tx.state, cmd)
        tx.emit(ev.GlorySpent(unit=cmd.unit, use=cmd.glory))
    if cmd.accept:
        fight(tx, pending.unit, pending.other, battle_back=True, extra_die=cmd.glory is not None)
    else:
        tx.emit(ev.BattleBackDeclined(unit=pending.unit))
    prune_engagements(tx)


def check_battle_back_glory(state: GameState, cmd: BattleBack) -> None:
    """R-CRT-4 (revision 2): a glory token's extra die on an accepted battle back."""
    require(
        state.revised,
        "R-CRT-4",
        "this game follows the first edition of the rules: a glory token adds no die to a"
        " battle back",
    )
    require(cmd.accept, "R-CRT-4", "a glory token is spent on an accepted battle back only")
    require(
        cmd.glory == "extra_die", "R-CRT-4", "on a battle back a glory token gives only extra_die"
    )
    require(state.units[cmd.unit].glory > 0, "R-CRT-4", f"unit {cmd.unit} holds no glory token")
