"""`evolve(state, event) -> state`: applies a fact, never checks a rule, never rolls."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain import events as ev
from domain.scenario import validate_scenario
from domain.state import (
    Decision,
    Engagement,
    GameState,
    TurnState,
    players_with,
    replace,
    units_with,
    with_player,
    with_unit,
    without_unit,
)

Handler = Callable[[GameState, Any], GameState]
_HANDLERS: dict[type[ev.Event], Handler] = {}


def _on(event_type: type[ev.Event]) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[event_type] = fn
        return fn

    return register


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    if isinstance(event, ev.GameCreated):
        start = validate_scenario(event.scenario, event.rules_edition)
        dice = event.dice or {}
        step = dice.get("seed_step") or {}
        on_fill = step.get("length_ms") if step.get("on_fill") else None
        return replace(start, auto_decisions=event.auto_decisions, version=1,
                       seat_seeds=bool(dice.get("seat_seeds")),
                       client_seeds=(None,) * len(start.players),
                       seeds_given=(0,) * len(start.players),
                       seed_step=tuple(int(s) for s in step.get("seats", ())),
                       seed_deadline_ms=step.get("deadline_ms"),
                       seed_step_length_ms=on_fill,
                       seed_commitments=(None,) * len(start.players),
                       reveal_deadline_ms=step.get("reveal_deadline_ms"))  # fmt: skip
    if state is None:
        raise ValueError(f"a game starts with GameCreated, not {event.type}")
    after = _HANDLERS[type(event)](state, event)
    if after is state:  # a fact that changes nothing but the version
        return replace(state, version=state.version + 1)
    # A handler's new state is made by this call and held by nothing else yet: its version is
    # set before it is given out, like a field of domain.state.replace's copy, rather than
    # copied once more with every field of the game (a second copy was a third of a fold).
    object.__setattr__(after, "version", state.version + 1)
    return after


def fold(state: GameState | None, events: Iterable[ev.Event]) -> GameState:
    """`state` with `events` applied in order (None: from before the game's first event)."""
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events")
    return state


def replay(events: Iterable[ev.Event]) -> GameState:
    """The state a game's events lead to, from its first."""
    return fold(None, events)


def _turn(state: GameState, **changes: Any) -> GameState:
    return replace(state, turn_state=replace(state.turn_state, **changes))


@_on(ev.TurnStarted)
def _turn_started(state: GameState, e: ev.TurnStarted) -> GameState:
    marked = [u for u in state.units.values() if u.breath_target is not None]
    for unit in marked:  # marks of a turn cut short (its dragon gone) end with it
        state = with_unit(state, replace(unit, breath_target=None))
    return replace(
        state,
        active=e.seat,
        turn=e.turn,
        phase="order",
        turn_state=TurnState(),
        engagements=(),
        pending=None,
    )


@_on(ev.TimedOut)
def _timed_out(state: GameState, e: ev.TimedOut) -> GameState:
    return state  # a clock's fact: what the policy does follows as events of its own


@_on(ev.RoostEnded)
def _roost_ended(state: GameState, e: ev.RoostEnded) -> GameState:
    return with_unit(state, replace(state.units[e.unit], roosted=False))


@_on(ev.UnitsOrdered)
def _units_ordered(state: GameState, e: ev.UnitsOrdered) -> GameState:
    roosting = [replace(state.units[uid], roosted=True) for uid in e.roost]
    return replace(
        state,
        units=units_with(state, *roosting) if roosting else state.units,
        phase="movement",
        turn_state=replace(
            state.turn_state, ordered=frozenset(e.units), breath_paid=frozenset(e.breath)
        ),
    )


@_on(ev.TokensRemoved)
def _tokens_removed(state: GameState, e: ev.TokensRemoved) -> GameState:
    unit = state.units[e.unit]
    tokens = unit.tokens
    for effect in ("poison", "frost", "fire"):
        tokens = tokens.plus(effect, -e.tokens.get(effect))
    return with_unit(state, replace(unit, tokens=tokens))


@_on(ev.MovementEnded)
def _movement_ended(state: GameState, e: ev.MovementEnded) -> GameState:
    return replace(state, phase="combat")


@_on(ev.TurnEnded)
def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    return state


@_on(ev.DiceRevealed)
def _dice_revealed(state: GameState, e: ev.DiceRevealed) -> GameState:
    return state  # the seed is for auditors; the game is over and has nothing to apply


@_on(ev.ClientSeedGiven)
def _client_seed_given(state: GameState, e: ev.ClientSeedGiven) -> GameState:
    seeds, given = list(state.client_seeds), list(state.seeds_given)
    seeds[e.seat] = e.seed
    given[e.seat] += 1
    return replace(state, client_seeds=tuple(seeds), seeds_given=tuple(given),
                   seed_commitments=_set(state.seed_commitments, e.seat, None))  # fmt: skip


@_on(ev.SeedStepOpened)
def _seed_step_opened(state: GameState, e: ev.SeedStepOpened) -> GameState:
    return replace(state, seed_step=tuple(e.seats), seed_deadline_ms=e.deadline_ms,
                   reveal_deadline_ms=e.reveal_deadline_ms)  # fmt: skip


@_on(ev.ClientSeedCommitted)
def _client_seed_committed(state: GameState, e: ev.ClientSeedCommitted) -> GameState:
    given = list(state.seeds_given)
    given[e.seat] += 1
    return replace(state, client_seeds=_set(state.client_seeds, e.seat, None),
                   seeds_given=tuple(given),
                   seed_commitments=_set(state.seed_commitments, e.seat, e.commitment))  # fmt: skip


@_on(ev.ClientSeedCommitsClosed)
def _client_seed_commits_closed(state: GameState, e: ev.ClientSeedCommitsClosed) -> GameState:
    return replace(state, commits_closed=True)


@_on(ev.ClientSeedRevealed)
def _client_seed_revealed(state: GameState, e: ev.ClientSeedRevealed) -> GameState:
    return replace(state, client_seeds=_set(state.client_seeds, e.seat, e.seed))


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """`values` with `values[index]` replaced; () stays () (a state from before the field)."""
    if not values:
        return values
    return (*values[:index], value, *values[index + 1 :])


@_on(ev.ClientSeedsSealed)
def _client_seeds_sealed(state: GameState, e: ev.ClientSeedsSealed) -> GameState:
    return replace(state, client_seeds=tuple(e.seeds))


@_on(ev.SecretsRevealed)
def _secrets_revealed(state: GameState, e: ev.SecretsRevealed) -> GameState:
    return state  # for auditors, like DiceRevealed


@_on(ev.PlayerResigned)
def _player_resigned(state: GameState, e: ev.PlayerResigned) -> GameState:
    for unit in state.units_of(e.seat):
        state = replace(without_unit(state, unit.id), lore_pool=state.lore_pool + unit.glory)
    engagements = tuple(
        g for g in state.engagements if g.attacker in state.units and g.defender in state.units
    )
    pending = state.pending
    if pending is not None and (
        pending.seat == e.seat
        or pending.unit not in state.units
        or (pending.kind == "battle_back" and pending.other not in state.units)
    ):
        pending = None
    return replace(state, engagements=engagements, pending=pending)


@_on(ev.PlayerEliminated)
def _player_eliminated(state: GameState, e: ev.PlayerEliminated) -> GameState:
    return with_player(state, replace(state.player(e.seat), eliminated=True))


@_on(ev.GameEnded)
def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return replace(state, phase="over", winner=e.winner, draw=e.winner is None, pending=None)


@_on(ev.AutoPassSet)
def _auto_pass_set(state: GameState, e: ev.AutoPassSet) -> GameState:
    return with_player(state, replace(state.player(e.seat), auto_pass=e.auto_pass))


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
        state = _turn(state, moved_to={**state.turn_state.moved_to, e.unit: e.path[-1]})
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
    return _turn(state, engaged=state.turn_state.engaged | {e.attacker})


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
    return _turn(
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
