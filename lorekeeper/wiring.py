"""The application's parts wired together from one backend's stores: what both composition
roots (api/composition.py, workers/context.py) build, once they have chosen the adapters."""

from __future__ import annotations

from dataclasses import dataclass

from lorekeeper.audit.signing import Signer
from lorekeeper.audit.transparency import TransparencyLog
from lorekeeper.clocks.ports import TimeOutQueue
from lorekeeper.clocks.timekeeper import Timekeeper
from lorekeeper.games.archive import ArchivedEventStore, Archiver
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import EventStore, JobQueue
from lorekeeper.games.reads import GameReader
from lorekeeper.games.service import GameService
from lorekeeper.players.accounts import PlayerService
from lorekeeper.players.bot_turns import BotTurns
from lorekeeper.players.lobby import Lister, LobbyReader
from lorekeeper.players.ports import BotQueue
from lorekeeper.players.seating import Limits
from lorekeeper.players.seating_service import SeatingService
from lorekeeper.projections.ports import Rounds
from lorekeeper.projections.projector import Projector
from lorekeeper.projections.rounds import SequentialRoundReader, SequentialRoundWriter
from lorekeeper.push.notifications import Notifier
from lorekeeper.push.ports import PushStores
from lorekeeper.push.streaming import StreamHub
from lorekeeper.ratings.ports import RatingQueue
from lorekeeper.ratings.service import RatingService
from lorekeeper.settings import Settings
from lorekeeper.stores import Stores


@dataclass(frozen=True)
class Application:
    log: GameLog
    service: GameService
    reader: GameReader
    players: PlayerService
    seating: SeatingService
    lobby: LobbyReader
    projector: Projector
    bots: BotTurns
    timekeeper: Timekeeper
    archiver: Archiver | None = None  # None: stores without archives (lorekeeper/games/archive.py)
    transparency: TransparencyLog | None = None
    notifier: Notifier | None = None  # push (issue 16): the players' notifications
    ratings: RatingService | None = None  # None: stores without ratings (docs/ratings.md)


def limits_of(settings: Settings) -> Limits:
    return Limits(
        allow_anonymous=settings.allow_anonymous_games,
        max_open_games=settings.max_open_games_per_player,
        max_games=settings.max_games_per_player,
        open_game_ttl_s=settings.open_game_ttl_s,
        invitation_ttl_s=settings.invitation_ttl_s,
        seed_step_s=settings.seed_step_s,
    )


def application(
    settings: Settings,
    stores: Stores,
    jobs: JobQueue,
    bot_queue: BotQueue,
    *,
    events: EventStore | None = None,
    hub: StreamHub | None = None,
    time_outs: TimeOutQueue | None = None,
    push: PushStores | None = None,
    rounds: Rounds | None = None,
    rating_queue: RatingQueue | None = None,
) -> Application:
    """One GameLog for everything in the process (a state one part leaves, the next uses).
    `events`: the event store to use instead of the stores' own (a fault-injecting wrapper);
    `hub`: the process's stream hub, which the reader follows games with (the API's);
    `time_outs`: where overdue clocks are queued (lorekeeper/clocks/timekeeper.py); `push`: the
    players' notification logs, told of every listed game (lorekeeper/push/notifications.py);
    `rounds`: where the projector reads and writes a round (by default each store in turn:
    one round trip each on Redis, where the composition roots give adapters/redis/rounds.py's);
    `rating_queue`: where a finished rated game's rating job goes (None: it is not rated)."""
    transparency = None
    if stores.transparency is not None:
        transparency = TransparencyLog(stores.transparency,
                                       max_leaves=settings.transparency_max_leaves)  # fmt: skip
    live = events or stores.events
    # Finished games archived (lorekeeper/games/archive.py) are read from their archives.
    store = live if stores.archives is None else ArchivedEventStore(live, stores.archives)
    log = GameLog(store, stores.dice, jobs,
                  cache_games=settings.state_cache_games, snapshots=stores.snapshots,
                  snapshot_every=settings.snapshot_every, transparency=transparency)  # fmt: skip
    service = GameService(log, stores.seats, allow_scripted_dice=settings.allow_scripted_dice)
    notifier = None if push is None else Notifier(push.notes, stores.tables)
    lister = Lister(log.events, stores.tables, stores.lobby,
                    on_listed=None if notifier is None else notifier.observe)  # fmt: skip
    lobby = LobbyReader(stores.lobby)
    bots = BotTurns(service, stores.tables, bot_queue, think_s=settings.bot_think_s)
    service.watch_commits(bots.after_commit)
    players = PlayerService(stores.players, max_keys=settings.max_keys_per_player)
    ratings = _ratings(stores, log, service, rating_queue)
    rating_of = None if ratings is None else ratings.shown_rating
    seating = SeatingService(service, stores.tables, stores.seats, stores.players, lister, lobby,
                             limits_of(settings), rating_of=rating_of)  # fmt: skip
    reader = GameReader(log, stores.projections, stores.seats, hub=hub,
                        projection_wait_s=settings.projection_wait_s)  # fmt: skip
    timekeeper = Timekeeper(service, stores.deadlines, time_outs)
    if notifier is not None:
        timekeeper.on_running_out(notifier.running_out)
    notes = None if push is None else push.notes
    if rounds is None:
        rounds = Rounds(SequentialRoundReader(stores.projections, log.events, stores.tables),
                        SequentialRoundWriter(stores.projections, stores.lobby, stores.deadlines,
                                              notes))  # fmt: skip
    projector = Projector(log, stores.projections, lister, reader=rounds.reader,
                          writer=rounds.writer, notify=notes is not None, clocks=True)  # fmt: skip
    archiver = None
    if stores.archives is not None:
        archiver = Archiver(log, live, stores.archives, after_days=settings.archive_after_days)
    return Application(log, service, reader, players, seating, lobby, projector, bots, timekeeper,
                       archiver, transparency, notifier, ratings)  # fmt: skip


def _ratings(
    stores: Stores, log: GameLog, service: GameService, queue: RatingQueue | None
) -> RatingService | None:
    """The ratings (docs/ratings.md), told of every end and commit: a rated game is noted
    as due before the append that ends it, and its rating job queued after."""
    if stores.ratings is None:
        return None
    ratings = RatingService(stores.ratings, stores.tables, log, queue)
    service.watch_ends(ratings.before_end)
    service.watch_commits(ratings.after_commit)
    return ratings


def signer_of(settings: Settings) -> Signer | None:
    """The signing key the settings name (lorekeeper/audit/signing.py); None: nothing is signed."""
    if settings.signing_key is None:
        return None
    retired = settings.retired_signing_keys.split(",")
    return Signer.from_hex(settings.signing_key.get_secret_value(), retired)
