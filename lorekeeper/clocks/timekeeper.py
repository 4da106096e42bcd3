"""The timekeeper: schedules each clocked game's deadline and acts when one comes.

Clocks are folded from the events (domain/clock.py); what has to happen at a deadline is
found through the DeadlineIndex, which holds one deadline per clocked game, sorted by time:

- `schedule(games)`: the projector writes each clocked game's running deadline after every
  projection (and so within the projection delay of the append that started the turn or the
  decision); a newer version's deadline replaces an older one in place, which is how a
  deadline is cancelled when its seat acts in time;
- `tick()`: what the workers' clock loop does a few times a second (workers/clocks.py): each
  overdue game's time-out is queued as a job (`enqueue_time_out`, one per game and version),
  and each seat whose time is running out (a tenth of its limit left) is told, once per turn
  or decision (`on_running_out`);
- `time_out(game_id)`: the job: GameService.time_out, exactly once per deadline whoever runs
  it (the command id `timeout@<version>`), then the game's deadline is scheduled again from
  the game as it now is, so an index entry made stale by a lost write corrects itself.

A deadline that never reached the index (a crash between an append and its projection) is
found by the reconciler, which projects games whose projections trail their streams and
applies overdue clocks it reads from the games' lobby entries (workers/clocks.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lorekeeper.clocks.ports import Deadline, DeadlineIndex, Due, TimeOutQueue
from lorekeeper.errors import GameNotFound
from lorekeeper.games.game import Committed, Game
from lorekeeper.games.service import GameService

log = logging.getLogger(__name__)
BATCH = 64  # overdue games, and warnings, taken at a time


@dataclass(frozen=True)
class TimeRunningOut:
    """The notification "your time is running out" (a tenth of the turn's or the decision's
    limit is left): what the player event stream and webhooks send when they exist. One per
    turn or decision; delivered at most once (one worker claims it)."""

    game_id: str
    version: int  # the game's version when the deadline was scheduled
    seat: int
    period: str  # "turn" or "decision"
    deadline_ms: int
    remaining_ms: int  # when the notice was sent

    def to_json(self) -> dict[str, object]:
        return {"type": "time_running_out", "game_id": self.game_id, "version": self.version,
                "seat": self.seat, "period": self.period, "deadline_ms": self.deadline_ms,
                "remaining_ms": self.remaining_ms}  # fmt: skip


Listener = Callable[[TimeRunningOut], None]


def deadline_of(game: Game) -> Deadline | None:
    """The game's running deadline, for the index (None: a game without a time control)."""
    clock = game.clock
    if clock is None:
        return None
    running = clock.running
    if running is None:
        return Deadline(game.id, game.version, None)
    return Deadline(game.id, game.version, running.deadline_ms, clock.warn_at_ms(), running.key,
                    running.seat, running.period)  # fmt: skip


def deadlines_of(games: Sequence[Game]) -> list[Deadline]:
    """The running deadlines of the clocked games among `games`."""
    return [d for d in map(deadline_of, games) if d is not None]


def log_running_out(notice: TimeRunningOut) -> None:
    """The default listener: one log line (`clock.running_out`) a push service can tail."""
    log.info("clock.running_out", extra=notice.to_json())


class Timekeeper:
    def __init__(
        self,
        service: GameService,
        index: DeadlineIndex,
        queue: TimeOutQueue | None = None,
        *,
        clock: Callable[[], int] | None = None,
    ) -> None:
        self._service = service
        self.index = index
        self._queue = queue
        self._clock = clock  # None: the service's (so a test that sets that one sets both)
        self._listeners: list[Listener] = [log_running_out]

    def _now(self) -> int:
        return self._clock() if self._clock is not None else self._service.now_ms()

    def attach(self, queue: TimeOutQueue) -> None:
        """Where overdue clocks go (a queue the workers run): set once the queue exists."""
        self._queue = queue

    def on_running_out(self, listener: Listener) -> None:
        """Call `listener` with each "time running out" notice this process claims: where the
        player event stream and webhooks subscribe (docs/workers.md, "Clocks")."""
        self._listeners.append(listener)

    def schedule(self, games: Sequence[Game]) -> None:
        """Keep the running deadline of each clocked game among `games` in the index."""
        if deadlines := deadlines_of(games):
            self.index.schedule(deadlines)

    def due(self, limit: int = BATCH) -> list[Due]:
        return self.index.due(self._now(), limit)

    def tick(self) -> tuple[int, int]:
        """Queue the time-out of every overdue clock, tell every seat whose time runs out;
        how many of each."""
        queued = 0
        for due in self.due():
            if self._queue is not None and self._queue.enqueue_time_out(due.game_id, due.version):
                queued += 1
        return queued, self.warn()

    def warn(self, limit: int = BATCH) -> int:
        now = self._now()
        claimed = self.index.claim_warnings(now, limit)
        for d in claimed:
            if d.seat is None or d.period is None or d.deadline_ms is None:
                continue
            notice = TimeRunningOut(d.game_id, d.version, d.seat, d.period, d.deadline_ms,
                                    max(0, d.deadline_ms - now))  # fmt: skip
            for listener in self._listeners:
                try:
                    listener(notice)
                except Exception:  # one listener's failure is not the clock's
                    log.exception("clock.listener_failed", extra={"game_id": d.game_id})
        return len(claimed)

    def time_out(self, game_id: str) -> Committed | None:
        """Apply the game's overdue time-out, if it still is; then schedule what runs now."""
        try:
            committed = self._service.time_out(game_id)
            self.schedule([self._service.log.load(game_id)])
        except GameNotFound:
            log.warning("clock.no_game", extra={"game_id": game_id})
            return None
        return committed
