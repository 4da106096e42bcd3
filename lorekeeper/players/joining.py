"""Taking and leaving seats: joining, declining, leaving, invitations and read-only grants."""

from __future__ import annotations

import secrets
from dataclasses import replace

from domain import RuleViolation
from lorekeeper.errors import Refused
from lorekeeper.games.seat_tokens import new_token, token_hash
from lorekeeper.players.access import GRANT_PREFIX, Caller, digest
from lorekeeper.players.join_keys import JoinKey
from lorekeeper.players.seating import (
    CAS_TRIES,
    INVITATION_PREFIX,
    Invitation,
    Joined,
    Seating,
    require_player,
)
from lorekeeper.players.tables import (
    Grant,
    Table,
    declined,
    free_seat,
    invite_to,
    invited_seat,
    require_open,
    seat_for_join,
    seat_to_decline,
    take_seat,
    with_grant,
    without_grant,
)

MAX_GRANTS = 16


class Joining(Seating):
    """What players do with a game's free seats and its read-only grants."""

    def join(
        self,
        caller: Caller,
        game_id: str,
        seat: int | None = None,
        invitation: str | None = None,
        *,
        client_seed: str | None = None,
        keyed: JoinKey | None = None,
    ) -> Joined:
        """Seat the caller (a player) in a free seat (tables.seat_for_join); its seat token
        comes back, shown once. A player who holds a seat already is refused (409
        `already_seated`): the token it was given keeps working, and its player key acts for
        the seat too. A `client_seed` is recorded as the seat's (SEED-1) before the game can
        start. `keyed`: the join's Idempotency-Key; a resend gets the first seat and token
        (join_keys.py)."""
        me = require_player(caller, "joining a game")
        sitting = self._seat_for("player", me)
        hashed = None if invitation is None else digest(invitation)

        def is_invited(table: Table) -> bool:  # an invitation opens a private game
            return hashed is not None and invited_seat(table, hashed) is not None

        for _ in range(CAS_TRIES):
            table = self.access.table_opened_by(game_id, caller, is_invited)
            held = table.seat_of(me)
            if (
                held is not None
                and keyed is not None
                and keyed.replays(table.seats[held].join_stamp, game_id)
            ):
                return self._rejoined(table, held, keyed, client_seed)
            if held is not None:
                raise Refused("already_seated", f"you hold seat {held} of this game; the seat "
                              "token you were given keeps working, and your player key acts "
                              "for the seat too", seat=held)  # fmt: skip
            if client_seed is not None:
                self._require_seat_seeds(game_id)
            require_open(table)
            number = seat_for_join(table, me, seat, hashed, self._clock())
            self._check_caps(me)
            stamp = None if keyed is None else keyed.stamp
            new = take_seat(table, number, replace(sitting, join_stamp=stamp))
            if self._tables.replace(new, table.rev):
                return self._seated(new, number, client_seed, keyed)
        raise Refused("seat_taken", "the seats changed hands too often; try again")

    def decline(self, caller: Caller, game_id: str, invitation: str | None) -> tuple[int, Table]:
        """Turn down a seat: the invitation's, or without one the seat reserved for the
        calling player (a named seat, a rematch); the seat and the table now. The seat shows
        `declined` and waits for nobody, until a player of the game invites anew to it.
        Declining again answers the same."""
        hashed = None if invitation is None else digest(invitation)
        me = None if hashed is not None else require_player(caller, "declining a seat")

        def is_declinable(table: Table) -> bool:
            try:
                seat_to_decline(table, me, hashed)
            except Refused:
                return False
            return True

        for _ in range(CAS_TRIES):
            table = self.access.table_opened_by(game_id, caller, is_declinable)
            number, done = seat_to_decline(table, me, hashed)
            if done:
                return number, table
            new = declined(table, number)
            if self._tables.replace(new, table.rev):
                self._relist(game_id)
                return number, new
        raise Refused("seat_taken", "the seats changed hands too often; try again")

    def _seated(self, table: Table, seat: int, client_seed: str | None = None,
                keyed: JoinKey | None = None) -> Joined:  # fmt: skip
        token = self._join_token(table.game_id, seat, keyed)
        self._seats.save(table.game_id, {seat: token_hash(token)}, final=False)
        recorded = None if client_seed is None else self._give_seed(table, seat, client_seed)
        table = self._start_if_full(table)
        version = self._relist(table.game_id)
        return Joined(seat, token, table, version, recorded)

    def _join_token(self, game_id: str, seat: int, keyed: JoinKey | None) -> str:
        """A random token; a keyed join's is derived, to be given again to a resend (a game
        made before derived tokens has no secret to derive it from: random)."""
        kept = None if keyed is None else self._log.secrets(game_id)
        if keyed is None or kept is None or kept.token_seed is None:
            return new_token()
        return keyed.token(kept.token_seed, seat)

    def _rejoined(self, table: Table, seat: int, keyed: JoinKey, client_seed: str | None) -> Joined:
        """The answer to a resent join: its seat and token; the table and version now."""
        kept = self._log.secrets(table.game_id)
        if kept is None or kept.token_seed is None:
            raise Refused("already_seated", f"you hold seat {seat} of this game; its token "
                          "cannot be given again", seat=seat)  # fmt: skip
        game = self._log.load(table.game_id)
        recorded = None
        if client_seed is not None:
            seeds = game.state.client_seeds
            recorded = seat < len(seeds) and seeds[seat] == client_seed
        return Joined(seat, keyed.token(kept.token_seed, seat), table, game.version, recorded, True)

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
        me = require_player(caller, "leaving a game")
        for _ in range(CAS_TRIES):
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
        for _ in range(CAS_TRIES):
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

    def grant(self, caller: Caller, game_id: str, role: str) -> tuple[Grant, str]:
        """A read-only token (spectator or auditor) for the game, issued by one of its players."""
        for _ in range(CAS_TRIES):
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
        for _ in range(CAS_TRIES):
            table, _by = self._issuer(game_id, caller)
            if self._tables.replace(without_grant(table, grant_id), table.rev):
                return
        raise Refused("seat_taken", "the table changed too often; try again")


def _first_invitable(table: Table) -> int | None:
    for kind in ("open", "invite", "declined"):
        for number, seat in enumerate(table.seats):
            if seat.kind == kind:
                return number
    return None
