"""Who sits where, and who may read or act: creating a game with its seats, joining,
leaving, invitations, read-only grants, rematches, expiry, and every access check.

The use cases here change a game's table (tables.py) by compare and set, then
relist the game (lobby.py: a seat changing hands appends no event, so no
projection would), and start the game once its last seat is taken (GameService.start_game),
or open the seed step it was promised (GameService.open_seed_step, SEED-2).
The rules never see any of it: they know seats by number.

Access (docs/players.md): a request's `Caller` is what its bearer token proved: a player (an
API key, checked on every request), or a token to check per game: a seat token (`lks_`) or
a read-only grant (`lkv_`). A private game answers 404 to everyone else, as if it did not
exist.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain import RuleViolation
from domain.seeds import awaits_seed_step, seed_step_deadline
from lorekeeper.bots import BOTS
from lorekeeper.errors import Refused, TokenMissing
from lorekeeper.games.creation import ReplayedGame, checked_scenario
from lorekeeper.games.dice import FillStep, SeedStep
from lorekeeper.games.ports import SeatTokenStore
from lorekeeper.games.seat_tokens import new_token, token_hash
from lorekeeper.games.service import GameService
from lorekeeper.players.access import GRANT_PREFIX, Access, Caller, digest
from lorekeeper.players.lobby import Lister, LobbyReader
from lorekeeper.players.ports import PlayerStore, TableStore
from lorekeeper.players.tables import (
    OPEN,
    STARTED,
    Grant,
    Seat,
    Table,
    changed,
    declined,
    expired,
    free_seat,
    invite_to,
    invited_seat,
    require_open,
    rotated,
    seat_for_join,
    seat_to_decline,
    shown,
    started,
    take_seat,
    with_grant,
    with_rematch,
    without_grant,
)

INVITATION_PREFIX = "lki_"
MAX_GRANTS = 16
SEED_STEP_S = (5, 3600)  # the shortest and longest seed step a creation may ask for (SEED-2)
_CAS_TRIES = 8
_REMEMBERED = 4096


def now_ms() -> int:
    return time.time_ns() // 1_000_000


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


class SeatingService:
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
        self.access = Access(games.log.events, tables, seats)

    # -- creating -------------------------------------------------------------------------------

    def create(
        self,
        caller: Caller,
        scenario: str | Mapping[str, Any],
        options: Mapping[str, Any],
        *,
        visibility: str = "public",
        seats: Sequence[SeatSpec] | None = None,
        rematch_of: str | None = None,
        game_id: str | None = None,
        idempotency_key: str | None = None,
        address: str = "",
        body: Mapping[str, Any] | None = None,
    ) -> CreatedTable:
        """A new game and its table. It starts at once when no seat waits for anyone;
        otherwise it waits (open) until its seats are taken, or it expires.

        With an `idempotency_key` (scoped to the caller's player, else its `address`, and to
        the `body`), a creation sent again gets the first one's game, version and seat
        tokens (`replayed`), never a second game; its invitations were shown once and are
        not (ask for new ones). GameService.create_game explains how."""
        me = caller.player_id
        if me is None and not self.limits.allow_anonymous:
            raise TokenMissing("this server creates games for players: send `Authorization: "
                               "Bearer <player key>` (POST /players gives one)")  # fmt: skip
        specs = self._specs(scenario, options, seats, me)
        token_seats = [n for n, spec in enumerate(specs) if spec.kind in ("me", "token")]
        client = f"player:{me}" if me is not None else address
        if idempotency_key is not None:
            first = self._games.replayed_creation(
                scenario, options, idempotency_key=idempotency_key, client=client, body=body,
                token_seats=token_seats, game_id=game_id,
            )  # fmt: skip
            if first is not None:  # before the caps: the game counted already
                return self._replayed(first)
        if me is not None:
            self._check_caps(me)
        now = self._clock()
        invitations: list[Invitation] = []
        made: list[Table] = []
        full = all(spec.kind in ("me", "bot", "token") for spec in specs)
        step = self._seed_step(options, full, token_seats, now)

        def table_for(new_id: str, doc: Mapping[str, Any]) -> None:
            count = len(doc.get("players", []))
            if len(specs) != count:
                raise Refused("invalid_body", f"seats: {len(specs)} given; the scenario has "
                              f"{count}", errors={"seats": [f"{count} seats"]})  # fmt: skip
            placed = [self._seat(spec, me, now, n, invitations) for n, spec in enumerate(specs)]
            _require_distinct_players(placed)
            kept = {k: v for k, v in options.items() if k in _REPEATED}
            table = Table(new_id, visibility, str(doc.get("name", "")), now, tuple(placed),
                          owner=me, rematch_of=rematch_of, options=kept)  # fmt: skip
            if table.is_full:  # in a seed step it "expires" into its first turn (expire_due)
                deadline = step.deadline_ms if isinstance(step, SeedStep) else None
                table = replace(table, status=STARTED, expires_ms=deadline)
            else:
                table = replace(table, expires_ms=now + self.limits.open_game_ttl_s * 1000)
            if not self._tables.create(table) and not self._left_over(table, idempotency_key):
                raise Refused("game_exists", f"game {new_id!r} already exists")
            made.append(table)

        created = self._games.create_game(
            scenario, options, start=full and step is None, token_seats=token_seats,
            before=table_for, game_id=game_id, idempotency_key=idempotency_key, client=client,
            body=body, seed_step=step,
        )  # fmt: skip
        if isinstance(created, ReplayedGame):  # the same creation, sent twice at once
            return self._replayed(created)
        tokens = {s["seat"]: s["token"] for s in created.seats}
        if isinstance(step, SeedStep):
            self._seats.seal(created.game_id)  # its seats are all held: no token to come
        self._relist(created.game_id)
        return CreatedTable(created.game_id, created.version, created.head_hash, created.dice,
                            made[0], tokens, invitations)  # fmt: skip

    def _seed_step(
        self, options: Mapping[str, Any], full: bool, token_seats: Sequence[int], now: int
    ) -> SeedStep | FillStep | None:
        """The seed step `options.seed_step` asks for (SEED-2): for the seats held by the
        creator (bots give no seed), until `seed_step_s` (or the server's length) from now;
        in a game with seats to fill, one promised for when they are all taken (FillStep)."""
        length = options.get("seed_step_s")
        if not options.get("seed_step"):
            if length is not None:
                raise _seed_step_refused("seed_step_s", "goes with `seed_step: true`")
            return None
        if options.get("seed") is not None or "dice" in options:
            raise _seed_step_refused("seed_step", _NOT_COMMITTED)
        if full and not token_seats:
            raise _seed_step_refused("seed_step", _ONLY_BOTS)
        low, high = SEED_STEP_S
        if length is not None and not low <= length <= high:
            raise _seed_step_refused("seed_step_s", f"is {low} to {high} seconds")
        seconds = self.limits.seed_step_s if length is None else length
        if not full:  # its seats are known, and its deadlines counted, once they are taken
            return FillStep(seconds * 1000)
        # The reveals (SEED-3) have as long again after the commit phase's deadline.
        return SeedStep(tuple(token_seats), now + seconds * 1000, now + 2 * seconds * 1000)

    def _replayed(self, first: ReplayedGame) -> CreatedTable:
        table = self._tables.load(first.game_id)
        if table is None:
            raise Refused("game_exists", f"game {first.game_id!r} has no table")
        tokens = {s["seat"]: s["token"] for s in first.seats}
        self._relist(first.game_id)
        return CreatedTable(first.game_id, first.version, first.head_hash, first.dice, table,
                            tokens, [], replayed=True)  # fmt: skip

    def _left_over(self, table: Table, idempotency_key: str | None) -> bool:
        """Whether `table` replaced the table an earlier attempt of this named creation left
        with no game (it failed between the two): its game id is this creation's own."""
        if idempotency_key is None or self._log.events.exists(table.game_id):
            return False
        old = self._tables.load(table.game_id)
        return old is not None and self._tables.replace(replace(table, rev=old.rev + 1), old.rev)

    def _specs(
        self,
        scenario: str | Mapping[str, Any],
        options: Mapping[str, Any],
        seats: Sequence[SeatSpec] | None,
        me: str | None,
    ) -> list[SeatSpec]:
        """The seats asked for, `player` naming the caller read as `me`; without `seats`, a
        player takes seat 0 and leaves the others open, an anonymous caller holds every
        seat's token (as before players existed)."""
        if seats is not None:
            specs = [SeatSpec("me") if s.kind == "player" and s.player_id == me else s
                     for s in seats]  # fmt: skip
            if me is None and any(s.kind == "me" for s in specs):
                raise TokenMissing("a seat of kind `me` needs a player key")
            return specs
        doc = checked_scenario(scenario, options,
                               allow_scripted_dice=self._games.allows_scripted_dice)  # fmt: skip
        players = doc.get("players")
        count = len(players) if isinstance(players, list) else 0
        if me is None:
            return [SeatSpec("token")] * count
        return [SeatSpec("me"), *[SeatSpec("open")] * (count - 1)][:count]

    def _seat(
        self, spec: SeatSpec, me: str | None, now: int, number: int, out: list[Invitation]
    ) -> Seat:
        if spec.kind == "me" or (spec.kind == "player" and spec.player_id == me):
            assert me is not None
            return Seat("player", me, self._name_of(me))
        if spec.kind == "player":
            player_id = spec.player_id or ""
            return Seat("reserved", player_id, self._name_of(player_id))
        if spec.kind == "bot":
            if spec.bot not in BOTS:
                known = ", ".join(sorted(BOTS))
                raise Refused("invalid_body", f"no bot {spec.bot!r}; bots: {known}",
                              errors={"seats": [f"unknown bot {spec.bot!r}"]})  # fmt: skip
            return Seat("bot", bot=spec.bot)
        if spec.kind == "invite":
            ttl_s = spec.expires_in_s or self.limits.invitation_ttl_s
            token = INVITATION_PREFIX + secrets.token_urlsafe(32)
            out.append(Invitation(number, token, now + ttl_s * 1000))
            return Seat("invite", invite_hash=digest(token), expires_ms=now + ttl_s * 1000)
        return Seat(spec.kind)  # open, token

    def _name_of(self, player_id: str) -> str:
        player = self._players.load(player_id)
        if player is None:
            raise Refused("player_not_found", f"no player {player_id!r}")
        return player.name

    # -- joining and leaving --------------------------------------------------------------------

    def join(
        self,
        caller: Caller,
        game_id: str,
        seat: int | None = None,
        invitation: str | None = None,
        *,
        client_seed: str | None = None,
    ) -> Joined:
        """Seat the caller (a player) in a free seat (tables.seat_for_join); its seat token
        comes back, shown once. A player who holds a seat already is refused (409
        `already_seated`): the token it was given keeps working, and its player key acts for
        the seat too. A `client_seed` is recorded as the seat's (SEED-1) before the game can
        start."""
        me = _require_player(caller, "joining a game")
        name = self._name_of(me)
        hashed = None if invitation is None else digest(invitation)

        def is_invited(table: Table) -> bool:  # an invitation opens a private game
            return hashed is not None and invited_seat(table, hashed) is not None

        for _ in range(_CAS_TRIES):
            table = self.access.table_opened_by(game_id, caller, is_invited)
            held = table.seat_of(me)
            if held is not None:
                raise Refused("already_seated", f"you hold seat {held} of this game; the seat "
                              "token you were given keeps working, and your player key acts "
                              "for the seat too", seat=held)  # fmt: skip
            if client_seed is not None:
                self._require_seat_seeds(game_id)
            require_open(table)
            number = seat_for_join(table, me, seat, hashed, self._clock())
            self._check_caps(me)
            new = take_seat(table, number, Seat("player", me, name))
            if self._tables.replace(new, table.rev):
                return self._seated(new, number, client_seed)
        raise Refused("seat_taken", "the seats changed hands too often; try again")

    def decline(self, caller: Caller, game_id: str, invitation: str | None) -> tuple[int, Table]:
        """Turn down a seat: the invitation's, or without one the seat reserved for the
        calling player (a named seat, a rematch); the seat and the table now. The seat shows
        `declined` and waits for nobody, until a player of the game invites anew to it.
        Declining again answers the same."""
        hashed = None if invitation is None else digest(invitation)
        me = None if hashed is not None else _require_player(caller, "declining a seat")

        def is_declinable(table: Table) -> bool:
            try:
                seat_to_decline(table, me, hashed)
            except Refused:
                return False
            return True

        for _ in range(_CAS_TRIES):
            table = self.access.table_opened_by(game_id, caller, is_declinable)
            number, done = seat_to_decline(table, me, hashed)
            if done:
                return number, table
            new = declined(table, number)
            if self._tables.replace(new, table.rev):
                self._relist(game_id)
                return number, new
        raise Refused("seat_taken", "the seats changed hands too often; try again")

    def _seated(self, table: Table, seat: int, client_seed: str | None = None) -> Joined:
        token = new_token()
        self._seats.save(table.game_id, {seat: token_hash(token)}, final=False)
        recorded = None if client_seed is None else self._give_seed(table, seat, client_seed)
        table = self._start_if_full(table)
        version = self._relist(table.game_id)
        return Joined(seat, token, table, version, recorded)

    def _give_seed(self, table: Table, seat: int, client_seed: str) -> bool:
        """Record the seat's client seed, its command as the seat's own (SEED-1); False when
        the rules refuse it: the seat is taken either way, and its token must reach the
        player (the reply says the seed was not recorded)."""
        body = {"type": "client_seed", "seed": client_seed}
        try:
            self._games.handle_command(table.game_id, seat, body)
        except RuleViolation:
            return False
        return True

    def _require_seat_seeds(self, game_id: str) -> None:
        if not self._log.load(game_id).state.seat_seeds:
            raise Refused("invalid_body", "this game takes no client seeds from its seats: its "
                          "dice are not the server's committed seed, or it began at its creation",
                          errors={"client_seed": ["not taken by this game"]})  # fmt: skip

    def leave(self, caller: Caller, game_id: str) -> Table:
        """Free the caller's seat of a game that has not started (a started game: resign)."""
        me = _require_player(caller, "leaving a game")
        for _ in range(_CAS_TRIES):
            table = self.access.readable_table(game_id, caller)
            held = table.seat_of(me)
            if held is None:
                raise Refused("not_seated", "you hold no seat of this game")
            new = free_seat(table, held)
            if self._tables.replace(new, table.rev):
                self._seats.release(game_id, held)
                self._relist(game_id)
                return new
        raise Refused("seat_taken", "the seats changed hands too often; try again")

    def invite(
        self, caller: Caller, game_id: str, seat: int | None, expires_in_s: int | None
    ) -> Invitation:
        """A new invitation for a free seat (open, or invited before: the old link dies)."""
        table = self._member_table(game_id, caller)
        for _ in range(_CAS_TRIES):
            number = seat if seat is not None else _first_invitable(table)
            if number is None or not 0 <= number < len(table.seats):
                raise Refused("seat_taken", "no seat of this game is free to invite to")
            if table.seats[number].kind not in ("open", "invite", "declined"):
                raise Refused("seat_taken", f"seat {number} is not free to invite to")
            ttl_s = expires_in_s or self.limits.invitation_ttl_s
            token = INVITATION_PREFIX + secrets.token_urlsafe(32)
            expires = self._clock() + ttl_s * 1000
            new = invite_to(table, number, digest(token), expires)
            if self._tables.replace(new, table.rev):
                self._relist(game_id)
                return Invitation(number, token, expires)
            table = self._member_table(game_id, caller)
        raise Refused("seat_taken", "the seats changed hands too often; try again")

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

    def rematch(self, caller: Caller, game_id: str) -> CreatedTable:
        """The same scenario with the same players, each one seat on; the caller sits at
        once, the other players are reserved their seats (they join to accept)."""
        me = _require_player(caller, "a rematch")
        table = self.access.readable_table(game_id, caller)
        if not table.is_member(me):
            raise Refused("not_seated", "only the game's players may ask for a rematch")
        game = self._log.load(game_id)
        if not game.state.is_over:
            raise Refused("game_not_over", "a rematch follows a game that is over")
        rematch_id = table.rematch
        existing = None if rematch_id is None else self._tables.load(rematch_id)
        if rematch_id is not None and existing is not None and self._log.events.exists(rematch_id):
            game = self._log.load(rematch_id)
            dice = self._log.events.read(rematch_id, 1, 1)[0].payload.get("dice") or {}
            return CreatedTable(rematch_id, game.version, game.head_hash, dice,
                                shown(existing, game.state.is_over), {}, [],
                                created=False)  # fmt: skip
        if rematch_id is None:
            rematch_id = self._games.new_game_id()
            if not self._tables.replace(with_rematch(table, rematch_id), table.rev):
                return self.rematch(caller, game_id)  # another rematch got there first
        first = self._log.events.read(game_id, 1, 1)[0]
        seats = [_spec_of(s, me) for s in rotated(table.seats)]
        if not any(s.kind == "me" for s in seats):
            seats[table.seat_of(me) or 0] = SeatSpec("me")  # the creator, seated now
        return self.create(caller, first.payload["scenario"], dict(table.options),
                           visibility=table.visibility, seats=seats, rematch_of=game_id,
                           game_id=rematch_id)  # fmt: skip

    # -- read-only grants ------------------------------------------------------------------------

    def grant(self, caller: Caller, game_id: str, role: str) -> tuple[Grant, str]:
        """A read-only token (spectator or auditor) for the game, issued by one of its players."""
        for _ in range(_CAS_TRIES):
            table, by = self._issuer(game_id, caller)
            token = GRANT_PREFIX + secrets.token_urlsafe(32)
            hashed = digest(token)
            grant = Grant(hashed[:12], hashed, role, by, self._clock())
            if self._tables.replace(with_grant(table, grant, MAX_GRANTS), table.rev):
                return grant, token
        raise Refused("seat_taken", "the table changed too often; try again")

    def grants(self, caller: Caller, game_id: str) -> list[Grant]:
        return list(self._issuer(game_id, caller)[0].grants)

    def revoke_grant(self, caller: Caller, game_id: str, grant_id: str) -> None:
        for _ in range(_CAS_TRIES):
            table, _by = self._issuer(game_id, caller)
            if self._tables.replace(without_grant(table, grant_id), table.rev):
                return
        raise Refused("seat_taken", "the table changed too often; try again")

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


_NOT_COMMITTED = ("needs the server's committed dice: not with `seed` or `dice`, which no "
                  "seat's seed could make fair")  # fmt: skip
_ONLY_BOTS = "waits for seats held by players; bots give no seed"


# What a rematch repeats of its game's options (Table.options): not the dice seed.
_REPEATED = ("auto_decisions", "clock", "seed_step", "seed_step_s")


def _seed_step_refused(option: str, problem: str) -> Refused:
    return Refused("invalid_body", f"options.{option} {problem} (SEED-2)", rule="SEED-2",
                   errors={"options": {option: [problem]}})  # fmt: skip


def _require_player(caller: Caller, what: str) -> str:
    if caller.player_id is None:
        raise TokenMissing(f"{what} needs a player key: `Authorization: Bearer lkp_…`")
    return caller.player_id


def _require_distinct_players(seats: Sequence[Seat]) -> None:
    named = [s.player_id for s in seats if s.player_id is not None]
    if len(named) != len(set(named)):
        raise Refused("invalid_body", "a player holds at most one seat of a game",
                      errors={"seats": ["a player named twice"]})  # fmt: skip


def awaited_seats(table: Table) -> tuple[int, ...]:
    """The seats a seed step opened as the game fills up waits for: held by players or
    tokens (bots give no seed)."""
    return tuple(n for n, seat in enumerate(table.seats) if seat.kind != "bot")


def _first_invitable(table: Table) -> int | None:
    for kind in ("open", "invite", "declined"):
        for number, seat in enumerate(table.seats):
            if seat.kind == kind:
                return number
    return None


def _spec_of(seat: Seat, me: str) -> SeatSpec:
    if seat.kind == "reserved" and seat.player_id == me:
        return SeatSpec("me")
    if seat.kind == "reserved":
        return SeatSpec("player", player_id=seat.player_id)
    if seat.kind == "bot":
        return SeatSpec("bot", bot=seat.bot)
    return SeatSpec("open")
