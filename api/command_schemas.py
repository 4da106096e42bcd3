"""marshmallow schemas of the commands a seat sends (`POST /games/{id}/commands`): one per
command type, checked before the rules see the command (which check the rest). A command is
checked by the schema its `type` names; `resolve_breath` has none: it is the server's step
(R-TRN-6), never a client's."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.schemas import StrictBoolean
from domain.catalogue import CARDS, FACES
from domain.fork import MAX_CHOSEN

GLORY_USES = ("extra_hex", "extra_die", "ignore_flag")


ID_LENGTH = validate.Length(min=1, max=64)


COMMAND_ID = [validate.Length(min=1, max=128), validate.Regexp(r"^[\x21-\x7e]+$")]


MAX_PATH = 16


MAX_UNITS = 64


def unit_id(**kwargs: Any) -> fields.String:
    return fields.String(validate=ID_LENGTH, **kwargs)


def hex_field(**kwargs: Any) -> fields.List:
    coordinate = fields.Integer(strict=True, validate=validate.Range(-1000, 1000))
    return fields.List(coordinate, validate=validate.Length(equal=2), **kwargs)


def path_field(min_hexes: int = 1) -> fields.List:
    return fields.List(hex_field(), required=True, validate=validate.Length(min_hexes, MAX_PATH))


def glory_field() -> fields.String:
    return fields.String(validate=validate.OneOf(GLORY_USES), allow_none=True)


class CommandSchema(Schema):
    type = fields.String(required=True)
    command_id = fields.String(validate=COMMAND_ID)


class TokensSchema(Schema):
    poison = fields.Integer(strict=True, validate=validate.Range(0, 99))
    frost = fields.Integer(strict=True, validate=validate.Range(0, 99))
    fire = fields.Integer(strict=True, validate=validate.Range(0, 99))


class OrderSchema(CommandSchema):
    units = fields.List(unit_id(), required=True, validate=validate.Length(max=MAX_UNITS))
    breath = fields.List(unit_id(), validate=validate.Length(max=MAX_UNITS))
    roost = fields.List(unit_id(), validate=validate.Length(max=MAX_UNITS))
    remove_tokens = fields.Dict(
        keys=unit_id(), values=fields.Nested(TokensSchema), validate=validate.Length(max=MAX_UNITS)
    )


class MoveSchema(CommandSchema):
    unit = unit_id(required=True)
    path = path_field()
    glory = glory_field()


class FlySchema(CommandSchema):
    unit = unit_id(required=True)
    path = path_field()
    breath_targets = fields.List(unit_id(), allow_none=True, validate=validate.Length(max=8))
    glory = glory_field()


class BattleSchema(CommandSchema):
    unit = unit_id(required=True)
    target = unit_id(required=True)
    glory = glory_field()


class ChooseRetreatSchema(CommandSchema):
    unit = unit_id(required=True)
    path = path_field(min_hexes=0)
    glory = glory_field()


class BattleBackSchema(CommandSchema):
    unit = unit_id(required=True)
    accept = StrictBoolean(required=True)
    glory = glory_field()  # extra_die on an accepted battle back (R-CRT-4, revision 2)


class ReactSchema(CommandSchema):
    card = fields.String(required=True, validate=validate.OneOf(CARDS))
    hex = hex_field(required=True)


class AutoPassSchema(CommandSchema):
    enabled = StrictBoolean(required=True)


class AnswerTakebackSchema(CommandSchema):
    accept = StrictBoolean(required=True)  # TKB-3


class TradeSchema(CommandSchema):
    unit = unit_id(required=True)
    blood = fields.Integer(strict=True, required=True, validate=validate.Range(1, 10_000))
    currency = fields.String(
        data_key="for", required=True, validate=validate.OneOf(("lore", "banner"))
    )


class ClientSeedSchema(CommandSchema):
    """A seat's client seed before the first turn (SEED-1); null declines. In a seed step, a
    `commitment` alone, later revealed with `seed` and `salt` (SEED-3: the rules check the
    commitment's and the salt's form, and name the rule)."""

    seed = fields.String(allow_none=True, validate=validate.Length(1, 128))
    commitment = fields.String()
    salt = fields.String()

    @validates_schema
    def _one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "commitment" not in data and "seed" not in data:
            raise ValidationError("a seed (null declines), a commitment, or a seed with its "
                                  "salt", "seed")  # fmt: skip


class ChooseDiceSchema(CommandSchema):
    """The next dice's faces, in a fork whose owner chooses them (FRK-4)."""

    faces = fields.List(fields.String(validate=validate.OneOf(FACES)), required=True,
                        validate=validate.Length(1, MAX_CHOSEN))  # fmt: skip


COMMAND_SCHEMAS: dict[str, type[CommandSchema]] = {
    "order": OrderSchema,
    "move": MoveSchema,
    "fly": FlySchema,
    "end_movement": CommandSchema,
    "battle": BattleSchema,
    "choose_retreat": ChooseRetreatSchema,
    "battle_back": BattleBackSchema,
    "react": ReactSchema,
    "pass": CommandSchema,
    "auto_pass": AutoPassSchema,
    "trade": TradeSchema,
    "end_turn": CommandSchema,
    "resign": CommandSchema,
    "client_seed": ClientSeedSchema,
    "request_takeback": CommandSchema,
    "answer_takeback": AnswerTakebackSchema,
    "choose_dice": ChooseDiceSchema,
}


_INSTANCES: dict[type[Schema], Schema] = {}


def _instance(schema: type[Schema]) -> Schema:
    """One instance per schema class: building one deep-copies its fields, on every request."""
    found = _INSTANCES.get(schema)
    if found is None:
        found = _INSTANCES.setdefault(schema, schema())
    return found


def validate_command(body: Any) -> dict[str, Any]:
    """`body` if it has the shape of a client command; ValidationError (field errors) if not."""
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["a command is a JSON object with a `type`"]})
    kind = body.get("type")
    schema = COMMAND_SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        known = ", ".join(sorted(COMMAND_SCHEMAS))
        raise ValidationError({"type": [f"unknown command type; known: {known}"]})
    _instance(schema).load(body)
    return body
