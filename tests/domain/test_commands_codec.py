"""The domain's command codec (RULES.md §17, "Commands"): a field a command type does not
define is refused with a CommandError naming it, at any depth, never dropped."""

from __future__ import annotations

from typing import Any

import pytest

from domain import CommandError, command_from_json
from domain.commands import COMMAND_TYPES

# One well-formed body per client command type (resolve_breath is the server's step).
BODIES: dict[str, dict[str, Any]] = {
    "order": {"units": ["a"], "breath": [], "roost": [], "remove_tokens": {"a": {"fire": 1}}},
    "move": {"unit": "a", "path": [[1, 1]], "glory": None},
    "fly": {"unit": "a", "path": [[1, 1], [2, 1]], "breath_targets": ["b"], "glory": None},
    "end_movement": {},
    "battle": {"unit": "a", "target": "b", "glory": "extra_die"},
    "choose_retreat": {"unit": "a", "path": [], "glory": None},
    "battle_back": {"unit": "a", "accept": True, "glory": "extra_die"},
    "react": {"card": "web", "hex": [1, 1]},
    "pass": {},
    "auto_pass": {"enabled": True},
    "trade": {"unit": "a", "blood": 2, "for": "lore"},
    "end_turn": {},
    "resign": {},
    "resolve_breath": {},
    "client_seed": {"seed": "mine"},
    "request_takeback": {},
    "answer_takeback": {"accept": False},
    "choose_dice": {"faces": ["flag", "lore"]},
}


def test_every_command_type_has_a_body_here():
    assert sorted(BODIES) == sorted(COMMAND_TYPES)


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_a_well_formed_command_round_trips(kind):
    command = command_from_json({"type": kind, **BODIES[kind]})
    assert command_from_json(command.to_json()) == command


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_an_unknown_field_is_refused_and_named(kind):
    with pytest.raises(CommandError, match=f"^{kind}: speed: unknown field"):
        command_from_json({"type": kind, **BODIES[kind], "speed": 3})


def test_an_unknown_field_inside_a_nested_object_is_refused_and_named():
    body = {"type": "order", "units": ["a"], "remove_tokens": {"a": {"fire": 1, "acid": 2}}}
    with pytest.raises(CommandError, match=r"^order: remove_tokens: a: acid: unknown field"):
        command_from_json(body)


def test_a_field_is_known_by_its_wire_name_only():
    body = {"type": "trade", "unit": "a", "blood": 2, "for": "lore", "currency": "lore"}
    with pytest.raises(CommandError, match="currency: unknown field"):
        command_from_json(body)


def test_a_command_id_belongs_to_the_api_not_the_rules():
    with pytest.raises(CommandError, match="command_id: unknown field"):
        command_from_json({"type": "end_turn", "command_id": "abc"})
