"""The server's breath step (R-TRN-6): resolved once per phase, whoever runs it and how often."""

from __future__ import annotations

import threading

import pytest

from domain import RuleViolation
from lorekeeper.games.ports import AppendResult
from lorekeeper.games.service import GameService
from tests.service.conftest import RecordingJobs, send
from tests.service.games import ICE_FLIGHT, ice

ORDER_BREATH = {"type": "order", "units": ["id0"], "breath": ["id0"]}
FLY = {"type": "fly", "unit": "id0", "path": ICE_FLIGHT}
BREATH_DICE = ["lore", "lore", "green", "red", "red", "red", "lore", "red", "red"]


def open_breath_phase(service: GameService) -> tuple[str, str]:
    created = service.create_game(ice(), {"dice": {"script": BREATH_DICE}})
    game_id, seat0 = created.game_id, created.seats[0]["token"]
    for body in (ORDER_BREATH, FLY, {"type": "end_movement"}):
        send(service, game_id, seat0, body)
    assert service.log.load(game_id).state.phase == "breath"
    return game_id, seat0


def test_the_breath_phase_is_resolved_with_the_games_dice(  # R-BRE-4, R-DIE-3
    service: GameService, jobs: RecordingJobs
):
    game_id, _ = open_breath_phase(service)
    assert "BreathPhaseOpened" in jobs.calls[-1][2]
    result = service.resolve_breath(game_id)
    assert result is not None
    rolled = [e.payload for e in result.events if e.type == "BreathRolled"]
    assert [r["faces"] for r in rolled] == [BREATH_DICE[0:3], BREATH_DICE[3:6], BREATH_DICE[6:9]]
    assert all(e.seat is None for e in result.events)  # the server's step, no seat's
    assert result.events[0].command_id == f"breath@{result.version - len(result.events)}"
    state = service.log.load(game_id).state
    assert state.phase == "combat" and state.units["bf1"].tokens.frost == 2
    assert jobs.calls[-1] == (game_id, result.version, tuple(e.type for e in result.events))


def test_players_wait_while_the_breath_phase_is_open(service: GameService):  # R-TRN-6
    game_id, seat0 = open_breath_phase(service)
    with pytest.raises(RuleViolation) as caught:
        send(service, game_id, seat0, {"type": "end_turn"})
    assert caught.value.code == "breath_pending" and caught.value.rule == "R-TRN-6"


def test_a_second_resolution_is_a_no_op(service: GameService):
    game_id, _ = open_breath_phase(service)
    assert service.resolve_breath(game_id) is not None
    version = service.log.events.version(game_id)
    assert service.resolve_breath(game_id) is None
    assert service.log.events.version(game_id) == version


def test_without_a_breath_phase_there_is_nothing_to_resolve(service: GameService):
    created = service.create_game(ice())
    assert service.resolve_breath(created.game_id) is None


def test_racing_resolutions_append_once(service: GameService, backend):
    game_id, _ = open_breath_phase(service)
    before = service.log.events.version(game_id)
    resolvers = [backend.service() for _ in range(6)]  # separate caches, like workers
    results: list[AppendResult | None] = []
    barrier = threading.Barrier(len(resolvers))

    def resolve(s: GameService) -> None:
        barrier.wait()
        results.append(s.resolve_breath(game_id))

    threads = [threading.Thread(target=resolve, args=(s,)) for s in resolvers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r is not None for r in results) == 1
    appended = service.log.events.read(game_id, before + 1)
    assert [e.type for e in appended].count("BreathPhaseClosed") == 1
