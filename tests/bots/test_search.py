"""The search bot: reproducible under a seed, a legal answer, and blind to every secret: the
other seats' cards and the dice to come."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from bots import LEVELS, Budget, level_budget, search
from bots.candidates import actor
from bots.knowledge import UNKNOWN, GuessedDice, determinize, information_set
from bots.search import battler_move, playout, root_candidates
from domain import GameState, ScriptedDice, SeededDice
from domain.decider import decide_and_fold
from domain.state import replace
from tests.bots.positions import SEED, battler_game, choices, play

SMALL = Budget(iterations=12)


def with_hand(state: GameState, seat: int, cards: tuple[str, ...]) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], cards=cards)
    return replace(state, players=tuple(players))


@pytest.mark.parametrize("phase", ["order", "movement", "combat"])
def test_the_same_seed_and_iterations_give_the_same_action(phase: str) -> None:
    for state in choices(phase):
        first = search(state, 0, SMALL, seed=7)
        again = search(state, 0, SMALL, seed=7)
        assert first.action == again.action
        assert first.visits == again.visits and first.iterations == 12


@pytest.mark.parametrize("phase", ["order", "movement", "combat"])
def test_the_action_is_legal(phase: str) -> None:
    for state in choices(phase):
        action = search(state, 0, SMALL, seed=1).action
        decide_and_fold(state, action, SeededDice("any"), 0)  # raises if the rules refuse


@pytest.mark.parametrize("phase", ["movement", "combat"])
def test_the_other_seats_hidden_cards_do_not_change_the_choice(phase: str) -> None:
    # R-LOR-4: cards in hand are secret; only their count is public
    for state in choices(phase):
        count = len(state.players[1].cards) or 1
        holds = with_hand(state, 1, ("hold",) * count)
        webs = with_hand(state, 1, ("web",) * count)
        assert information_set(holds, 0) == information_set(webs, 0)
        assert search(holds, 0, SMALL, seed=3).visits == search(webs, 0, SMALL, seed=3).visits


def test_the_dice_to_come_do_not_change_the_choice() -> None:
    # R-DIE-1, R-DIE-3: two games whose dice agree so far and differ from here on reach the
    # same state; the bot, never given the game's dice, chooses the same in both
    game = battler_game()
    state = choices("combat")[0]
    decisions = game.index(state) + 1
    rolled = [SeededDice(SEED).face(i) for i in range(state.rolls)]
    futures = [ScriptedDice(rolled, SeededDice(seed)) for seed in ("one", "two")]
    first, second = (play(dice, decisions)[-1] for dice in futures)
    assert first == second == state
    ahead = range(state.rolls, state.rolls + 20)
    assert [futures[0].face(i) for i in ahead] != [futures[1].face(i) for i in ahead]
    assert search(first, 0, SMALL, seed=5).visits == search(second, 0, SMALL, seed=5).visits


def test_the_search_never_sees_the_other_seats_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-LOR-4: a card the search could only learn by reading a secret never reaches it
    state = with_hand(choices("movement")[0], 1, ("secret-card",))
    seen: list[GameState] = []
    module = importlib.import_module("bots.search")
    real = module.decide_and_fold

    def watched(world: GameState, *args: Any) -> Any:
        seen.append(world)
        return real(world, *args)

    monkeypatch.setattr(module, "decide_and_fold", watched)
    search(state, 0, SMALL, seed=2)
    assert seen
    assert all("secret-card" not in p.cards for world in seen for p in world.players)


def test_a_world_deals_each_hidden_card_and_keeps_the_seats_own() -> None:
    state = with_hand(with_hand(battler_game()[0], 0, ("hold", "web")), 1, ("web", "web"))
    known = information_set(state, 0)
    assert known.players[0].cards == ("hold", "web")
    assert known.players[1].cards == (UNKNOWN, UNKNOWN)
    world = determinize(known, random.Random(1))
    assert world.players[0].cards == ("hold", "web")
    assert len(world.players[1].cards) == 2 and UNKNOWN not in world.players[1].cards


def test_a_time_budget_stops_the_search_before_its_iterations() -> None:
    state = choices("movement")[0]
    outcome = search(state, 0, Budget(iterations=10**6, seconds=0.05), seed=1)
    assert 1 <= outcome.iterations < 10**6


def test_a_level_is_cut_to_the_servers_budget_and_keeps_its_iterations() -> None:
    hard = LEVELS["search-hard"]
    assert level_budget("search-hard", 0.2) == replace(hard, seconds=0.2)
    assert level_budget("search-hard", None).seconds is None
    assert level_budget("search-easy", 60.0).seconds == LEVELS["search-easy"].seconds


@pytest.mark.parametrize("phase", ["order", "movement", "combat"])
def test_battlers_move_is_the_first_candidate_and_a_single_playout_plays_it(phase: str) -> None:
    for state in choices(phase):
        mine = battler_move(state, 0)
        assert root_candidates(state, 0)[0] == mine
        assert search(state, 0, Budget(iterations=1), seed=4).action == mine


def test_the_worse_half_of_the_race_drops_out() -> None:
    for state in choices("movement"):
        outcome = search(state, 0, Budget(iterations=40), seed=6)
        runs = list(outcome.visits.values())
        assert sum(runs) == outcome.iterations == 40
        assert max(runs) > min(runs)  # the worse half dropped out of the race


def test_a_playout_stops_when_the_seats_turn_comes_round_again() -> None:
    state = choices("movement")[0]
    rng = random.Random(3)
    end = playout(state, GuessedDice(rng), 0, horizon=1)
    assert end.is_over or (end.turn == state.turn + 2 and end.active == 0)
    assert end.is_over or actor(end) == 0 and end.phase == "order"
    later = playout(state, GuessedDice(random.Random(3)), 0, horizon=2)
    assert later.is_over or later.turn == state.turn + 4
