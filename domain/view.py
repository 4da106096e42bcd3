"""The board view a client reads (issue 4's `GET /games/{id}`), with secrets kept per seat.

Lore cards in hand are secret (R-LOR-4): a seat sees its own cards; everyone else sees how
many each seat holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from domain.codec import to_json
from domain.hexes import Hex
from domain.state import Decision, GameState, Unit, replace

ALL_SEATS = "all"
T = TypeVar("T")


def board_view(
    state: GameState, viewer: int | None | str = None, parts: ViewParts | None = None
) -> dict[str, Any]:
    """The view for `viewer` (a seat, None for a tokenless reader, ALL_SEATS for storage);
    with `parts`, its terrain and units shared with the views rendered before (ViewParts)."""
    unit = _unit if parts is None else parts.unit
    if state.practice:  # a fork: every hand is known (FRK-3), never rated (FRK-2)
        view = board_view(replace(state, practice=False), ALL_SEATS, parts)
        return {**view, "practice": True, "hands_known": True,
                "dice_chosen": bool(state.dice_choosers)}  # fmt: skip
    view = {
        "version": state.version,
        "scenario": state.scenario,
        "turn": state.turn,
        "phase": state.phase,
        "active_seat": state.active,
        "winner": "draw" if state.draw else state.winner,
        "lore_pool": state.lore_pool,
        "width": state.width,
        "height": state.height,
        "terrain": _terrain(state.terrain) if parts is None else parts.terrain(state.terrain),
        "sites": [
            {
                "hex": [h.col, h.row],
                "kind": s.kind,
                "capacity": s.capacity,
                "riders": s.riders,
                "red_border": s.has_red_border,  # R-BRD-4: villages and marked sites
            }
            for h, s in _by_hex(state.sites)
        ],
        "players": [_player(state, seat, viewer) for seat in range(len(state.players))],
        "units": [unit(u) for u in sorted(state.units.values(), key=lambda u: u.id)],
        "engagements": [
            {"attacker": g.attacker, "defender": g.defender} for g in state.engagements
        ],
        "pending": _pending(state.pending),
        "turn_state": {
            "ordered": sorted(state.turn_state.ordered),
            "moved": sorted(state.turn_state.moved),
            "battled": sorted(state.turn_state.battled),
            "breath_paid": sorted(state.turn_state.breath_paid),
        },
    }
    if state.takebacks is not None:  # TKB-3: only games with takebacks show it
        view["takebacks"] = {"request": state.takebacks.request}
    return view


class ViewParts:
    """Parts of board views kept for the next views of the same games: from event to event a
    game keeps its terrain mapping, and every unit the event left alone is the same frozen
    Unit, so their rendering is looked up by identity instead of made again (with its JSON,
    most of a projection's view). The parts are shared between views: only for views that
    are serialized and dropped, never changed (the stored projections:
    lorekeeper/projections/projector.py). At most `most` units and as many terrains are kept; then
    the parts start afresh."""

    def __init__(self, most: int = 8192) -> None:
        self._most = most
        self._units: dict[int, tuple[Any, Any]] = {}
        self._terrains: dict[int, tuple[Any, Any]] = {}

    def unit(self, u: Unit) -> dict[str, Any]:
        rendered: dict[str, Any] = self._kept(self._units, u, _unit)
        return rendered

    def terrain(self, terrain: Mapping[Hex, str]) -> list[dict[str, Any]]:
        rendered: list[dict[str, Any]] = self._kept(self._terrains, terrain, _terrain)
        return rendered

    def _kept(
        self, kept: dict[int, tuple[Any, Any]], part: Any, render: Callable[[Any], Any]
    ) -> Any:
        """`render(part)`, or what it gave for this very object before (an id still held by
        the object kept with it is that object's)."""
        found = kept.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        if len(kept) >= self._most:
            kept.clear()
        rendered = render(part)
        kept[id(part)] = (part, rendered)
        return rendered


def _terrain(terrain: Mapping[Hex, str]) -> list[dict[str, Any]]:
    return [{"hex": [h.col, h.row], "kind": k} for h, k in _by_hex(terrain)]


def _by_hex(by_hex: Mapping[Hex, T]) -> list[tuple[Hex, T]]:
    """Items in Hex order (column, then row), without Hex's slower generated comparisons."""
    return sorted(by_hex.items(), key=lambda item: (item[0].col, item[0].row))


def _player(state: GameState, seat: int, viewer: int | None | str) -> dict[str, Any]:
    p = state.player(seat)
    cards: list[str] | None = list(p.cards) if viewer in (seat, ALL_SEATS) else None
    return {
        "seat": seat,
        "home_edge": p.home_edge,
        "lore": p.lore,
        "banners": p.banners,
        "blood": p.blood,
        "cards": cards,
        "card_count": len(p.cards),
        "eliminated": p.eliminated,
        "auto_pass": p.auto_pass,
    }


def _unit(u: Unit) -> dict[str, Any]:
    spec, tokens = u.spec, u.tokens
    return {
        "id": u.id,
        "kind": u.kind,
        "owner": u.owner,
        "hex": u.hex.to_json(),
        "banner": spec.banner,
        "figures": None if spec.is_dragon else u.figures,
        # Tokens spelled out: the generic to_json was most of a view's time (BENCHMARKS.md).
        "tokens": {"poison": tokens.poison, "frost": tokens.frost, "fire": tokens.fire},
        "breath_target": u.breath_target is not None,
        "breath_by": u.breath_target,
        "glory": u.glory,
        "roosted": u.roosted,
        "rider": u.rider,
    }


def _pending(d: Decision | None) -> dict[str, Any] | None:
    if d is None:
        return None
    out: dict[str, Any] = {"seat": d.seat, "kind": d.kind, "unit": d.unit}
    if d.kind == "retreat":
        out["hexes"] = d.hexes
    elif d.kind == "battle_back":
        out["target"] = d.other
    elif d.kind == "reaction":
        out["path"] = to_json(d.path)
    elif d.kind == "breath":
        out["targets"] = list(d.targets)
    return out


def redact_view(view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A stored ALL_SEATS view as `viewer` may see it: other seats' cards hidden, but in a
    fork, whose hands are known (FRK-3)."""
    if view.get("hands_known"):
        return view
    players = [p if p["seat"] == viewer else {**p, "cards": None} for p in view["players"]]
    return {**view, "players": players}


def redact_event(event_type: str, payload: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """An event payload as `viewer` may see it. Only GameCreated holds secrets: the cards dealt
    to each seat (R-LOR-4). A card becomes public when it is played (CardPlayed); the hands
    dealt when the game ends (SecretsRevealed).

    Redacting a redacted payload changes nothing: with viewer None this is the public form the
    hash chain covers (lorekeeper/audit/chain.py), whether given the stored or the shown one."""
    if event_type != "GameCreated":
        return payload
    scenario = payload.get("scenario")
    players = scenario.get("players") if isinstance(scenario, dict) else None
    if not isinstance(scenario, dict) or not isinstance(players, list):
        return payload  # no hands to hide (a malformed payload, in an audit)
    shown = [p if seat == viewer or _is_hidden(p) else _hidden(p) for seat, p in enumerate(players)]
    return {**payload, "scenario": {**scenario, "players": shown}}


def _is_hidden(player: Any) -> bool:
    return isinstance(player, dict) and "cards" not in player and "card_count" in player


def _hidden(player: Any) -> Any:
    if not isinstance(player, dict):
        return player
    cards = player.get("cards", [])
    count = len(cards) if isinstance(cards, list) else 0
    return {**{k: v for k, v in player.items() if k != "cards"}, "card_count": count}
