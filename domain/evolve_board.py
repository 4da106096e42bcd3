"""How the events on the board apply (lore and banners, movement, battle, zones of control,
sites, flight and breath): each handler returns the state a fact leads to. Collected by
domain/evolve.py."""

from __future__ import annotations

from domain import events as ev
from domain.evolve_game import Handler, registry, with_turn
from domain.state import (
    Decision,
    Engagement,
    GameState,
    players_with,
    replace,
    units_with,
    with_player,
    with_unit,
    without_unit,
)

HANDLERS: dict[type[ev.Event], Handler] = {}
_on = registry(HANDLERS)


@_on(ev.LoreGained)
def _lore_gained(state: GameState, e: ev.LoreGained) -> GameState:
    player = state.player(e.seat)
    players = players_with(state, replace(player, lore=player.lore + e.amount))
    return replace(state, players=players, lore_pool=state.lore_pool - e.amount)


@_on(ev.LorePaid)
def _lore_paid(state: GameState, e: ev.LorePaid) -> GameState:
    player = state.player(e.seat)
    players = players_with(state, replace(player, lore=player.lore - e.amount))
    return replace(state, players=players, lore_pool=state.lore_pool + e.amount)


@_on(ev.BannersGained)
def _banners_gained(state: GameState, e: ev.BannersGained) -> GameState:
    player = state.player(e.seat)
    return with_player(state, replace(player, banners=player.banners + e.amount))


@_on(ev.BloodGained)
def _blood_gained(state: GameState, e: ev.BloodGained) -> GameState:
    player = state.player(e.seat)
    return with_player(state, replace(player, blood=player.blood + e.amount))


@_on(ev.UnitMoved)
def _unit_moved(state: GameState, e: ev.UnitMoved) -> GameState:
    unit = replace(state.units[e.unit], hex=e.path[-1])
    ts = state.turn_state
    moved_to = {**ts.moved_to, e.unit: e.path[-1]}
    turn_state = replace(ts, moved=ts.moved | {e.unit}, moved_to=moved_to)
    return replace(state, units=units_with(state, unit), turn_state=turn_state)


@_on(ev.DecisionRequested)
def _decision_requested(state: GameState, e: ev.DecisionRequested) -> GameState:
    return replace(state, pending=e.decision)


@_on(ev.DecisionCleared)
def _decision_cleared(state: GameState, e: ev.DecisionCleared) -> GameState:
    return replace(state, pending=None)


@_on(ev.BattleRolled)
def _battle_rolled(state: GameState, e: ev.BattleRolled) -> GameState:
    ts = state.turn_state
    fought = {Engagement(e.attacker, e.target), Engagement(e.target, e.attacker)}
    pair = (e.attacker, e.target) if e.attacker < e.target else (e.target, e.attacker)
    in_village = {u for u in pair if _stands_in_village(state, u)}
    return replace(
        state,
        rolls=e.roll + len(e.faces),
        pending=None if e.battle_back else state.pending,
        engagements=tuple(g for g in state.engagements if g not in fought),
        turn_state=replace(
            ts,
            fought_pairs=ts.fought_pairs | {pair},
            fought_in_village=ts.fought_in_village | in_village,
            battled=ts.battled if e.battle_back else ts.battled | {e.attacker},
        ),
    )


def _stands_in_village(state: GameState, unit_id: str) -> bool:
    site = state.sites.get(state.units[unit_id].hex)
    return site is not None and site.kind == "village"


@_on(ev.UnitHit)
def _unit_hit(state: GameState, e: ev.UnitHit) -> GameState:
    unit = state.units[e.unit]
    if unit.is_dragon:
        return state
    return with_unit(state, replace(unit, figures=max(0, unit.figures - e.hits)))


@_on(ev.FlagsIgnored)
def _flags_ignored(state: GameState, e: ev.FlagsIgnored) -> GameState:
    return state


@_on(ev.UnitRetreated)
def _unit_retreated(state: GameState, e: ev.UnitRetreated) -> GameState:
    pending = state.pending
    if pending is not None and pending.kind == "retreat" and pending.unit == e.unit:
        state = replace(state, pending=None)
    if not e.path:
        return state
    if e.ends_move:
        state = with_turn(state, moved_to={**state.turn_state.moved_to, e.unit: e.path[-1]})
    return with_unit(state, replace(state.units[e.unit], hex=e.path[-1]))


@_on(ev.CriticalHitChecked)
def _critical_hit_checked(state: GameState, e: ev.CriticalHitChecked) -> GameState:
    return replace(state, rolls=e.roll + len(e.faces))


@_on(ev.UnitDestroyed)
def _unit_destroyed(state: GameState, e: ev.UnitDestroyed) -> GameState:
    unit = state.units[e.unit]
    state = replace(without_unit(state, e.unit), lore_pool=state.lore_pool + unit.glory)
    engagements = tuple(g for g in state.engagements if e.unit not in (g.attacker, g.defender))
    return replace(state, engagements=engagements)


@_on(ev.GloryTaken)
def _glory_taken(state: GameState, e: ev.GloryTaken) -> GameState:
    unit = state.units[e.unit]
    state = with_unit(state, replace(unit, glory=unit.glory + 1))
    return replace(state, lore_pool=state.lore_pool - 1)


@_on(ev.GlorySpent)
def _glory_spent(state: GameState, e: ev.GlorySpent) -> GameState:
    unit = state.units[e.unit]
    state = with_unit(state, replace(unit, glory=unit.glory - 1))
    return replace(state, lore_pool=state.lore_pool + 1)


@_on(ev.BattleBackDeclined)
def _battle_back_declined(state: GameState, e: ev.BattleBackDeclined) -> GameState:
    return replace(state, pending=None)


@_on(ev.EngagementCreated)
def _engagement_created(state: GameState, e: ev.EngagementCreated) -> GameState:
    state = replace(state, engagements=(*state.engagements, Engagement(e.attacker, e.defender)))
    return with_turn(state, engaged=state.turn_state.engaged | {e.attacker})


@_on(ev.EngagementLapsed)
def _engagement_lapsed(state: GameState, e: ev.EngagementLapsed) -> GameState:
    gone = Engagement(e.attacker, e.defender)
    return replace(state, engagements=tuple(g for g in state.engagements if g != gone))


@_on(ev.RiderPickedUp)
def _rider_picked_up(state: GameState, e: ev.RiderPickedUp) -> GameState:
    site = state.sites[e.hex]
    sites = {**state.sites, e.hex: replace(site, riders=site.riders - 1)}
    return with_unit(replace(state, sites=sites), replace(state.units[e.unit], rider="carried"))


@_on(ev.RiderPassedPortal)
def _rider_passed_portal(state: GameState, e: ev.RiderPassedPortal) -> GameState:
    return with_unit(state, replace(state.units[e.unit], rider="passed"))


@_on(ev.RiderDelivered)
def _rider_delivered(state: GameState, e: ev.RiderDelivered) -> GameState:
    return with_unit(state, replace(state.units[e.unit], rider="none"))


@_on(ev.BloodTraded)
def _blood_traded(state: GameState, e: ev.BloodTraded) -> GameState:
    player = state.player(e.seat)
    return with_player(state, replace(player, blood=player.blood - e.blood))


@_on(ev.DragonFlew)
def _dragon_flew(state: GameState, e: ev.DragonFlew) -> GameState:
    ts = state.turn_state
    pending = (
        None if state.pending is not None and state.pending.kind == "reaction" else state.pending
    )
    state = with_unit(replace(state, pending=pending), replace(state.units[e.unit], hex=e.path[-1]))
    for target in e.targets:
        state = with_unit(state, replace(state.units[target], breath_target=e.unit))
    return with_turn(
        state,
        moved=ts.moved | {e.unit},
        flew=ts.flew | {e.unit},
        moved_to={**ts.moved_to, e.unit: e.path[-1]},
        breath_marks=ts.breath_marks + tuple((t, e.unit) for t in e.targets),
    )


@_on(ev.FlightDeclared)
def _flight_declared(state: GameState, e: ev.FlightDeclared) -> GameState:
    return state


@_on(ev.ReactionPassed)
def _reaction_passed(state: GameState, e: ev.ReactionPassed) -> GameState:
    pending = state.pending
    if pending is None or pending.kind != "reaction":
        return state
    waiting = tuple(s for s in pending.waiting if s != e.seat)
    return replace(
        state, pending=replace(pending, waiting=waiting, seat=waiting[0] if waiting else None)
    )


@_on(ev.CardPlayed)
def _card_played(state: GameState, e: ev.CardPlayed) -> GameState:
    player = state.player(e.seat)
    cards = list(player.cards)
    cards.remove(e.card)
    return with_player(state, replace(player, cards=tuple(cards)))


@_on(ev.BreathPhaseOpened)
def _breath_phase_opened(state: GameState, e: ev.BreathPhaseOpened) -> GameState:
    return replace(
        state,
        phase="breath",
        pending=Decision(kind="breath", seat=None, unit=e.targets[0], targets=e.targets),
    )


@_on(ev.BreathRolled)
def _breath_rolled(state: GameState, e: ev.BreathRolled) -> GameState:
    state = replace(state, rolls=e.roll + len(e.faces))
    target = state.units.get(e.target)
    if target is None:
        return state
    target = replace(target, breath_target=None, tokens=target.tokens.plus(e.effect, e.tokens))
    if e.tokens and e.effect == "poison":
        target = replace(
            target, poisoned_by=state.units[e.dragon].owner if e.dragon in state.units else None
        )
    if e.tokens and e.effect == "fire":
        target = replace(
            target, burned_by=state.units[e.dragon].owner if e.dragon in state.units else None
        )
    return with_unit(state, target)


@_on(ev.BreathPhaseClosed)
def _breath_phase_closed(state: GameState, e: ev.BreathPhaseClosed) -> GameState:
    return replace(state, phase="combat", pending=None)
