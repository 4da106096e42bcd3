"""The bot job: top level, plain ids in, a JSON-serialisable result out, safe to run twice.

Enqueued by adapters/redis/jobs.py by name (BOT_FUNC) when a game waits on a bot seat
(lorekeeper/players/bot_turns.py); the move goes through GameService.handle_command like any seat's.
"""

from __future__ import annotations

import logging
from typing import Any

from workers import context

log = logging.getLogger(__name__)


def play_bot_turn(game_id: str, version: int, seat: int) -> dict[str, Any]:
    """The bot's move in `game_id` at `version` (a no-op once the game has moved on)."""
    result = context.current().bots.play(game_id, version, seat)
    log.info("bot.turn", extra={"game_id": game_id, "version": version, "seat": seat, **result})
    return result
