"""Bot seats: when a game waits on a bot, a worker plays the bot's move through the same
command path as any seat (GameService.handle_command), so its games audit like any other.

After every append the service makes (`GameService.watch_commits`), `BotTurns.after_commit`
looks at the seat the game now waits for, and at the seat that answers an open takeback
request; when a bot holds it, one job is queued for that move: `bot-<game>-<version>-<seat>`
(adapters/redis/jobs.py), so a repeated call queues nothing new. The job (`play`) loads the
game, and unless it has moved on, sends the bot's choice with `If-Match` at that version
and the command id `bot@<version>`: a job run twice appends once. Its append queues the
next move, until the game waits on someone else.

A search bot (the `bots` package, its levels SEARCH_LEVELS) is given the game state and
thinks for at most `think_s` seconds (the setting `bot_think_s`); it hides the other seats'
cards itself before it looks, and never gets the game's dice. It runs in the worker's job,
as the policy bots do: other games' projections and breath phases go on in the other jobs.

A bot's seat is fixed when the game is created, so which seats are bots is remembered per
process. The reconciler (workers/reconcile.py) finds games left waiting on a bot (the
lobby's bots shelf) and queues their move again.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from typing import Any

from bots import level_budget, search
from domain import GameState, RuleViolation, legal_listing
from domain.takeback import answerer
from domain.view import board_view
from lorekeeper.bots import BOT_NAMES, BOTS, SEARCH_LEVELS, Action
from lorekeeper.errors import GameNotFound, PreconditionFailed, TimeRanOut, VersionConflict
from lorekeeper.games.service import GameService
from lorekeeper.players.lobby import to_act
from lorekeeper.players.ports import BotQueue, TableStore

log = logging.getLogger(__name__)
_REMEMBERED = 4096


class BotTurns:
    def __init__(
        self, service: GameService, tables: TableStore, queue: BotQueue, think_s: float = 1.0
    ) -> None:
        self._service = service
        self._think_s = think_s
        self._tables = tables
        self._queue = queue
        self._bots: OrderedDict[str, dict[int, str]] = OrderedDict()
        self._lock = threading.Lock()

    def after_commit(self, game_id: str, state: GameState) -> None:
        """Queue the bot's move if the game now waits on a bot seat: its turn, its decision,
        or its answer to a takeback request."""
        for seat in (to_act(state), answerer(state)):
            if seat is not None and seat in self.bot_seats(game_id):
                self._queue.enqueue_bot_turn(game_id, state.version, seat)

    def bot_seats(self, game_id: str) -> dict[int, str]:
        """Seat -> bot name: fixed at creation, so remembered."""
        with self._lock:
            known = self._bots.get(game_id)
        if known is not None:
            return known
        table = self._tables.load(game_id)
        bots = {} if table is None else table.bot_seats()
        with self._lock:
            self._bots[game_id] = bots
            while len(self._bots) > _REMEMBERED:
                self._bots.popitem(last=False)
        return bots

    def play(self, game_id: str, version: int, seat: int) -> dict[str, Any]:
        """The bot's move at `version` (a no-op when the game has moved on or waits on
        someone else); what happened, for the job's result."""
        bot = self.bot_seats(game_id).get(seat)
        if bot is None or bot not in BOT_NAMES:
            return {"played": False, "reason": "not a bot seat"}
        try:
            game = self._service.log.load(game_id)
        except GameNotFound:
            return {"played": False, "reason": "no such game"}
        if game.version != version or seat not in (to_act(game.state), answerer(game.state)):
            return {"played": False, "reason": "the game moved on"}
        action = self.choose(bot, game.state, seat)
        try:
            result = self._service.handle_command(
                game_id, seat, action, if_match=version, idempotency_key=f"bot@{version}"
            )
        except (PreconditionFailed, VersionConflict):
            return {"played": False, "reason": "the game moved on"}
        except TimeRanOut:  # its move came too late: the server timed it out (CLK-5)
            return {"played": False, "reason": "its time ran out"}
        except RuleViolation as refused:  # a bug in the policy or in legal_actions
            log.error("bot.refused", extra={"game_id": game_id, "bot": bot, "rule": refused.rule,
                                            "action": action})  # fmt: skip
            return {"played": False, "reason": f"refused: {refused.rule}"}
        return {"played": True, "action": action["type"], "version": result.version}

    def choose(self, bot: str, state: GameState, seat: int) -> Action:
        """What `bot` plays for `seat`: it accepts a takeback request (the game's creator
        turned takebacks on); a search level thinks within the budget; a policy bot reads the
        seat's board view and legal actions."""
        if answerer(state) == seat:
            return {"type": "answer_takeback", "accept": True}
        if bot in SEARCH_LEVELS:
            budget = level_budget(bot, self._think_s)
            return search(state, seat, budget, secrets.token_hex(8)).action.to_json()
        view = board_view(state, seat)
        listing = legal_listing(state, seat)
        return BOTS[bot](view, listing["actions"], seat, listing.get("order"))
