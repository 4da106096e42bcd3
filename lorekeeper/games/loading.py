"""Loading a game: this process's cached copy, fast-forwarded with the events the stream has
after it, folded by the domain with the times the events were appended at
(`domain.fold_timed`: the state by `evolve`, the clocks beside it).

A game this process has not cached starts from its newest snapshot (snapshots.py) when the
event at the snapshot's version is still the stream's, and from event 1 otherwise; so does a
load at a version (`load(game_id, at)`). `replay` always folds from event 1.

The stream is the truth; the cache and the snapshots only save a replay. A decision made on
an unchecked cached copy (`cached`) is checked by the optimistic append: a stale copy costs
one refused append, whose refusal carries the events it missed (`caught_up`), never a wrong
answer.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from domain import Event, fold_timed
from domain.events import event_from_json
from lorekeeper.budget import spend
from lorekeeper.errors import GameNotFound, VersionConflict, VersionNotFound
from lorekeeper.games.cache import StateCache
from lorekeeper.games.game import Game, require_game_id
from lorekeeper.games.ports import EventStore, SnapshotStore, StoredEvent, Tail
from lorekeeper.games.snapshots import DEFAULT_EVERY, Snapshot, decode, encode, is_due

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LoadPlan:
    """What GameLoader.load_many reads for some games (GameLoader.plan_load): `reads` are
    EventStore.tails's (game id, from version)."""

    game_ids: list[str]
    cached: list[Game | None]
    bases: list[Game | None]  # the snapshot each uncached game folds on (None: event 1)
    reads: list[tuple[str, int]]


class GameLoader:
    """Every read of a game's state starts here; GameLog adds the commit (log.py)."""

    def __init__(
        self,
        events: EventStore,
        *,
        cache_games: int = 256,
        snapshots: SnapshotStore | None = None,
        snapshot_every: int = DEFAULT_EVERY,
    ) -> None:
        self.events = events
        self._cache = StateCache(cache_games)
        self._snapshots = snapshots if snapshot_every > 0 else None  # 0: neither read nor kept
        self._every = snapshot_every if snapshots is not None else 0

    def load(self, game_id: str, at: int | None = None) -> Game:
        """The game now, or as it was after event `at` (VersionNotFound past its end)."""
        require_game_id(game_id)
        if at is not None:
            return self._load_at(game_id, at)
        loaded = self.load_many([game_id])[0]
        if isinstance(loaded, Exception):
            raise loaded
        return loaded

    def load_many(self, game_ids: Sequence[str]) -> list[Game | Exception]:
        """`load` of several games with one read of the stream: each Game, or the exception
        that game raised (GameNotFound for an unknown one), so one broken game holds up none."""
        plan = self.plan_load(game_ids)
        return self.finish_load(plan, self.events.tails(plan.reads))

    def plan_load(self, game_ids: Sequence[str]) -> LoadPlan:
        """What `load_many` reads: each game's events from its cached copy's version on (or
        from its newest snapshot, read here for the games not cached, or from event 1). A
        caller that reads them itself (the projector, with its other reads in one round
        trip) hands the tails to `finish_load`."""
        cached = [self._cache.get(g) for g in game_ids]
        bases = self._snapshots_of(game_ids, cached)
        starts = [c.version + 1 if c is not None else (1 if b is None else b.version)
                  for c, b in zip(cached, bases, strict=True)]  # fmt: skip
        return LoadPlan(list(game_ids), cached, bases, list(zip(game_ids, starts, strict=True)))

    def finish_load(self, plan: LoadPlan, tails: Sequence[Tail]) -> list[Game | Exception]:
        """The games of `plan`, given the tails of its reads (EventStore.tails)."""
        loaded: list[Game | Exception] = []
        for game_id, copy, base, (version, newer) in zip(plan.game_ids, plan.cached, plan.bases,
                                                         tails, strict=True):  # fmt: skip
            try:
                if base is not None:
                    copy, newer = self._on_snapshot(game_id, base, version, newer)
                loaded.append(self._fast_forward(game_id, copy, version, newer))
            except Exception as exc:
                loaded.append(exc)
        return loaded

    def replay(self, game_id: str, *, keep_snapshots: bool = False) -> Game:
        """The game folded from its first event, whatever this process has cached and
        whatever snapshots it has; `keep_snapshots`: keep one at every multiple of
        snapshot_every on the way (how a game stored before snapshots gets them)."""
        require_game_id(game_id)
        passed: list[Game] | None = [] if keep_snapshots and self._every else None
        game = self._folded(game_id, None, self.events.read(game_id), self._every, passed)
        for snapshot in passed or ():
            self._save_snapshot(snapshot)
        self._cache.put(game_id, game)
        return game

    def keep_final_snapshot(self, game_id: str) -> int:
        """A snapshot of the game as it is now, whatever its version (before it is archived:
        archive.py); 1 if kept."""
        return self._save_snapshot(self.load(game_id)) if self._snapshots is not None else 0

    def keep_snapshots(self, moved: Sequence[tuple[int, Game]]) -> int:
        """A snapshot of each game that passed a multiple of snapshot_every since the version
        given with it (the projector's last); how many were kept. A failed save is logged:
        snapshots only save time."""
        kept = 0
        for before, game in moved:
            if is_due(before, game.version, self._every):
                kept += self._save_snapshot(game)
        return kept

    def cached(self, game_id: str) -> Game | None:
        """This process's copy of the game, unchecked (`checked` False): to decide on at once,
        leaving the optimistic append to find out whether it was still the newest."""
        require_game_id(game_id)
        copy = self._cache.get(game_id)
        return None if copy is None else replace(copy, checked=False)

    def caught_up(self, game: Game, conflict: VersionConflict) -> Game:
        """The game now, after an append at `game.version` was refused: `game` with the events
        the refusal carried folded on, and whatever is still missing read."""
        newer = conflict.newer
        if conflict.current_version < game.version or (
            newer and newer[0].version != game.version + 1
        ):
            self._cache.forget(game.id)  # the stream is not the one this copy came from
            return self.load(game.id)
        if newer:
            game = self._folded(game.id, game, newer)
            self._cache.put(game.id, game)
        return game if game.version == conflict.current_version else self.load(game.id)

    def head_hash(self, game_id: str, version: int) -> str:
        """The hash of the game's event `version` (the chain's head at that version)."""
        copy = self._cache.get(game_id)
        if copy is not None and copy.version == version:
            return copy.head_hash
        stored = self.events.read(game_id, version, 1) if version >= 1 else []
        if not stored:
            raise GameNotFound(game_id)
        return stored[0].hash

    def _load_at(self, game_id: str, version: int) -> Game:
        copy = self._cache.get(game_id)
        if copy is not None and copy.version == version:
            return copy
        base = self._snapshots_of([game_id], [None], version)[0] if version >= 1 else None
        if base is not None:
            wanted = version - base.version + 1
            stored = self.events.read(game_id, base.version, limit=wanted)
            if _continues(base, stored):
                if len(stored) < wanted:  # the game ends before `version`: no full read
                    raise VersionNotFound(version, stored[-1].version)
                return self._folded(game_id, base, stored[1:]) if wanted > 1 else base
        stored = self.events.read(game_id, 1, limit=version) if version >= 1 else []
        if version < 1 or len(stored) < version:
            raise VersionNotFound(version, self.events.version(game_id))
        return self._folded(game_id, None, stored)

    def _fast_forward(
        self, game_id: str, copy: Game | None, version: int, newer: list[StoredEvent]
    ) -> Game:
        if version == 0:
            raise GameNotFound(game_id)
        if copy is not None and copy.version > version:
            self._cache.forget(game_id)  # the stream lost events (a Redis without AOF)
            copy, newer = None, self.events.read(game_id)
        game = self._folded(game_id, copy, newer) if newer else copy
        if game is None:
            raise GameNotFound(game_id)
        self._cache.put(game_id, game)
        return replace(game, checked=True)

    def _snapshots_of(
        self, game_ids: Sequence[str], cached: Sequence[Game | None], at_most: int | None = None
    ) -> list[Game | None]:
        """The newest readable snapshot (at or before `at_most`) of each game not cached, as a
        Game; None for the others, and for every game without snapshots."""
        bases: list[Game | None] = [None] * len(game_ids)
        if self._snapshots is None:
            return bases
        cold = [i for i, copy in enumerate(cached) if copy is None]
        if not cold:
            return bases
        try:
            found = self._snapshots.latest([(game_ids[i], at_most) for i in cold])
        except Exception as exc:  # the store's trouble: fold from the stream instead
            log.warning("snapshots.read_failed", extra={"error": repr(exc)})
            return bases
        for i, kept in zip(cold, found, strict=True):
            snapshot = None if kept is None else decode(kept[1])
            if snapshot is not None and kept is not None and snapshot.version == kept[0]:
                bases[i] = Game(game_ids[i], snapshot.state, snapshot.head_hash,
                                snapshot.head_time_ms, clock=snapshot.clock)  # fmt: skip
        return bases

    def _on_snapshot(
        self, game_id: str, base: Game, version: int, stored: list[StoredEvent]
    ) -> tuple[Game | None, list[StoredEvent]]:
        """The game to fold on and the events to fold, given a snapshot `base` and the events
        read from its version on: the snapshot if the stream has its event there, else the
        whole stream (read again) from nothing."""
        if _continues(base, stored):
            return base, stored[1:]
        return None, self.events.read(game_id) if version else []

    def _save_snapshot(self, game: Game) -> int:
        if self._snapshots is None:
            return 0
        snapshot = Snapshot(game.version, game.state, game.head_hash, game.head_time_ms,
                            game.clock)  # fmt: skip
        try:
            self._snapshots.save(game.id, game.version, encode(snapshot))
        except Exception as exc:
            log.warning("snapshots.save_failed", extra={"game_id": game.id, "error": repr(exc)})
            return 0
        return 1

    @staticmethod
    def _folded(
        game_id: str,
        game: Game | None,
        stored: Sequence[StoredEvent],
        every: int = 0,
        passed: list[Game] | None = None,
    ) -> Game:
        """`game` (None: before the first event) with the stored events folded on, its clocks
        with them (domain.fold_timed); with `passed`, the game at each multiple of `every` on
        the way is added to it."""
        if not stored and game is not None:
            return game
        timed = None if game is None else game.timed
        for part in _parts(stored, every if passed is not None else 0):
            timed = fold_timed(timed, _decoded(part))
            head = part[-1]
            if timed.state.version != head.version:
                raise ValueError(f"event {head.version} did not lead to its version")
            game = Game(game_id, timed.state, head.hash, head.time_ms, clock=timed.clock)
            if passed is not None and head.version % every == 0:
                passed.append(game)
        assert game is not None
        return game


def _parts(stored: Sequence[StoredEvent], every: int) -> list[Sequence[StoredEvent]]:
    """`stored` cut after each event whose version is a multiple of `every` (0: whole)."""
    if every <= 0:
        return [stored]
    cuts = [i + 1 for i, e in enumerate(stored) if e.version % every == 0]
    bounds = [0, *(c for c in cuts if c < len(stored)), len(stored)]
    return [stored[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def _decoded(stored: Sequence[StoredEvent]) -> Iterator[tuple[Event, int]]:
    """Each stored event as the domain's, with its time; a read's budget spent on each
    (lorekeeper/budget.py)."""
    for e in stored:
        spend()
        yield event_from_json(e.type, e.payload), e.time_ms


def _continues(base: Game, stored: Sequence[StoredEvent]) -> bool:
    """Whether `stored`, read from `base`'s version on, starts with the event `base` was
    made after (the same version and hash): the snapshot belongs to this stream."""
    return bool(stored) and stored[0].version == base.version and stored[0].hash == base.head_hash
