"""marshmallow schemas: the shapes the API accepts, checked before anything else runs: here
a game's creation and the routes' queries; a command's in command_schemas.py, the players',
seats' and webhooks' in player_schemas.py.

Strict on purpose: unknown fields are refused (marshmallow's default RAISE, nested schemas
included; RULES.md §17 — the domain's codec refuses them too), integers must be JSON integers
(`strict=True`, so no "5", 5.0 or true), booleans must be JSON booleans.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.catalogue import FACES
from domain.clock import BOUNDS as CLOCK_BOUNDS
from domain.clock import FIELDS as CLOCK_FIELDS
from domain.clock import KINDS as CLOCK_KINDS
from domain.timeouts import POLICIES as CLOCK_POLICIES
from lorekeeper.bots import BOT_NAMES
from lorekeeper.players.tables import VISIBILITIES


class StrictBoolean(fields.Boolean):
    """Only `true` and `false` (marshmallow's Boolean also takes 1, "yes", "on" …)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class SeedField(fields.Field):
    """A seed: a string (1–128 characters) or an integer (|n| <= 10**18)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise ValidationError("a seed is a string or an integer")
        if isinstance(value, int) and abs(value) > 10**18:
            raise ValidationError("an integer seed lies within ±10**18")
        text = str(value)
        if not 1 <= len(text) <= 128:
            raise ValidationError("a seed has 1 to 128 characters")
        return text


class ScenarioField(fields.Field):
    """A shipped scenario's name, or a whole scenario document (checked by the rules)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and 1 <= len(value) <= 64:
            return value
        if isinstance(value, dict):
            return value
        raise ValidationError("a scenario name (1–64 characters) or a scenario object")


# -- creating a game --------------------------------------------------------------------------


class DiceOptionsSchema(Schema):
    script = fields.List(
        fields.String(validate=validate.OneOf(FACES)),
        required=True,
        validate=validate.Length(max=2_000),
    )


def _clock_field(name: str) -> fields.Integer:
    low, high = CLOCK_BOUNDS[name]
    return fields.Integer(strict=True, validate=validate.Range(low, high))


class ClockSchema(Schema):
    """A time control (docs/client/clocks.md): `kind` and the fields that kind has; the same
    bounds as domain/clock.py, which checks it again as the game is made."""

    kind = fields.String(required=True, validate=validate.OneOf(("none", *CLOCK_KINDS)))
    turn_s = _clock_field("turn_s")
    bank_s = _clock_field("bank_s")
    increment_s = _clock_field("increment_s")
    days = _clock_field("days")
    decision_s = _clock_field("decision_s")
    policy = fields.String(validate=validate.OneOf(CLOCK_POLICIES))

    @validates_schema
    def _fields_of_its_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        needed = CLOCK_FIELDS.get(str(kind), ())
        allowed = {"kind"} if kind == "none" else {"kind", "decision_s", "policy", *needed}
        errors = {f: [f"required for a {kind} clock"] for f in needed if f not in data}
        errors |= {f: [f"not a field of a {kind} clock"] for f in data if f not in allowed}
        if errors:
            raise ValidationError(errors)


class GameOptionsSchema(Schema):
    seed = SeedField()
    auto_decisions = StrictBoolean()
    takebacks = StrictBoolean()  # TKB-1: a seat may ask to take back its commands
    dice = fields.Nested(DiceOptionsSchema)
    clock = fields.Nested(ClockSchema)
    # Mixed into every die of the server's committed seed (docs/audit.md): not with a chosen
    # seed or scripted dice, which no client seed could make fair.
    client_seeds = fields.List(
        fields.String(validate=validate.Length(1, 128)), validate=validate.Length(max=16)
    )
    # A game full at its creation waits for its seats' seeds before its first turn (SEED-2;
    # lorekeeper/players/seating.py checks the rest and names the rule).
    seed_step = StrictBoolean()
    seed_step_s = fields.Integer(strict=True)
    # A rated game (docs/ratings.md): lorekeeper/ratings/rules.py says which games may be.
    rated = StrictBoolean()

    @validates_schema
    def _client_seeds_need_committed_dice(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("client_seeds") and ("seed" in data or "dice" in data):
            raise ValidationError(
                "client_seeds go with the server's committed seed, not with seed or dice",
                "client_seeds",
            )


SEAT_KINDS = ("me", "player", "open", "invite", "bot", "token")
PLAYER_ID = validate.Regexp(r"^p_[0-9a-f]{16}$", error="a player id: p_ and 16 hex digits")
MAX_SEATS = 16
TTL_S = validate.Range(60, 30 * 24 * 3600)  # a minute to 30 days


class SeatSpecSchema(Schema):
    """One seat of a new game (docs/players.md): `me`, `player` (player_id: reserved for that
    player), `open`, `invite` (expires_in_s), `bot` (bot), `token` (its token to the caller)."""

    kind = fields.String(required=True, validate=validate.OneOf(SEAT_KINDS))
    player_id = fields.String(validate=PLAYER_ID)
    bot = fields.String(validate=validate.OneOf(BOT_NAMES))
    expires_in_s = fields.Integer(strict=True, validate=TTL_S)

    @validates_schema
    def _fields_fit_the_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        wanted = {"player": "player_id", "bot": "bot", "invite": "expires_in_s"}
        for name in ("player_id", "bot", "expires_in_s"):
            if name in data and wanted.get(kind or "") != name:
                raise ValidationError(f"not a field of a seat of kind {kind!r}", name)
        if kind == "player" and "player_id" not in data:
            raise ValidationError("a seat of kind `player` names its player_id", "player_id")
        if kind == "bot" and "bot" not in data:
            raise ValidationError(f"a bot seat names its bot: {', '.join(BOT_NAMES)}", "bot")


class CreateGameSchema(Schema):
    scenario = ScenarioField(required=True)
    options = fields.Nested(GameOptionsSchema, load_default=dict)
    visibility = fields.String(validate=validate.OneOf(VISIBILITIES), load_default="public")
    seats = fields.List(fields.Nested(SeatSpecSchema), validate=validate.Length(1, MAX_SEATS))


# -- commands (issues 2 and 3) ----------------------------------------------------------------


def validate_create_game(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["expected a JSON object"]})
    loaded: dict[str, Any] = CreateGameSchema().load(body)
    return loaded


# -- query strings ----------------------------------------------------------------------------


MAX_VERSION = 10**12  # far past any game; keeps stream ids in Redis's range
# A page's `next` (lorekeeper/players/lobby.py, decode_cursor): a place, `<13 digits>:<game id>`.
CURSOR = validate.Regexp(
    r"^[0-9]{13}:[A-Za-z0-9._:-]{1,128}$", error="not a cursor this server gave"
)


class QueryInteger(fields.Integer):
    """An integer written in ASCII digits only (int() would also take " 5", "+5" or "٣")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not isinstance(value, str) or not re.fullmatch(r"[0-9]{1,13}", value):
            raise self.make_error("invalid", input=value)
        return int(value)


class _Query(Schema):
    """Query strings are as strict as bodies: an unknown parameter is a 400, not ignored."""


class EventsQuery(_Query):
    from_ = QueryInteger(data_key="from", load_default=1, validate=validate.Range(1, MAX_VERSION))
    limit = QueryInteger(validate=validate.Range(1, 1000))


class StreamQuery(_Query):
    from_ = QueryInteger(data_key="from", load_default=1, validate=validate.Range(1, MAX_VERSION))
    ticket = fields.String(validate=validate.Length(1, 128))  # a player's stream ticket


class ViewQuery(_Query):
    min_version = QueryInteger(validate=validate.Range(0, MAX_VERSION))


class StateQuery(_Query):
    version = QueryInteger(validate=validate.Range(1, MAX_VERSION))


class BoardQuery(_Query):
    """GET /games/{id}/board.svg: the version to draw (default: the latest)."""

    version = QueryInteger(validate=validate.Range(1, MAX_VERSION))


class LogQuery(_Query):
    """GET /games/{id}/log: the log's format."""

    format = fields.String(
        load_default="text", validate=validate.OneOf(("text", "markdown", "json"))
    )


class LobbyQuery(_Query):
    status = fields.String(validate=validate.OneOf(("open", "active", "over", "expired")))
    scenario = fields.String(validate=validate.Length(1, 64))
    cursor = fields.String(validate=CURSOR)
    limit = QueryInteger(load_default=20, validate=validate.Range(1, 100))
    # Open games whose seated players are rated within the range (docs/ratings.md).
    rating_min = QueryInteger(validate=validate.Range(0, 10_000))
    rating_max = QueryInteger(validate=validate.Range(0, 10_000))


class MyGamesQuery(_Query):
    status = fields.String(
        validate=validate.OneOf(("open", "active", "over", "expired", "invited"))
    )
    turn = fields.String(validate=validate.OneOf(("mine",)))
    cursor = fields.String(validate=CURSOR)
    limit = QueryInteger(load_default=20, validate=validate.Range(1, 100))

    @validates_schema
    def _one_shelf(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "turn" in data and "status" in data:
            raise ValidationError("turn=mine lists games being played: no status with it", "turn")


# -- the transparency log (issue 20, docs/audit.md) -------------------------------------------

MAX_LEAVES = 100_000_000  # LOREKEEPER_TRANSPARENCY_MAX_LEAVES's highest value


class NoQuery(_Query):
    """A route that takes no query parameters: any is a 400."""


class ConsistencyQuery(_Query):
    first = QueryInteger(required=True, validate=validate.Range(0, MAX_LEAVES))
    second = QueryInteger(validate=validate.Range(0, MAX_LEAVES))


class EntriesQuery(_Query):
    start = QueryInteger(load_default=0, validate=validate.Range(0, MAX_LEAVES))
    end = QueryInteger(validate=validate.Range(0, MAX_LEAVES))


class GameProofQuery(_Query):
    since = QueryInteger(validate=validate.Range(0, MAX_LEAVES))
