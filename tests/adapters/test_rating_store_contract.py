"""The RatingStore contract (docs/ratings.md), run against the in-memory store and the Redis
one: an entry appended once per game, only over the ratings it was computed from; ratings
and records read back exactly; the log and the leaderboard paged in order."""

from __future__ import annotations

import pytest
import redis

from adapters.memory.ratings import InMemoryRatingStore
from adapters.redis.ratings import RedisRatingStore
from lorekeeper.ratings.model import INITIAL, MODEL, rated
from lorekeeper.ratings.ports import RatedSeat, RatingEntry, RatingStore, Skill


@pytest.fixture(params=["in_memory", "redis"])
def store(request: pytest.FixtureRequest) -> RatingStore:
    if request.param == "in_memory":
        return InMemoryRatingStore()
    client: redis.Redis = request.getfixturevalue("redis_client")
    return RedisRatingStore(client)


def entry(store: RatingStore, game_id: str, winner: str, loser: str) -> RatingEntry:
    """The entry of `winner` beating `loser`, from their ratings in the store now."""
    now = store.ratings([winner, loser], INITIAL)
    after = rated([r.skill for r in now], [1, 2])
    seats = (RatedSeat(0, winner, 1, "win", now[0].skill, after[0]),
             RatedSeat(1, loser, 2, "loss", now[1].skill, after[1]))  # fmt: skip
    return RatingEntry(game_id, 40, "ab" * 32, seats, MODEL)


def revs(store: RatingStore, *players: str) -> dict[str, int]:
    return {r.player_id: r.rev for r in store.ratings(players, INITIAL)}


def test_a_player_without_rated_games_has_the_initial_rating(store: RatingStore) -> None:
    (rating,) = store.ratings(["p_1"], INITIAL)
    assert (rating.skill, rating.games, rating.rev) == (INITIAL, 0, -1)


def test_an_entry_sets_both_ratings_exactly(store: RatingStore) -> None:
    first = entry(store, "g1", "p_a", "p_b")
    assert store.append(first, revs(store, "p_a", "p_b")) == ("appended", 0)
    a, b = store.ratings(["p_a", "p_b"], INITIAL)
    assert a.skill == first.seats[0].after and b.skill == first.seats[1].after  # exact floats
    assert (a.games, a.wins, a.losses, a.rev) == (1, 1, 0, 0)
    assert (b.games, b.wins, b.losses, b.draws) == (1, 0, 1, 0)
    assert store.entry_of("g1") == (0, first)
    assert store.entry_of("g2") is None


def test_a_game_is_appended_once(store: RatingStore) -> None:
    first = entry(store, "g1", "p_a", "p_b")
    before = revs(store, "p_a", "p_b")
    assert store.append(first, before).outcome == "appended"
    again = entry(store, "g1", "p_a", "p_b")  # a second run of the job, from the new ratings
    assert store.append(again, revs(store, "p_a", "p_b")) == ("exists", 0)
    assert store.append(first, before) == ("exists", 0)
    assert len(store.entries(-1, 10)) == 1
    assert store.ratings(["p_a"], INITIAL)[0].games == 1


def test_an_entry_over_a_rating_that_moved_is_refused(store: RatingStore) -> None:
    stale = entry(store, "g2", "p_b", "p_a")
    stale_revs = revs(store, "p_a", "p_b")
    assert store.append(entry(store, "g1", "p_a", "p_c"), revs(store, "p_a", "p_c")).outcome == (
        "appended"
    )
    assert store.append(stale, stale_revs) == ("conflict", None)
    assert store.entry_of("g2") is None and store.ratings(["p_b"], INITIAL)[0].games == 0


def test_the_log_pages_in_order(store: RatingStore) -> None:
    for n in range(5):
        made = entry(store, f"g{n}", "p_a", f"p_{n}")
        assert store.append(made, revs(store, "p_a", f"p_{n}")).position == n
    assert [e.entry.game_id for e in store.entries(-1, 2)] == ["g0", "g1"]
    assert [e.position for e in store.entries(1, 10)] == [2, 3, 4]
    assert store.entries(4, 10) == []


def test_the_leaderboard_pages_highest_first(store: RatingStore) -> None:
    for n, (winner, loser) in enumerate([("p_a", "p_b"), ("p_a", "p_c"), ("p_b", "p_c")]):
        made = entry(store, f"g{n}", winner, loser)
        store.append(made, revs(store, winner, loser))
    first = store.leaderboard(None, 2)
    assert [r.player_id for r in first.ratings] == ["p_a", "p_b"]
    assert first.next_cursor is not None
    rest = store.leaderboard(first.next_cursor, 2)
    assert [r.player_id for r in rest.ratings] == ["p_c"] and rest.next_cursor is None
    mus = [r.skill.mu for r in first.ratings + rest.ratings]
    assert mus == sorted(mus, reverse=True)
    assert rest.ratings[0].games == 2 and rest.ratings[0].losses == 2


def test_a_rating_keeps_its_float_exactly(store: RatingStore) -> None:
    odd = Skill(1500.1234567890123, 477.39419874842685)
    seats = (RatedSeat(0, "p_a", 1, "draw", INITIAL, odd),
             RatedSeat(1, "p_b", 1, "draw", INITIAL, odd))  # fmt: skip
    store.append(RatingEntry("g1", 9, "00" * 32, seats, MODEL), revs(store, "p_a", "p_b"))
    assert store.ratings(["p_a"], INITIAL)[0].skill == odd
    assert store.entries(-1, 1)[0].entry.seats[1].after == odd
    assert store.ratings(["p_b"], INITIAL)[0].draws == 1


def test_a_game_noted_due_stays_due_until_its_entry_is_appended(store: RatingStore) -> None:
    store.mark_due("g2", 20)
    store.mark_due("g1", 10)
    assert store.due(25, 10) == ["g1", "g2"] and store.due(15, 10) == ["g1"]
    assert store.due(25, 1) == ["g1"]
    store.mark_due("g1", 30)  # noted again: due from the later time
    store.mark_due("g1", 5)  # an older note moves nothing
    assert store.due(25, 10) == ["g2"] and store.due(31, 10) == ["g2", "g1"]
    store.append(entry(store, "g1", "p_a", "p_b"), revs(store, "p_a", "p_b"))
    assert store.due(100, 10) == ["g2"]
    store.mark_due("g1", 40)  # a late note of a game rated already
    assert store.due(100, 10) == ["g2"]


def test_a_due_note_is_dropped_only_if_not_noted_again_since(store: RatingStore) -> None:
    store.mark_due("g1", 20)
    store.drop_due("g1", 20)  # noted at 20: not before it
    assert store.due(100, 10) == ["g1"]
    store.drop_due("g1", 21)
    assert store.due(100, 10) == []
    store.drop_due("g1", 21)  # not due: nothing to drop
    assert store.due(100, 10) == []
