"""What a new game starts from: its scenario checked, its first events, its dice.

Pure but for the dice seed it is given; GameService.create_game stores the result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

import domain
from domain import Event, ScenarioError
from domain.events import GameCreated
from domain.scenarios import get_scenario
from lorekeeper.audit.chain import NotCanonical, canonical_json
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
    *,
    start: bool = True,
) -> tuple[list[Event], DiceConfig]:
    """The game's first events (GameCreated carrying the dice's public part) and its dice;
    without `start`, GameCreated alone (the game waits for its seats: docs/players.md)."""
    dice = DiceConfig.for_options(options, game_id, new_dice_seed)
    auto = bool(options.get("auto_decisions", False))
    events = domain.new_game(doc, auto_decisions=auto, start=start)
    events[0] = _with_dice(events[0], dice.public())
    return events, dice


def _scenario_doc(scenario: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(scenario, str):
        doc = get_scenario(scenario)
        if doc is None:
            raise UnknownScenario(f"no scenario named {scenario!r}; see GET /scenarios")
        return doc
    return scenario


def _with_dice(created: Event, dice: dict[str, Any]) -> Event:
    if not isinstance(created, GameCreated):
        raise TypeError(f"a game starts with GameCreated, not {created.type}")
    return replace(created, dice=dice)


def _require_canonical(doc: Mapping[str, Any]) -> None:
    """A scenario goes into the hash chain: it must have a canonical JSON form."""
    try:
        canonical_json(doc)
    except (NotCanonical, TypeError) as exc:
        raise ScenarioError([f"scenario: {exc} (the hash chain stores integers only)"]) from None
