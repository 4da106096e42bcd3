"""What a new game starts from: its scenario checked, its name, its secrets, its first events,
its clock (the time control of `options.clock`, recorded in GameCreated: domain/clock.py).

The parts are pure but for the random values they are given; `GameCreator.create_game` makes
a game of them and stores it (GameService, service.py, is one).

**A creation is named like a command** (docs/client/games.md, "Creating a game, safely"). With an
`Idempotency-Key`, the key and who sends it name it (the caller's player, else its address):
the game id and the recorded command id are one-way hashes of both (the key itself is never
stored nor shown), so a resend from the same caller finds the game the first request made.
Without one, the server names it at random. The seat tokens are derived, not stored:
HMAC-SHA256 keyed with the creation's own 256-bit secret (`token_seed`, kept with the dice)
over the creation's key and the seat, so a resend gets the first reply's tokens again, while
the store keeps only their hashes and its copy of the secret gives no token without the
client's key.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import domain
from domain import Event, GameState, ScenarioError
from domain.clock import ClockError, TimeControl, time_control
from domain.events import GameCreated
from domain.scenarios import get_scenario
from lorekeeper.audit.canonical import NotCanonical, canonical_json
from lorekeeper.audit.commitments import SALT_BYTES, commitments, hands_dealt
from lorekeeper.clocks.reading import now_ms
from lorekeeper.errors import (
    GameExists,
    GameNotFound,
    IdempotencyMismatch,
    InvalidClock,
    ScriptedDiceRefused,
    UnknownScenario,
)
from lorekeeper.games.dice import DiceConfig, FillStep, SeedStep
from lorekeeper.games.forks import ForkPlan
from lorekeeper.games.game import Cause
from lorekeeper.games.idempotency import CREATE_COMMAND
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import SeatTokenStore
from lorekeeper.games.seat_tokens import TOKEN_PREFIX, token_hash

log = logging.getLogger(__name__)

CREATE_PREFIX = "create-"
TOKEN_SEED_BYTES = 32


class CreatedGame(NamedTuple):
    game_id: str
    version: int
    seats: list[dict[str, Any]]
    head_hash: str
    dice: dict[str, Any]  # the public part: scheme, and the commitment of committed dice


class ReplayedGame(CreatedGame):
    """The first reply to a creation sent again (its Idempotency-Key seen before)."""


@dataclass(frozen=True)
class Creation:
    """What names a creation: the game's id, the command id recorded with its events (public)
    and its key (secret: the client's Idempotency-Key with the client's address, or the
    server's random one). `named`: the client named it, so a resend may come."""

    game_id: str
    command_id: str
    key: str
    named: bool

    @classmethod
    def named_by(cls, idempotency_key: str, client: str, game_id: str | None = None) -> Creation:
        """Named by the client's key and who sends it; the game id derived from both unless
        the game's id is given (a rematch's)."""
        key = f"{client}\0{idempotency_key}"
        game_id = game_id or _digest("lk-game", key)[:16]
        return cls(game_id, CREATE_PREFIX + _digest("lk-create", key)[:32], key, True)

    @classmethod
    def fresh(cls, game_id: str) -> Creation:
        key = secrets.token_hex(16)
        return cls(game_id, CREATE_PREFIX + _digest("lk-create", key)[:32], key, False)


def creation_hash(body: Mapping[str, Any]) -> str:
    """What tells a resent create from another one: SHA-256 of the body's sorted JSON (not the
    canonical form, which refuses integers an option may hold, such as a large seed)."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _digest(purpose: str, key: str) -> str:
    return hashlib.sha256(f"{purpose}\0{key}".encode("utf-8", "surrogatepass")).hexdigest()


def seat_tokens(game: DiceConfig, creation: Creation, seats: Iterable[int]) -> dict[int, str]:
    """The tokens of these seats of the game `creation` made: the same for every resend."""
    if game.token_seed is None:
        raise ValueError("a game created before derived seat tokens has no token seed")
    secret = bytes.fromhex(game.token_seed)
    return {seat: _token(secret, f"lk-seat\0{creation.key}\0{seat}") for seat in seats}


def _token(secret: bytes, message: str) -> str:
    digest = hmac.new(secret, message.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
    return TOKEN_PREFIX + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def checked_scenario(
    scenario: str | Mapping[str, Any], options: Mapping[str, Any], *, allow_scripted_dice: bool
) -> Mapping[str, Any]:
    """The scenario document; UnknownScenario, ScenarioError, ScriptedDiceRefused or
    InvalidClock (the time control in `options.clock`)."""
    doc = _scenario_doc(scenario)
    _require_canonical(doc)
    if "dice" in options and not allow_scripted_dice:
        raise ScriptedDiceRefused(
            "scripted dice are disabled on this server (LOREKEEPER_ALLOW_SCRIPTED_DICE=1)"
        )
    checked_clock(options)
    return doc


def checked_clock(options: Mapping[str, Any]) -> TimeControl | None:
    """The time control `options.clock` asks for (None: no clock); InvalidClock otherwise."""
    try:
        return time_control(options)
    except ClockError as exc:
        raise InvalidClock(str(exc)) from None


def new_secrets(
    doc: Mapping[str, Any],
    options: Mapping[str, Any],
    game_id: str,
    creation_hash: str,
    new_dice_seed: Callable[[], bytes],
    new_salt: Callable[[], bytes] = lambda: secrets.token_bytes(SALT_BYTES),
) -> DiceConfig:
    """A new game's secrets: its dice, the hands dealt with a salt each for their commitments,
    and the creation's token seed and body hash."""
    dice = DiceConfig.for_options(options, game_id, new_dice_seed)
    dice = dice.with_hands(hands_dealt(doc), new_salt)
    return dice.for_creation(secrets.token_bytes(TOKEN_SEED_BYTES), creation_hash)


def first_events(
    doc: Mapping[str, Any], options: Mapping[str, Any], game: DiceConfig, *, start: bool = True
) -> list[Event]:
    """The game's first events, GameCreated carrying the public part of its secrets: the dice
    scheme (and commitment) and the commitments to the hands dealt (record format 2), and the
    time control; without `start`, GameCreated alone (the game waits for its seats:
    docs/players.md)."""
    auto = bool(options.get("auto_decisions", False))
    takebacks = bool(options.get("takebacks", False))  # TKB-1: off unless the creator asks
    events = domain.new_game(doc, auto_decisions=auto, start=start, takebacks=takebacks)
    events[0] = _with_secrets(events[0], game, checked_clock(options))
    return events


def _scenario_doc(scenario: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(scenario, str):
        doc = get_scenario(scenario)
        if doc is None:
            raise UnknownScenario(f"no scenario named {scenario!r}; see GET /scenarios")
        return doc
    return scenario


def _with_secrets(created: Event, game: DiceConfig, clock: TimeControl | None) -> Event:
    if not isinstance(created, GameCreated):
        raise TypeError(f"a game starts with GameCreated, not {created.type}")
    hands = commitments(game.hands, game.hand_salts)
    control = None if clock is None else clock.to_json()
    return replace(created, dice=game.public(), commitments=hands, clock=control)


def _require_canonical(doc: Mapping[str, Any]) -> None:
    """A scenario goes into the hash chain: it must have a canonical JSON form."""
    try:
        canonical_json(doc)
    except (NotCanonical, TypeError) as exc:
        raise ScenarioError([f"scenario: {exc} (the hash chain stores integers only)"]) from None


class GameCreator:
    """Creating games; GameService (service.py) adds the commands and the server's steps."""

    def __init__(
        self,
        log: GameLog,
        seats: SeatTokenStore,
        *,
        allow_scripted_dice: bool = False,
        new_game_id: Callable[[], str] = lambda: secrets.token_hex(8),
        new_dice_seed: Callable[[], bytes] = lambda: secrets.token_bytes(32),
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.log = log
        self.now_ms = clock  # epoch ms: what clocked games' deadlines are checked against
        self._seats = seats
        self._allow_scripted_dice = allow_scripted_dice
        self._new_game_id = new_game_id
        self._new_dice_seed = new_dice_seed
        self._hooks: list[Callable[[str, GameState], None]] = []
        self._end_hooks: list[Callable[[str], None]] = []

    def new_game_id(self) -> str:
        return self._new_game_id()

    @property
    def allows_scripted_dice(self) -> bool:
        return self._allow_scripted_dice

    def create_game(
        self,
        scenario: str | Mapping[str, Any],
        options: Mapping[str, Any] | None = None,
        *,
        start: bool = True,
        token_seats: Collection[int] | None = None,
        before: Callable[[str, Mapping[str, Any]], None] | None = None,
        game_id: str | None = None,
        idempotency_key: str | None = None,
        client: str = "",
        body: Mapping[str, Any] | None = None,
        seed_step: SeedStep | FillStep | None = None,
        fork: ForkPlan | None = None,
    ) -> CreatedGame:
        """Raises UnknownScenario, ScenarioError (every problem) or ScriptedDiceRefused.

        By default every seat gets a token and the first turn begins at once. A game whose
        seats wait for players (lorekeeper/players/seating.py) is created without `start`
        (GameCreated alone: `start_game` begins it), with tokens for `token_seats` only;
        `before(game_id, scenario)` runs once the scenario is checked, before anything is stored
        (its table).

        With an `idempotency_key` the creation is made once per key, `client` (who asks: a
        player, else an address) and `body`: a resend gets the first reply (a ReplayedGame),
        seat tokens included, and the same key with another body is refused
        (IdempotencyMismatch). GameExists only when a random game id is taken already.

        A `seed_step` (SEED-2, with `start` False) is published in GameCreated.dice: the first
        turn then begins as its last seat gives its seed, or by `end_seed_step`; a FillStep
        is only promised there, and `open_seed_step` opens it once the seats are taken.

        A `fork` (games/forks.py) makes the game's secrets and its first event."""
        options = options or {}
        doc = checked_scenario(scenario, options, allow_scripted_dice=self._allow_scripted_dice)
        digest = creation_hash(body or {"scenario": scenario, "options": options})
        if idempotency_key is None:
            creation = Creation.fresh(game_id or self._new_game_id())
        else:
            creation = Creation.named_by(idempotency_key, client, game_id)
            first = self._first_creation(creation, digest, token_seats)
            if first is not None:
                return first
        mine = new_secrets(doc, options, creation.game_id, digest, self._new_dice_seed)
        if seed_step is not None:
            mine = mine.with_seed_step(seed_step)
        make = first_events if fork is None else fork.first_events
        mine = mine if fork is None else fork.secrets(mine)
        events = make(doc, options, mine, start=start)  # the scenario is checked
        if before is not None:
            before(creation.game_id, doc)
        kept = self._kept_secrets(creation, mine, digest)
        if kept != mine:  # a resend of this create came first: its secrets make the game
            events = make(doc, options, kept, start=start)
        return self._stored(creation, events, kept, digest, start=start, token_seats=token_seats)

    def _kept_secrets(self, creation: Creation, mine: DiceConfig, digest: str) -> DiceConfig:
        """The game's secrets as kept: `mine`, or those of a resend of this create written
        first. GameExists for a random id taken already; IdempotencyMismatch when a create
        with another body came first under the same key."""
        kept = self.log.keep_secrets(creation.game_id, mine)
        if kept != mine and not creation.named:
            raise GameExists(creation.game_id)
        if kept.creation_hash != digest:
            raise _key_reused(creation)
        return kept

    def _stored(
        self,
        creation: Creation,
        events: list[Event],
        kept: DiceConfig,
        digest: str,
        *,
        start: bool,
        token_seats: Collection[int] | None,
    ) -> CreatedGame:
        """Keep the seats' token hashes and append the game's first events: the reply (a
        ReplayedGame when a resend of this create appended them first)."""
        seats = range(len(kept.hands)) if token_seats is None else token_seats
        tokens = seat_tokens(kept, creation, seats)
        hashes = {seat: token_hash(t) for seat, t in tokens.items()}
        self._seats.save(creation.game_id, hashes, final=start)
        cause = Cause(CREATE_COMMAND, None, creation.command_id, digest)
        try:
            created = self.log.create(creation.game_id, events, kept, cause)
        except IdempotencyMismatch:
            raise _key_reused(creation) from None
        if start and not created.duplicate:
            self._committed(creation.game_id, domain.fold(None, events))
        reply = _created(creation, created.version, created.head_hash, kept, tokens)
        return ReplayedGame(*reply) if created.duplicate else reply

    def replayed_creation(
        self,
        scenario: str | Mapping[str, Any],
        options: Mapping[str, Any] | None,
        *,
        idempotency_key: str,
        client: str,
        body: Mapping[str, Any] | None = None,
        token_seats: Collection[int] | None = None,
        game_id: str | None = None,
    ) -> ReplayedGame | None:
        """The first reply to this creation when it was made already (as `create_game` would
        give it), else None; IdempotencyMismatch for another body under the key."""
        digest = creation_hash(body or {"scenario": scenario, "options": options or {}})
        creation = Creation.named_by(idempotency_key, client, game_id)
        return self._first_creation(creation, digest, token_seats)

    def _first_creation(
        self, creation: Creation, digest: str, token_seats: Collection[int] | None
    ) -> ReplayedGame | None:
        """The first reply to a named creation, None if there was none."""
        try:
            first = self.log.command_result(creation.game_id, creation.command_id, digest)
        except GameNotFound:
            return None
        except IdempotencyMismatch:
            raise _key_reused(creation) from None
        kept = self.log.secrets(creation.game_id)
        if first is None or kept is None:
            raise GameExists(creation.game_id)  # not this creation's game (a 2**-64 chance)
        self.log.events.list_game(creation.game_id)  # its index write may have been lost too
        self.log.notify(creation.game_id, first)  # its jobs may have been lost with its reply
        seats = range(len(kept.hands)) if token_seats is None else token_seats
        tokens = seat_tokens(kept, creation, seats)
        return ReplayedGame(*_created(creation, first.version, first.head_hash, kept, tokens))

    def watch_commits(self, hook: Callable[[str, GameState], None]) -> None:
        """Call `hook(game_id, state)` after each append this service makes (the state it
        leads to): the bots' turns start there (lorekeeper/players/bot_turns.py)."""
        self._hooks.append(hook)

    def watch_ends(self, hook: Callable[[str], None]) -> None:
        """Call `hook(game_id)` before each append this service makes that ends its game. A
        note made there outlives a process that dies right after the append: the ratings'
        due mark (lorekeeper/ratings/service.py). If the hook raises, nothing is appended."""
        self._end_hooks.append(hook)

    def _ending(self, game_id: str) -> None:
        for hook in self._end_hooks:
            hook(game_id)

    def _committed(self, game_id: str, state: GameState) -> None:
        for hook in self._hooks:
            try:
                hook(game_id, state)
            except Exception:  # the append stands; the reconciler repairs a lost job
                log.exception("service.commit_hook_failed", extra={"game_id": game_id})


def _created(
    creation: Creation, version: int, head_hash: str, kept: DiceConfig, tokens: dict[int, str]
) -> CreatedGame:
    seats = [{"seat": seat, "token": token} for seat, token in sorted(tokens.items())]
    return CreatedGame(creation.game_id, version, seats, head_hash, kept.public())


def _key_reused(creation: Creation) -> IdempotencyMismatch:
    detail = "this Idempotency-Key created a game from another body; send a new key for a new game"
    return IdempotencyMismatch(creation.game_id, creation.command_id, detail)
