"""The rating job: top level, a plain id in, a JSON-serialisable result out, safe to run twice.

Enqueued by adapters/redis/ratings.py by name (RATE_FUNC) when a commit ends a rated game
(lorekeeper/ratings/service.py); the store appends the game's entry once, whoever runs it
and however often (docs/ratings.md).
"""

from __future__ import annotations

import logging
from typing import Any

from workers import context

log = logging.getLogger(__name__)


def rate_game(game_id: str) -> dict[str, Any]:
    """Append the finished game's entry to the ratings log (a no-op once it has one)."""
    ratings = context.current().ratings
    if ratings is None:
        return {"rated": False, "reason": "this server keeps no ratings"}
    result = ratings.rate_game(game_id)
    log.info("ratings.rated", extra={"game_id": game_id, **result})
    return result
