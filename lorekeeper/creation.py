"""What a new game starts from: its scenario checked, its first events, its dice.

Pure but for the dice seed it is given; GameService.create_game stores the result.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

import domain
from domain import Event, ScenarioError
from domain.events import GameCreated
from domain.scenarios import get_scenario
from lorekeeper.audit.chain import NotCanonical, canonical_json
from lorekeeper.audit.commitments import SALT_BYTES, commitments, hands_dealt
from lorekeeper.dice import DiceConfig
from lorekeeper.errors import ScriptedDiceRefused, UnknownScenario


class CreatedGame(NamedTuple):
    game_id: str
    version: int
    seats: list[dict[str, Any]]
    head_hash: str
    dice: dict[str, Any]  # the public part: scheme, and the commitment of committed dice


def checked_scenario(
    scenario: str | Mapping[str, Any], options: Mapping[str, Any], *, allow_scripted_dice: bool
) -> Mapping[str, Any]:
    """The scenario document; UnknownScenario, ScenarioError or ScriptedDiceRefused."""
    doc = _scenario_doc(scenario)
    _require_canonical(doc)
    if "dice" in options and not allow_scripted_dice:
        raise ScriptedDiceRefused(
            "scripted dice are disabled on this server (LOREKEEPER_ALLOW_SCRIPTED_DICE=1)"
        )
    return doc


def first_events(
    doc: Mapping[str, Any],
    options: Mapping[str, Any],
    game_id: str,
    new_dice_seed: Callable[[], bytes],
    new_salt: Callable[[], bytes] = lambda: secrets.token_bytes(SALT_BYTES),
) -> tuple[list[Event], DiceConfig]:
    """The game's first events and its secrets: its dice, and a salt per seat for the
    commitments to the hands dealt (GameCreated carries the public part of both)."""
    dice = DiceConfig.for_options(options, game_id, new_dice_seed)
    events = domain.new_game(doc, auto_decisions=bool(options.get("auto_decisions", False)))
    dice = dice.with_hands(hands_dealt(doc), new_salt)
    events[0] = _with_secrets(events[0], dice)
    return events, dice


def _scenario_doc(scenario: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(scenario, str):
        doc = get_scenario(scenario)
        if doc is None:
            raise UnknownScenario(f"no scenario named {scenario!r}; see GET /scenarios")
        return doc
    return scenario


def _with_secrets(created: Event, dice: DiceConfig) -> Event:
    """GameCreated with the public part of the game's secrets: the dice scheme (and
    commitment), and the commitments to the hands dealt (record format 2)."""
    if not isinstance(created, GameCreated):
        raise TypeError(f"a game starts with GameCreated, not {created.type}")
    hands = commitments(dice.hands, dice.hand_salts)
    return replace(created, dice=dice.public(), commitments=hands)


def _require_canonical(doc: Mapping[str, Any]) -> None:
    """A scenario goes into the hash chain: it must have a canonical JSON form."""
    try:
        canonical_json(doc)
    except (NotCanonical, TypeError) as exc:
        raise ScenarioError([f"scenario: {exc} (the hash chain stores integers only)"]) from None
