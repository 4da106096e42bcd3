"""Who sent the request: the `Caller` its bearer token proves, worked out once per request.

caller()          Caller(player=…) for a player key (checked against the store: a revoked
                  key is refused at once), Caller(token=…) for any other bearer token (a
                  seat token or a read-only grant, checked per game by the seating
                  service), Caller() without one. TokenRejected (401) for a bad key.
rate_limit_key()  the verified identity the rate limit counts against: the player, the
                  seat a seat token opens in the game of the URL, a grant of that game;
                  anything else (no token, an unknown or made-up one) is its address
                  (an IPv6 address: its /64).
"""

from __future__ import annotations

import functools
import ipaddress

from api.deps import components, current_request, request_globals
from api.requests import bearer_token
from lorekeeper.errors import LorekeeperError
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import is_player_key

_CALLER = "lorekeeper_caller"


def caller() -> Caller:
    """The request's caller (remembered for the request, refusal included)."""
    remembered = request_globals()
    found = remembered.get(_CALLER)
    if isinstance(found, LorekeeperError):
        raise found
    if found is None:
        try:
            found = _identify()
        except LorekeeperError as refused:
            setattr(remembered, _CALLER, refused)
            raise
        setattr(remembered, _CALLER, found)
    assert isinstance(found, Caller)
    return found


def _identify() -> Caller:
    token = bearer_token()
    if token is None:
        return Caller()
    if is_player_key(token):
        return Caller(player=components().players.authenticate(token))
    return Caller(token=token)


def client_address() -> str:
    return f"addr:{address_group(current_request().remote_addr or 'unknown')}"


@functools.lru_cache(maxsize=4096)
def address_group(address: str) -> str:
    """The address limits count against: an IPv4 address (an IPv4-mapped IPv6 one as its IPv4
    address), or an IPv6 address's /64, which one subscriber usually holds whole (so a fresh
    address from it is no fresh client). Kept for the addresses seen last: parsing one took
    about a twentieth of a command's Python calls."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def rate_limit_key() -> str:
    """A verified identity, else the client address: a made-up token never gets a bucket
    of its own (issue 21)."""
    try:
        who = caller()
    except LorekeeperError:
        return client_address()
    if who.player is not None:
        return f"player:{who.player.player_id}"
    game_id = (current_request().view_args or {}).get("game_id")
    if who.token is not None and isinstance(game_id, str):
        verified = components().seating.access.verified_token(game_id, who)
        if verified is not None:
            return verified
    return client_address()
