"""Games for the worker tests, driven through the real GameService (its jobs: RQ)."""

from __future__ import annotations

import json
from typing import Any

from adapters.redis.game_secrets import RedisDiceStore
from adapters.views import view_json
from domain import replay
from domain.events import event_from_json
from domain.notation import scenario_from_text
from domain.view import ALL_SEATS, board_view
from lorekeeper.games.ports import Projection, StoredEvent
from lorekeeper.games.service import CommandResult, GameService
from lorekeeper.projections.projector import Outcome
from workers.context import WorkerContext
from workers.projection_loop import ProjectionLoop
from workers.worker import make_worker

# Seat 0's Wood Wyvern at [1,1]; seat 1's two foot units on its flight line (R-BRE-2).
BREATH_BOARD = """
. .   .   .   . .
 . ww0 gf1 gf1 . .
. .   .   .   . .
"""
EAST = [[2, 1], [3, 1], [4, 1]]  # over gf1 and gf1-2, landing on [4,1]
WEST = [[3, 1], [2, 1], [1, 1]]  # and back


class BreathGame:
    """Every round seat 0 orders its dragon with breath (R-BRE-1), flies over both enemy
    units and ends its movement: a breath phase opens (R-TRN-6). Then both seats end turn."""

    def __init__(self, service: GameService, seed: str = "seed") -> None:
        self.service = service
        created = service.create_game(scenario_from_text(BREATH_BOARD), {"seed": seed})
        self.game_id = created.game_id
        self.tokens = [seat["token"] for seat in created.seats]
        self.east = True

    def command(self, seat: int, body: dict[str, Any]) -> CommandResult:
        return self.service.handle_command(self.game_id, seat, body)

    def open_breath(self) -> int:
        """Play seat 0's order, flight and end of movement; the BreathPhaseOpened version."""
        self.command(0, {"type": "order", "units": ["ww0"], "breath": ["ww0"]})
        self.command(0, {"type": "fly", "unit": "ww0", "path": EAST if self.east else WEST})
        self.east = not self.east
        result = self.command(0, {"type": "end_movement"})
        assert result.events[-1].type == "BreathPhaseOpened"
        return result.version

    def end_round(self) -> int:
        self.command(0, {"type": "end_turn"})
        return self.command(1, {"type": "end_turn"}).version

    def phase(self) -> str:
        return self.service.log.load(self.game_id).state.phase


def stored_events(ctx: WorkerContext, game_id: str) -> list[StoredEvent]:
    return ctx.events.read(game_id)


def fresh_projection(ctx: WorkerContext, game_id: str) -> Projection:
    """The projection a replay of the whole stream gives."""
    state = replay(event_from_json(e.type, e.payload) for e in ctx.events.read(game_id))
    return Projection(state.version, json.loads(view_json(board_view(state, ALL_SEATS))))


def project(ctx: WorkerContext, game_id: str) -> Outcome:
    """One round of the projection loop, for one game."""
    outcome = ProjectionLoop(ctx).project([game_id])[game_id]
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def assert_breath_resolved_once(ctx: WorkerContext, game_id: str) -> int:
    """Every BreathPhaseOpened is followed by its rolls and exactly one BreathPhaseClosed,
    and every breath die is the one the game's dice source gives for its index (R-DIE-2,
    R-DIE-3). Returns the number of phases."""
    events = ctx.events.read(game_id)
    dice_config = RedisDiceStore(ctx.games).load(game_id)
    assert dice_config is not None
    dice = dice_config.source()
    phases, open_ = 0, False
    for event in events:
        if event.type == "BreathPhaseOpened":
            assert not open_, f"phase opened twice at {event.version}"
            open_, phases = True, phases + 1
        elif event.type == "BreathRolled":
            assert open_, f"breath rolled outside a phase at {event.version}"
            roll, faces = event.payload["roll"], event.payload["faces"]
            assert faces == [dice.face(roll + i) for i in range(len(faces))]
        elif event.type == "BreathPhaseClosed":
            assert open_, f"phase closed twice at {event.version}"
            open_ = False
    assert not open_, "a breath phase is still open"
    return phases


def drain(ctx: WorkerContext) -> None:
    """Run the queued jobs with a real RQ SimpleWorker in burst mode.

    The worker's pub/sub listener (RQ's remote commands, unused here) is left out: stopping
    it costs a burst worker one second, every time.
    """
    worker = make_worker(ctx)
    worker.subscribe = lambda: None  # type: ignore[method-assign]
    worker.work(burst=True, logging_level="WARNING")
