"""Lorekeeper's rules: a pure decider over events (see RULES.md and docs/rules-notes.md).

events = new_game(scenario_doc)
state = replay(events)
events += decide(state, command_from_json({...}), SeededDice("seed"), seat=0)
"""

from domain.commands import Command, command_from_json
from domain.decider import (
    SERVER_SEAT,
    decide,
    decide_and_fold,
    is_started,
    new_game,
    resolve_breath,
    start_game,
)
from domain.dice import DiceSource, ScriptedDice, SeededDice
from domain.errors import CommandError, RuleViolation, ScenarioError
from domain.events import Event, event_from_json
from domain.evolve import evolve, fold, replay
from domain.legal import legal_actions, legal_listing, merge_orders, order_options
from domain.state import GameState
from domain.timed import Decision, Timed, decide_at, decide_in_time, due_step, fold_timed

__all__ = [
    "SERVER_SEAT",
    "Command",
    "CommandError",
    "Decision",
    "DiceSource",
    "Event",
    "GameState",
    "RuleViolation",
    "ScenarioError",
    "ScriptedDice",
    "SeededDice",
    "Timed",
    "command_from_json",
    "decide",
    "decide_and_fold",
    "decide_at",
    "decide_in_time",
    "due_step",
    "event_from_json",
    "evolve",
    "fold",
    "fold_timed",
    "is_started",
    "legal_actions",
    "legal_listing",
    "merge_orders",
    "new_game",
    "order_options",
    "replay",
    "resolve_breath",
    "start_game",
]
