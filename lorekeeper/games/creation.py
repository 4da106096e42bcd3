"""What a new game starts from: its scenario checked, its name, its secrets, its first events,
its clock (the time control of `options.clock`, recorded in GameCreated: domain/clock.py).

Pure but for the random values it is given; GameService.create_game stores the result.

**A creation is named like a command** (docs/api.md, "Creating a game, safely"). With an
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
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import domain
from domain import Event, ScenarioError
from domain.clock import ClockError, TimeControl, time_control
from domain.events import GameCreated
from domain.scenarios import get_scenario
from lorekeeper.audit.chain import NotCanonical, canonical_json
from lorekeeper.audit.commitments import SALT_BYTES, commitments, hands_dealt
from lorekeeper.errors import InvalidClock, ScriptedDiceRefused, UnknownScenario
from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.seat_tokens import TOKEN_PREFIX

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
    events = domain.new_game(doc, auto_decisions=auto, start=start)
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
