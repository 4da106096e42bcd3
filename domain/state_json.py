"""A game's state as JSON: the domain codec's, with the hex-keyed maps (`terrain`, `sites`)
as sorted [hex, value] pairs. A fork's GameCreated (domain/fork.py) and a snapshot
(lorekeeper/games/snapshots.py) keep a state this way."""

from __future__ import annotations

from typing import Any

from domain.codec import DecodeError, decode_dataclass, to_json
from domain.hexes import Hex
from domain.state import GameState, Site, replace


def state_json(state: GameState) -> dict[str, Any]:
    """The state as JSON: the domain codec's, with the hex-keyed maps as [hex, value] pairs."""
    data: dict[str, Any] = to_json(state)
    data["terrain"] = [[[h.col, h.row], t] for h, t in sorted(state.terrain.items())]
    data["sites"] = [[[h.col, h.row], to_json(s)] for h, s in sorted(state.sites.items())]
    return data


def state_from_json(data: Any) -> GameState:
    """The state `state_json` wrote; DecodeError (a ValueError) for anything else."""
    if not isinstance(data, dict):
        raise DecodeError("a state is an object")
    try:
        terrain = {_hex(k): str(v) for k, v in data["terrain"]}
        sites = {_hex(k): decode_dataclass(Site, v, strict=True) for k, v in data["sites"]}
    except (KeyError, TypeError, ValueError) as exc:
        raise DecodeError(f"terrain or sites: {exc}") from None
    state = decode_dataclass(GameState, {**data, "terrain": {}, "sites": {}}, strict=True)
    return replace(state, terrain=terrain, sites=sites)


def _hex(value: Any) -> Hex:
    col, row = value
    if type(col) is not int or type(row) is not int:
        raise ValueError("a hex is two integers")
    return Hex(col, row)
