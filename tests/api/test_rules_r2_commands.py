"""Revision 2 of the rules over HTTP (RULES.md §17): a command field its type does not define
is refused with 422 naming it, at every layer; legal-actions describes the merged order; a
battle back may carry glory; a scenario past a limit is refused naming it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import fields as mm_fields

from api.command_schemas import COMMAND_SCHEMAS, TokensSchema
from domain import CommandError, command_from_json
from domain.commands import COMMAND_TYPES
from domain.notation import scenario_from_text
from domain.state import Tokens
from tests.api.helpers import create, problem

DUEL = """
.   .   .   .
 .   bf0 id0 .
.   rf1 .   .
"""

# One well-formed body per client command type.
BODIES: dict[str, dict[str, Any]] = {
    "order": {"type": "order", "units": ["bf0"], "remove_tokens": {"bf0": {"fire": 1}}},
    "move": {"type": "move", "unit": "bf0", "path": [[1, 2]]},
    "fly": {"type": "fly", "unit": "id0", "path": [[3, 1], [3, 2]], "breath_targets": []},
    "end_movement": {"type": "end_movement"},
    "battle": {"type": "battle", "unit": "bf0", "target": "rf1"},
    "choose_retreat": {"type": "choose_retreat", "unit": "bf0", "path": []},
    "battle_back": {"type": "battle_back", "unit": "bf0", "accept": True, "glory": "extra_die"},
    "react": {"type": "react", "card": "web", "hex": [1, 1]},
    "pass": {"type": "pass"},
    "auto_pass": {"type": "auto_pass", "enabled": True},
    "trade": {"type": "trade", "unit": "id0", "blood": 2, "for": "lore"},
    "end_turn": {"type": "end_turn"},
    "resign": {"type": "resign"},
    "client_seed": {"type": "client_seed", "seed": "mine"},  # SEED-1
    "request_takeback": {"type": "request_takeback"},  # TKB-2
    "answer_takeback": {"type": "answer_takeback", "accept": True},  # TKB-3
    "choose_dice": {"type": "choose_dice", "faces": ["flag", "lore"]},  # FRK-4
}


def duel(client: FlaskClient) -> Any:
    return create(client, scenario_from_text(DUEL, name="duel"))


def test_every_client_command_type_is_covered():
    assert sorted(BODIES) == sorted(COMMAND_SCHEMAS)
    assert set(COMMAND_SCHEMAS) == set(COMMAND_TYPES) - {"resolve_breath"}


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_the_schema_and_the_domain_know_the_same_fields(kind):
    """Each layer defines a command type's fields the same way, so neither drops one the
    other would have refused (the API's `command_id` names a command, it says nothing)."""
    schema = COMMAND_SCHEMAS[kind]()
    wire = {f.data_key or name for name, f in schema.fields.items()} - {"type", "command_id"}
    command_type = COMMAND_TYPES[kind]
    defined = {f.metadata.get("json", f.name) for f in dataclasses.fields(command_type)}
    assert wire == defined


def test_nested_objects_know_the_same_fields():
    assert set(TokensSchema().fields) == {f.name for f in dataclasses.fields(Tokens)}
    nested = COMMAND_SCHEMAS["order"]().fields["remove_tokens"]
    assert isinstance(nested, mm_fields.Dict)


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_an_unknown_field_is_refused_with_422_naming_it(client: FlaskClient, kind: str):
    game = duel(client)
    body = problem(game.send(0, {**BODIES[kind], "speed": 3}), 422, "invalid_body")
    assert body["errors"] == {"speed": ["Unknown field."]}
    with pytest.raises(CommandError, match="speed: unknown field"):
        command_from_json({**BODIES[kind], "speed": 3})  # the domain's codec refuses it too
    assert game.get().get_json()["version"] == 2  # nothing appended


def test_an_unknown_field_in_a_nested_object_is_refused_naming_it(client: FlaskClient):
    game = duel(client)
    order = {"type": "order", "units": ["bf0"], "remove_tokens": {"bf0": {"acid": 1}}}
    body = problem(game.send(0, order), 422, "invalid_body")
    assert body["errors"] == {"remove_tokens": {"bf0": {"value": {"acid": ["Unknown field."]}}}}
    with pytest.raises(CommandError, match="remove_tokens: bf0: acid: unknown field"):
        command_from_json(order)


def test_a_battle_back_may_carry_glory_and_the_rules_judge_it(client: FlaskClient):
    game = duel(client)  # R-CRT-4: the shape is fine; no battle back is offered now
    body = problem(game.send(0, BODIES["battle_back"]), 409, "wrong_phase")
    assert body["rule"] == "R-TRN-9"


def test_legal_actions_list_single_orders_and_describe_their_merge(client: FlaskClient):
    game = duel(client)  # R-TRN-4
    listing = game.get("/legal-actions", seat=0).get_json()
    orders = [a for a in listing["actions"] if a["type"] == "order"]
    assert all(len(a["units"]) <= 1 for a in orders)
    assert listing["order"] == {
        "max_units": 3,
        "lore": 3,
        "units": ["bf0", "id0"],
        "breath_cost": {"id0": 2},
        "token_cost": 2,
    }
    merged = {"type": "order", "units": ["bf0", "id0"], "breath": ["id0"]}
    game.ok(0, merged)
    assert "order" not in game.get("/legal-actions", seat=0).get_json()


def test_a_scenario_past_a_limit_is_refused_naming_it(client: FlaskClient):
    doc = scenario_from_text(DUEL, settings={"orders_per_turn": 1000})
    response = client.post("/games", json={"scenario": doc})
    body = problem(response, 422, "invalid_scenario")
    assert any("limit orders_per_turn" in p for p in body["problems"]), body
