"""A game's event log as the application sees it: `load` a game (loading.py), `commit` what
was decided.

Every change to a game ends in `commit` (creating it, a seat's command, the server's breath
step): reveal the game's secrets when the events end it, append at the version they were
decided on, remember the new state, tell the job queue, and put the game's creation and its
end in the transparency log.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from domain import DiceSource, Event, GameState, fold
from domain.events import SCHEMA_VERSION, DiceRevealed, SecretsRevealed
from domain.seeds import seat_seeds
from domain.timed import timed_after
from lorekeeper.audit.canonical import canonical_json, record_json
from lorekeeper.audit.transparency import TransparencyLog
from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.game import Cause, Committed, Game
from lorekeeper.games.idempotency import CREATE_COMMAND
from lorekeeper.games.loading import GameLoader
from lorekeeper.games.ports import (
    AppendResult,
    DiceStore,
    EventStore,
    JobQueue,
    NewEvent,
    SnapshotStore,
    StoredEvent,
)
from lorekeeper.games.snapshots import DEFAULT_EVERY

logger = logging.getLogger(__name__)


class GameLog(GameLoader):
    def __init__(
        self,
        events: EventStore,
        dice: DiceStore,
        jobs: JobQueue,
        *,
        cache_games: int = 256,
        snapshots: SnapshotStore | None = None,
        snapshot_every: int = DEFAULT_EVERY,
        transparency: TransparencyLog | None = None,
    ) -> None:
        super().__init__(events, cache_games=cache_games, snapshots=snapshots,
                         snapshot_every=snapshot_every)  # fmt: skip
        self._dice = dice
        self._jobs = jobs
        self.transparency = transparency

    def dice(self, game_id: str, state: GameState) -> DiceSource:
        """The game's dice, with the seats' client seeds `state` has sealed (SEED-1)."""
        config = self._dice.load(game_id)
        if config is None:
            raise LookupError(f"game {game_id!r} has no dice config")
        return config.source(seat_seeds(state))

    def command_result(self, game_id: str, command_id: str, digest: str) -> Committed | None:
        """The first result of a command id used before in this game, None if it is new
        (IdempotencyMismatch if that id was used with another body)."""
        found = self.events.command_result(game_id, command_id, digest)
        return None if found is None else self._committed(game_id, found)

    def keep_secrets(self, game_id: str, secrets: DiceConfig) -> DiceConfig:
        """Keep a new game's secrets, unless it has some already: the ones kept (a resent
        create's, written first, win)."""
        self._dice.save(game_id, secrets)
        kept = self._dice.load(game_id)
        if kept is None:
            raise LookupError(f"game {game_id!r}: its secrets were not kept")
        return kept

    def secrets(self, game_id: str) -> DiceConfig | None:
        return self._dice.load(game_id)

    def create(
        self,
        game_id: str,
        events: Sequence[Event],
        dice: DiceConfig,
        cause: Cause | None = None,
    ) -> Committed:
        """Start a game with its first events and its secrets (GameExists if it has events;
        with a command id, a create seen before gives its first result)."""
        self._dice.save(game_id, dice)
        cause = cause or Cause(CREATE_COMMAND)
        return self.commit(None, game_id, events, fold(None, events), cause)

    def commit(
        self,
        base: Game | None,
        game_id: str,
        events: Sequence[Event],
        after: GameState,
        cause: Cause,
        *,
        time_ms: int | None = None,
    ) -> Committed:
        """Append `events`, decided on `base` (None: the game's first events) and leading to
        `after`, at `base`'s version; VersionConflict when the game moved on meanwhile. A
        command id seen before gives its first result (`duplicate`), appending nothing.
        `time_ms`: the time to record (the time the events were decided at, which a clocked
        game's deadlines are checked against); None: the store's clock."""
        events, after = self._with_reveal(game_id, events, after)
        new = new_events(events, cause.command, cause.command_json)
        if base is None:
            result = self.events.create(game_id, new, seat=cause.seat,
                                        command_id=cause.command_id,
                                        command_hash=cause.command_hash)  # fmt: skip
        else:
            result = self.events.append(
                game_id, base.version, new, seat=cause.seat,
                command_id=cause.command_id, command_hash=cause.command_hash, time_ms=time_ms,
            )  # fmt: skip
        if not result.duplicate:
            head = result.events[-1]
            clock = None  # a game without clocks keeps none: not folded again
            if base is None or base.clock is not None:
                before = None if base is None else base.timed
                clock = timed_after(before, events, after, head.time_ms).clock
            self._cache.put(game_id, Game(game_id, after, head.hash, head.time_ms, clock=clock))
            self._log_heads(game_id, base, after, result.events)
        committed = self._committed(game_id, result)
        self.notify(game_id, committed)
        return committed

    def _log_heads(
        self, game_id: str, base: Game | None, after: GameState, events: Sequence[StoredEvent]
    ) -> None:
        """Put the game's creation and its end in the transparency log. The append stands if
        this fails: the leaf is added when the game's proof is next asked for."""
        created, ended = base is None, after.is_over and (base is None or not base.state.is_over)
        if self.transparency is None or not (created or ended):
            return
        try:
            self.transparency.after_append(game_id, created, ended, events)
        except Exception:
            logger.exception("transparency.append_failed", extra={"game_id": game_id})

    def notify(self, game_id: str, committed: Committed) -> None:
        """Tell the job queue about an append; again for a repeated command, whose jobs may
        have been lost with its first reply (they are idempotent)."""
        self._jobs.after_append(game_id, committed.version, [e.type for e in committed.events])

    def _with_reveal(
        self, game_id: str, events: Sequence[Event], after: GameState
    ) -> tuple[list[Event], GameState]:
        """`events`, and the game's secrets after them when they end it (in `after`), with
        the state they lead to: SecretsRevealed (the seed of committed dice, the hands dealt
        and their salts) for a game of record format 2; DiceRevealed for an older game of
        committed dice; nothing for an older game of other dice."""
        if not after.is_over:
            return list(events), after
        config = self._dice.load(game_id)
        reveal: Event | None = None
        if config is not None and config.hand_salts:
            reveal = SecretsRevealed(config.revealable_seed, config.hands, config.hand_salts)
        elif config is not None and config.revealable_seed is not None:
            reveal = DiceRevealed(seed=config.revealable_seed)
        if reveal is None:
            return list(events), after
        return [*events, reveal], fold(after, [reveal])

    def _committed(self, game_id: str, result: AppendResult) -> Committed:
        events = result.events
        head = events[-1].hash if events else self.head_hash(game_id, result.version)
        return Committed(result.version, events, result.duplicate, head)


def new_events(
    events: Sequence[Event], command: Mapping[str, Any] | None, command_json: str | None = None
) -> list[NewEvent]:
    """`events` as they are stored, the command that caused them (and its canonical JSON,
    when made already) with the first. Each payload is written as canonical JSON straight
    from its record, and its JSON values read back from that text (orjson: a fraction of
    what making them from the record costs)."""
    new = []
    for i, event in enumerate(events):
        text = payload_json(event)
        payload = orjson.loads(text)
        if i == 0:
            new.append(NewEvent(event.type, payload, SCHEMA_VERSION, command, command_json, text))
        else:
            new.append(NewEvent(event.type, payload, SCHEMA_VERSION, payload_json=text))
    return new


def payload_json(event: Event) -> str:
    """The canonical JSON of the event's payload: written from the record itself, unless its
    class makes its payload its own way (GameCreated leaves out what older games lacked)."""
    if type(event).payload is Event.payload:
        return record_json(event)
    return canonical_json(event.payload())
