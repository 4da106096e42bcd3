"""What a game tells each player (lorekeeper/push/notifications.py, docs/push.md): the facts of a
game and its table, per player, each with a stable id; and the Notifier recording them once
in the players' logs, and the clocks' "time running out" for the seat's holder."""

from __future__ import annotations

from dataclasses import replace

from adapters.memory.push import InMemoryNotificationLog
from adapters.memory.tables import InMemoryTableStore
from domain import fold, new_game
from domain.state import Decision, Takebacks
from lorekeeper.clocks.timekeeper import TimeRunningOut
from lorekeeper.games.game import Game
from lorekeeper.players.tables import Seat, Table
from lorekeeper.push.notifications import Notifier, facts_of, note_id
from tests.service.games import duel

ANN, BOB = "p_" + "a" * 16, "p_" + "b" * 16


def game(started: bool = True, **changes: object) -> Game:
    state = fold(None, new_game(duel(), start=started))
    return Game("g1", replace(state, **changes), "h", 0)  # type: ignore[arg-type]


def table(*seats: Seat, status: str = "started") -> Table:
    return Table("g1", "public", "duel", 0, tuple(seats), owner=ANN, status=status)


SEATED = (Seat("player", ANN), Seat("player", BOB))


def kinds(facts: dict[str, list[tuple[str, object]]]) -> dict[str, list[str]]:
    return {p: [key for key, _ in notes] for p, notes in facts.items()}


def test_a_reserved_seat_of_an_open_game_is_an_invitation() -> None:
    facts = facts_of(game(started=False), table(Seat("player", ANN), Seat("reserved", BOB),
                                                 status="open"))  # fmt: skip
    assert kinds(facts) == {ANN: [], BOB: ["invited:1"]}
    note = facts[BOB][0][1]
    assert note.type == "invitation_received" and note.body["seat"] == 1
    assert note.id == note_id(BOB, "g1", "invited:1")


def test_a_started_game_tells_its_players_and_whose_turn_it_is() -> None:
    started = game()
    facts = facts_of(started, table(*SEATED))
    turn = f"turn:{started.state.turn}:{started.state.active}"
    holder = ANN if started.state.active == 0 else BOB
    expected = {ANN: ["started"], BOB: ["started"]}
    expected[holder].append(turn)
    assert kinds(facts) == expected


def test_a_pending_decision_is_asked_of_its_seat() -> None:
    pending = Decision("retreat", 1, "rf1", "bf0", 2)
    facts = facts_of(game(pending=pending, active=0), table(*SEATED))
    bob = dict(facts[BOB])
    decision = [n for key, n in bob.items() if key.startswith("decision:")]
    assert len(decision) == 1 and decision[0].type == "decision_requested"
    assert decision[0].body["decision"] == "retreat" and decision[0].body["unit"] == "rf1"


def test_a_takeback_request_is_a_decision_asked_of_the_other_seat() -> None:  # TKB-3
    asked = game(active=0, takebacks=Takebacks(request=0))
    facts = facts_of(asked, table(*SEATED))
    decision = [n for key, n in facts[BOB] if key.startswith("decision:")]
    assert [n.body["decision"] for n in decision] == ["takeback"]
    assert not [key for key, _ in facts[ANN] if key.startswith("decision:")]


def test_a_game_over_tells_everyone_seated_and_no_more_turns() -> None:
    over = game(phase="over", winner=1)
    facts = facts_of(over, table(*SEATED))
    assert kinds(facts) == {ANN: ["started", "over"], BOB: ["started", "over"]}
    assert dict(facts[ANN])["over"].body["winner"] == 1


def test_bots_and_anonymous_seats_are_told_nothing() -> None:
    facts = facts_of(game(), table(Seat("bot", bot="battler"), Seat("token")))
    assert facts == {}
    assert facts_of(game(), None) == {}


def test_the_notifier_records_each_fact_once_and_tells_the_clocks_notices() -> None:
    log, tables = InMemoryNotificationLog(), InMemoryTableStore()
    seated = table(*SEATED)
    tables.create(seated)
    notifier = Notifier(log, tables)
    started = game()
    assert notifier.observe([(started, seated)]) == 3
    assert notifier.observe([(started, seated)]) == 0  # the same stamp
    notifier.running_out(TimeRunningOut("g1", 2, 1, "turn", 10_000, 3_000))
    notifier.running_out(TimeRunningOut("g1", 2, 9, "turn", 10_000, 3_000))  # no such seat
    bob = [e.item for e in log.read(f"player:{BOB}", "0-0", 10)]
    assert [n["type"] for n in bob][-1] == "time_running_out"
    assert bob[-1]["seat"] == 1 and bob[-1]["remaining_ms"] == 3_000
    assert bob[-1]["id"] == note_id(BOB, "g1", "running_out:1:turn:10000")
