"""A player's notifications (docs/push.md): what the player event stream and webhooks send.

They are derived in one place, `records_of`, from each game as the lobby lists it (the
projector, at every projection, writes them with the round's listings before its saves; the
seating service when a seat changes hands: `Lister.list_games` calls `Notifier.observe`). A
notification is the start of a
**fact** about the game's state that concerns one player:

| type | the fact | its key |
|---|---|---|
| `game_started` | the game has begun, the player holds a seat | `started` |
| `your_turn` | turn T waits on the player's seat (the active one) | `turn:<T>:<seat>[:breath]` |
| `decision_requested` | a decision (or a takeback answer) of the seat | `decision:<T>:<seat>:…` |
| `game_over` | the game is over, the player held a seat | `over` |
| `invitation_received` | an open game has a seat reserved for the player | `invited:<seat>` |
| `invitation_declined` | a seat of the player's open game was declined | `declined:<seat>:<who>` |
| `time_running_out` | (the clocks: `Timekeeper.on_running_out`) | `running_out:<seat>:…` |

The NotificationLog records the facts that hold at each stamp (the game's version, its
table's revision) and appends a note for each fact that did not hold at the previous stamp
it recorded, in one step, and never for an older stamp than it has: so each note is appended
once, in the order of the game, however often or concurrently a game is listed. A note's id
is a digest of (player, game, fact): a fact derived again (after a lost write, say) has the
same id, which is what clients and webhook receivers de-duplicate by.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from domain import is_started
from lorekeeper.clocks.timekeeper import TimeRunningOut
from lorekeeper.games.game import Game
from lorekeeper.players.lobby import status_of
from lorekeeper.players.ports import TableStore
from lorekeeper.players.tables import Table
from lorekeeper.push.ports import Note, NoteRecord, NotificationLog

TYPES = (
    "game_started",
    "your_turn",
    "decision_requested",
    "game_over",
    "invitation_received",
    "invitation_declined",
    "time_running_out",
)

Facts = dict[str, list[tuple[str, Note]]]


def note_id(player_id: str, game_id: str, fact: str) -> str:
    digest = hashlib.sha256(f"{player_id}|{game_id}|{fact}".encode()).hexdigest()
    return "n_" + digest[:24]


def _note(player_id: str, game: Game, fact: str, kind: str, **body: Any) -> tuple[str, Note]:
    body = {"version": game.version, "turn": game.state.turn, **body}
    return fact, Note(note_id(player_id, game.id, fact), kind, game.id, body)


def facts_of(game: Game, table: Table | None) -> Facts:
    """Per player, the facts that hold of the game now (no table: no players, no facts)."""
    if table is None:
        return {}
    state = game.state
    status = status_of(state, table)
    facts: Facts = {}
    seated = {n: s.player_id for n, s in enumerate(table.seats)
              if s.kind == "player" and s.player_id}  # fmt: skip
    for player_id in dict.fromkeys(seated.values()):
        facts[player_id] = []
    if status == "open":
        for n, seat in enumerate(table.seats):
            if seat.kind == "reserved" and seat.player_id:
                invited = facts.setdefault(seat.player_id, [])
                invited.append(_note(seat.player_id, game, f"invited:{n}", "invitation_received",
                                     seat=n, scenario=state.scenario))  # fmt: skip
        _declined(game, table, facts)
    if not is_started(state) or status == "expired":
        return facts
    for n, player_id in seated.items():
        facts[player_id].append(_note(player_id, game, "started", "game_started", seat=n))
    if state.is_over:
        winner = "draw" if state.draw else state.winner
        for n, player_id in seated.items():
            facts[player_id].append(_note(player_id, game, "over", "game_over", seat=n,
                                          winner=winner))  # fmt: skip
        return facts
    active = seated.get(state.active)
    stretch = _turn_stretch(game)
    if active is not None and stretch is not None:
        facts[active].append(_note(active, game, stretch, "your_turn", seat=state.active))
    pending = state.pending
    if pending is not None and pending.seat is not None and pending.seat in seated:
        holder = seated[pending.seat]
        fact = f"decision:{state.turn}:{pending.seat}:{pending.kind}:{pending.unit}"
        facts[holder].append(_note(holder, game, fact, "decision_requested", seat=pending.seat,
                                   decision=pending.kind, unit=pending.unit))  # fmt: skip
    _takeback_asked(game, seated, facts)
    return facts


def _turn_stretch(game: Game) -> str | None:
    """The fact that the active seat may move now, named by the stretch of its turn: from
    the turn's start (`turn:<T>:<seat>`), and again once the server's breath phase has
    resolved (`…:breath`), so the seat is told again when its turn resumes. None while the
    game waits on the server (R-TRN-6). A decision another seat owes does not end a stretch:
    that seat's command gives the turn back."""
    state = game.state
    if state.phase == "breath":
        return None
    fact = f"turn:{state.turn}:{state.active}"
    breathed = state.phase == "combat" and bool(state.turn_state.breath_marks)
    return f"{fact}:breath" if breathed else fact


def _takeback_asked(game: Game, seated: dict[int, str], facts: Facts) -> None:
    """TKB-3: the other seat is asked to answer an open takeback request."""
    state = game.state
    asked = state.takebacks.request if state.takebacks is not None else None
    if asked is None:
        return
    for seat, player_id in seated.items():
        if seat != asked and not state.player(seat).eliminated:
            fact = f"decision:{state.turn}:{seat}:takeback:{game.version}"
            facts[player_id].append(_note(player_id, game, fact, "decision_requested",
                                          seat=seat, decision="takeback"))  # fmt: skip


def _declined(game: Game, table: Table, facts: Facts) -> None:
    """Each declined seat, told to the game's creator and seated players: once per
    invitation or reservation turned down (`who`: the player, or the invitation's hash)."""
    members = [s.player_id for s in table.seats if s.kind == "player" and s.player_id]
    if table.owner is not None:
        members.insert(0, table.owner)
    for n, seat in enumerate(table.seats):
        if seat.kind != "declined":
            continue
        who = seat.player_id or (seat.invite_hash or "")[:12]
        body = {k: v for k, v in seat.public(n).items() if k in ("seat", "player")}
        for player_id in dict.fromkeys(members):
            fact = _note(player_id, game, f"declined:{n}:{who}", "invitation_declined", **body)
            facts.setdefault(player_id, []).append(fact)


def records_of(listed: Sequence[tuple[Game, Table | None]]) -> list[NoteRecord]:
    """What NotificationLog.record_many records of the listed games: those whose table has
    someone to tell (an owner or a seated player). A game played by seat tokens alone has
    no facts to record, and recording none would cost a projection two Redis calls."""
    return [(game.id, (game.version, table.rev), facts_of(game, table))
            for game, table in listed if table is not None and has_audience(table)]  # fmt: skip


def has_audience(table: Table) -> bool:
    """Whether any player could be told of the game: its owner, or a player in a seat."""
    return table.owner is not None or any(s.kind == "player" and s.player_id for s in table.seats)


class Notifier:
    """Records each listed game's facts in the players' logs (NotificationLog.record), and the
    clocks' "time running out" notices."""

    def __init__(self, notes: NotificationLog, tables: TableStore) -> None:
        self.notes = notes
        self._tables = tables

    def observe(self, listed: Sequence[tuple[Game, Table | None]]) -> int:
        """Record the facts of games just listed (one round trip for a projection round); how
        many notes were added. A failure is raised: the projector records the facts before
        it saves the projections, so a failed round leaves them trailing, to be projected,
        and told, again (docs/push.md)."""
        return sum(self.notes.record_many(records_of(listed)))

    def running_out(self, notice: TimeRunningOut) -> None:
        """The Timekeeper's listener: the seat's player is told its time is running out."""
        table = self._tables.load_many([notice.game_id])[0]
        if table is None or not 0 <= notice.seat < len(table.seats):
            return
        seat = table.seats[notice.seat]
        if seat.kind != "player" or not seat.player_id:
            return
        fact = f"running_out:{notice.seat}:{notice.period}:{notice.deadline_ms}"
        body = {k: v for k, v in notice.to_json().items() if k not in ("type", "game_id")}
        note = Note(note_id(seat.player_id, notice.game_id, fact), "time_running_out",
                    notice.game_id, body)  # fmt: skip
        self.notes.append(seat.player_id, note)
