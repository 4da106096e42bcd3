"""Who sits where: what the use cases of a game's table share.

The use cases change a game's table (tables.py) by compare and set, then relist the game
(lobby.py: a seat changing hands appends no event, so no projection would), and start the
game once its last seat is taken (GameService.start_game), or open the seed step it was
promised (GameService.open_seed_step, SEED-2). The rules never see any of it: they know
seats by number.

- hosting.py: creating a game with its seats, and its rematch;
- joining.py: joining, declining, leaving, invitations and read-only grants;
- here: their values, starting and expiring games, the table as shown, the caps;
- seating_service.py: all of them in one object (SeatingService).

Who may read or act is access.py's (docs/players.md): a private game answers 404 to everyone
else, as if it did not exist.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from domain.seeds import awaits_seed_step, seed_step_deadline
from lorekeeper.clocks.reading import now_ms
from lorekeeper.errors import Refused, TokenMissing
from lorekeeper.games.ports import SeatTokenStore
from lorekeeper.games.service import GameService
from lorekeeper.players.access import Access, Caller
from lorekeeper.players.lobby import Lister, LobbyReader
from lorekeeper.players.ports import PlayerStore, TableStore
from lorekeeper.players.tables import (
    OPEN,
    STARTED,
    Seat,
    Table,
    changed,
    expired,
    shown,
    started,
)

INVITATION_PREFIX = "lki_"
CAS_TRIES = 8  # compare-and-set attempts of a table change before it gives up


@dataclass(frozen=True)
class Limits:
    allow_anonymous: bool = False
    max_open_games: int = 10
    max_games: int = 50  # not over: open and active
    open_game_ttl_s: int = 24 * 3600
    invitation_ttl_s: int = 24 * 3600
    seed_step_s: int = 60  # a seed step's length unless the creation asks (SEED-2)


@dataclass(frozen=True)
class SeatSpec:
    """One seat as `POST /games` asks for it (api/schemas.py checks the shape)."""

    kind: str  # me, player, open, invite, bot, token
    player_id: str | None = None
    bot: str | None = None
    expires_in_s: int | None = None


@dataclass(frozen=True)
class Invitation:
    seat: int
    token: str  # shown once
    expires_ms: int


@dataclass(frozen=True)
class CreatedTable:
    game_id: str
    version: int
    head_hash: str
    dice: dict[str, Any]
    table: Table
    tokens: dict[int, str]  # the seat tokens the caller holds
    invitations: list[Invitation]
    created: bool = True  # False: a rematch that existed already
    replayed: bool = False  # the first reply to a creation sent again (its Idempotency-Key)


@dataclass(frozen=True)
class Joined:
    seat: int
    token: str
    table: Table
    version: int
    # Whether the join's client seed is recorded (SEED-1); None: the join gave none. False:
    # the rules refused it after the seat was taken (the first turn began in between, as
    # another player took the last seat).
    client_seed_recorded: bool | None = None
    replayed: bool = False  # the answer to a join resent with its Idempotency-Key


class Seating:
    """The stores and the steps every use case of a table takes (hosting.py, joining.py)."""

    def __init__(
        self,
        games: GameService,
        tables: TableStore,
        seats: SeatTokenStore,
        players: PlayerStore,
        lister: Lister,
        lobby: LobbyReader,
        limits: Limits = Limits(),
        *,
        clock: Callable[[], int] = now_ms,
        rating_of: Callable[[str], int] | None = None,
    ) -> None:
        self._games = games
        self._log = games.log
        self._tables = tables
        self._seats = seats
        self._players = players
        self._lister = lister
        self._lobby = lobby
        self.limits = limits
        self._clock = clock
        self._rating_of = rating_of  # a player's rating now (docs/ratings.md); None: unrated
        self.access = Access(games.log.events, tables, seats)

    # -- creating -------------------------------------------------------------------------------

    def _seat_for(self, kind: str, player_id: str) -> Seat:
        """A seat of kind `player` or `reserved` for the player: its name, whether it is a
        bot account, and (when it sits down) its rating, as the lobby shows them."""
        player = self._players.load(player_id)
        if player is None:
            raise Refused("player_not_found", f"no player {player_id!r}")
        rating = None
        if kind == "player" and self._rating_of is not None:
            rating = self._rating_of(player_id)
        return Seat(kind, player_id, player.name, is_bot=player.bot or None, rating=rating)

    # -- joining and leaving --------------------------------------------------------------------

    # -- starting, expiring, rematches -----------------------------------------------------------

    def _start_if_full(self, table: Table) -> Table:
        while table.status == OPEN and table.is_full:
            new = self._started(table)
            if self._tables.replace(new, table.rev):
                table = new
                break
            table = self._tables.load(table.game_id) or table
        if table.status == STARTED:
            self._begin(table)
        return table

    def _started(self, table: Table) -> Table:
        """The table started; for a game promised a seed step (SEED-2) with an expiry at the
        step's earliest deadline, so that the expiry pass looks at it even if this process
        dies before the step opens or its table follows the step's deadline."""
        new = started(table)
        length = self._log.load(table.game_id).state.seed_step_length_ms
        return new if length is None else replace(new, expires_ms=self._clock() + length)

    def _begin(self, table: Table) -> None:
        """Seal the seats and begin the first turn; or, in a game promised a seed step, open
        it for the seats held by players or tokens (SEED-2), the table's expiry following
        its deadline."""
        self._seats.seal(table.game_id)
        if awaits_seed_step(self._log.load(table.game_id).state):
            self._games.open_seed_step(table.game_id, awaited_seats(table))
            self._follow_seed_step(table)
        else:
            self._games.start_game(table.game_id)

    def start(self, game_id: str) -> None:
        """Begin a game whose table has started, or open its promised seed step (idempotent;
        the reconciler repeats it for a game left between the two)."""
        table = self._tables.load(game_id)
        if table is not None and table.status == STARTED:
            self._begin(table)
        self._relist(game_id)

    def expire_due(self, limit: int = 100) -> list[str]:
        """Expire open games past their time; the ids expired. A game in a seed step (SEED-2)
        past its deadline is begun instead (its table is `started`, its first turn not)."""
        now = self._clock()
        done = []
        for game_id in self._lobby_expiring(now, limit):
            table = self._tables.load(game_id)
            due = table is not None and table.status == OPEN and (table.expires_ms or 0) <= now
            if due and table is not None and self._tables.replace(expired(table), table.rev):
                done.append(game_id)
            elif table is not None and table.status == STARTED:
                self._end_seed_step_phase(table)
            self._relist(game_id)  # also when it started meanwhile: off the expiring set
        return done

    def _end_seed_step_phase(self, table: Table) -> None:
        """At a seed step's deadline: end its phase (SEED-2, SEED-3); a promised step left
        unopened (the process died as the game filled up) opens now instead."""
        if awaits_seed_step(self._log.load(table.game_id).state):
            self._begin(table)
            return
        self._games.end_seed_step(table.game_id)
        self._follow_seed_step(table)

    def _follow_seed_step(self, table: Table) -> None:
        """A seed step still running waits for its next deadline (SEED-3: the reveals' once
        the commit phase is closed): the table's expiry, which the expiring set follows."""
        deadline = seed_step_deadline(self._log.load(table.game_id).state)
        if deadline is not None and deadline != table.expires_ms:
            self._tables.replace(changed(table, expires_ms=deadline), table.rev)

    def _lobby_expiring(self, now: int, limit: int) -> list[str]:
        return self._lister.index.expiring(now, limit)

    # -- read-only grants ------------------------------------------------------------------------

    def _issuer(self, game_id: str, caller: Caller) -> tuple[Table, str]:
        table = self.access.readable_table(game_id, caller)
        me = caller.player_id
        if me is not None and table.is_member(me):
            return table, me
        if caller.token is not None and not caller.is_grant:
            seat = self.access.token_seat(game_id, caller)
            if seat is not None:
                return table, f"seat:{seat}"
        raise Refused("not_seated", "only the game's players may issue read-only tokens")

    # -- access ----------------------------------------------------------------------------------

    def table(self, game_id: str, caller: Caller) -> Table:
        """The game's table as shown (`over` once the game is over), for a caller who may
        read the game."""
        return self._shown(self.access.readable_table(game_id, caller))

    def _shown(self, table: Table) -> Table:
        if table.status != STARTED:
            return table
        return shown(table, self._log.load(table.game_id).state.is_over)

    def _member_table(self, game_id: str, caller: Caller) -> Table:
        table, _by = self._issuer(game_id, caller)
        return table

    # -- caps and the lobby ---------------------------------------------------------------------

    def _check_caps(self, player_id: str) -> None:
        waiting = self._lobby.count(player_id, "open")
        playing = self._lobby.count(player_id, "active")
        if waiting >= self.limits.max_open_games:
            raise Refused("game_limit_reached", f"you are in {waiting} games waiting for "
                          f"players; the limit is {self.limits.max_open_games}")  # fmt: skip
        if waiting + playing >= self.limits.max_games:
            raise Refused("game_limit_reached", f"you are in {waiting + playing} games not "
                          f"over; the limit is {self.limits.max_games}")  # fmt: skip

    def _relist(self, game_id: str) -> int:
        """List the game with its table as it is now; the game's version."""
        game = self._log.load(game_id)
        self._lister.list_games([game])
        return game.version


def require_player(caller: Caller, what: str) -> str:
    if caller.player_id is None:
        raise TokenMissing(f"{what} needs a player key: `Authorization: Bearer lkp_…`")
    return caller.player_id


def awaited_seats(table: Table) -> tuple[int, ...]:
    """The seats a seed step opened as the game fills up waits for: held by players or
    tokens (bots give no seed)."""
    return tuple(n for n, seat in enumerate(table.seats) if seat.kind != "bot")
