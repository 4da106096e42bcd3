"""Hosting a game: creating it with its seats, and its rematch."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from lorekeeper.bots import BOT_NAMES
from lorekeeper.errors import Refused, TokenMissing
from lorekeeper.games.creation import CreatedGame, ReplayedGame, checked_scenario
from lorekeeper.games.dice import FillStep, SeedStep
from lorekeeper.games.forks import ForkPlan
from lorekeeper.players.access import Caller, digest
from lorekeeper.players.seating import (
    INVITATION_PREFIX,
    CreatedTable,
    Invitation,
    Seating,
    SeatSpec,
    require_player,
)
from lorekeeper.players.tables import STARTED, Seat, Table, rotated, shown, with_rematch
from lorekeeper.ratings.rules import check_rated_creation

SEED_STEP_S = (5, 3600)  # the shortest and longest seed step a creation may ask for (SEED-2)


class Hosting(Seating):
    """Creating a game with its table (`create`), and the rematch of one that is over."""

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
        fork: ForkPlan | None = None,
    ) -> CreatedTable:
        """A new game and its table (with a `fork`, a fork's: players/forking.py). It
        starts at once when no seat waits for anyone; otherwise it waits (open) until its
        seats are taken, or it expires.

        With an `idempotency_key` (scoped to the caller's player, else its `address`, and to
        the `body`), a creation sent again gets the first one's game, version and seat
        tokens (`replayed`), never a second game; its invitations were shown once and are
        not (ask for new ones). GameService.create_game explains how."""
        me = self._host_of(caller)
        specs = self._specs(scenario, options, seats, me)
        check_rated_creation(options, visibility, (s.kind for s in specs), me)
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
            placed = self._placed(specs, doc, me, now, invitations)
            kept = {k: v for k, v in options.items() if k in _REPEATED}
            kept |= {"fork": fork.summary} if fork is not None else {}
            table = Table(new_id, visibility, str(doc.get("name", "")), now, tuple(placed),
                          owner=me, rematch_of=rematch_of, options=kept)  # fmt: skip
            table = self._waiting(table, step, now)
            if not self._tables.create(table) and not self._left_over(table, idempotency_key):
                raise Refused("game_exists", f"game {new_id!r} already exists")
            made.append(table)

        created = self._games.create_game(
            scenario, options, start=full and step is None, token_seats=token_seats,
            before=table_for, game_id=game_id, idempotency_key=idempotency_key, client=client,
            body=body, seed_step=step, fork=fork,
        )  # fmt: skip
        return self._hosted(created, step, made, invitations)

    def _hosted(
        self,
        created: CreatedGame,
        step: SeedStep | FillStep | None,
        made: list[Table],
        invitations: list[Invitation],
    ) -> CreatedTable:
        """The reply to a creation whose game is made, once the game is listed; the first
        reply for the same creation sent twice at once."""
        if isinstance(created, ReplayedGame):
            return self._replayed(created)
        tokens = {s["seat"]: s["token"] for s in created.seats}
        if isinstance(step, SeedStep):
            self._seats.seal(created.game_id)  # its seats are all held: no token to come
        self._relist(created.game_id)
        return CreatedTable(created.game_id, created.version, created.head_hash, created.dice,
                            made[0], tokens, invitations)  # fmt: skip

    def _host_of(self, caller: Caller) -> str | None:
        """The player who creates the game; None for an anonymous caller, where the server
        lets one create games."""
        me = caller.player_id
        if me is None and not self.limits.allow_anonymous:
            raise TokenMissing("this server creates games for players: send `Authorization: "
                               "Bearer <player key>` (POST /players gives one)")  # fmt: skip
        return me

    def _placed(
        self,
        specs: Sequence[SeatSpec],
        doc: Mapping[str, Any],
        me: str | None,
        now: int,
        invitations: list[Invitation],
    ) -> list[Seat]:
        """The seats asked for, one for each of the scenario's players (the invitations made
        for them added to `invitations`)."""
        count = len(doc.get("players", []))
        if len(specs) != count:
            raise Refused("invalid_body", f"seats: {len(specs)} given; the scenario has "
                          f"{count}", errors={"seats": [f"{count} seats"]})  # fmt: skip
        placed = [self._seat(spec, me, now, n, invitations) for n, spec in enumerate(specs)]
        _require_distinct_players(placed)
        return placed

    def _waiting(self, table: Table, step: SeedStep | FillStep | None, now: int) -> Table:
        """A new table with its status and how long it waits: started when its seats are all
        taken (in a seed step it "expires" into its first turn: expire_due), else open until
        its time runs out."""
        if table.is_full:
            deadline = step.deadline_ms if isinstance(step, SeedStep) else None
            return replace(table, status=STARTED, expires_ms=deadline)
        return replace(table, expires_ms=now + self.limits.open_game_ttl_s * 1000)

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
            return self._seat_for("player", me)
        if spec.kind == "player":
            player_id = spec.player_id or ""
            return self._seat_for("reserved", player_id)
        if spec.kind == "bot":
            if spec.bot not in BOT_NAMES:
                known = ", ".join(BOT_NAMES)
                raise Refused("invalid_body", f"no bot {spec.bot!r}; bots: {known}",
                              errors={"seats": [f"unknown bot {spec.bot!r}"]})  # fmt: skip
            return Seat("bot", bot=spec.bot)
        if spec.kind == "invite":
            ttl_s = spec.expires_in_s or self.limits.invitation_ttl_s
            token = INVITATION_PREFIX + secrets.token_urlsafe(32)
            out.append(Invitation(number, token, now + ttl_s * 1000))
            return Seat("invite", invite_hash=digest(token), expires_ms=now + ttl_s * 1000)
        return Seat(spec.kind)  # open, token

    def rematch(self, caller: Caller, game_id: str) -> CreatedTable:
        """The same scenario with the same players, each one seat on; the caller sits at
        once, the other players are reserved their seats (they join to accept)."""
        me = require_player(caller, "a rematch")
        table = self.access.readable_table(game_id, caller)
        if not table.is_member(me):
            raise Refused("not_seated", "only the game's players may ask for a rematch")
        game = self._log.load(game_id)
        if not game.state.is_over:
            raise Refused("game_not_over", "a rematch follows a game that is over")
        if game.state.practice:
            raise Refused("practice_game", "a fork has no rematch: fork its parent again (FRK-2)")
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


_NOT_COMMITTED = ("needs the server's committed dice: not with `seed` or `dice`, which no "
                  "seat's seed could make fair")  # fmt: skip


_ONLY_BOTS = "waits for seats held by players; bots give no seed"


# What a rematch repeats of its game's options (Table.options): not the dice seed.
_REPEATED = ("auto_decisions", "clock", "seed_step", "seed_step_s", "takebacks", "rated")


def _seed_step_refused(option: str, problem: str) -> Refused:
    return Refused("invalid_body", f"options.{option} {problem} (SEED-2)", rule="SEED-2",
                   errors={"options": {option: [problem]}})  # fmt: skip


def _require_distinct_players(seats: Sequence[Seat]) -> None:
    named = [s.player_id for s in seats if s.player_id is not None]
    if len(named) != len(set(named)):
        raise Refused("invalid_body", "a player holds at most one seat of a game",
                      errors={"seats": ["a player named twice"]})  # fmt: skip


def _spec_of(seat: Seat, me: str) -> SeatSpec:
    if seat.kind == "reserved" and seat.player_id == me:
        return SeatSpec("me")
    if seat.kind == "reserved":
        return SeatSpec("player", player_id=seat.player_id)
    if seat.kind == "bot":
        return SeatSpec("bot", bot=seat.bot)
    return SeatSpec("open")
