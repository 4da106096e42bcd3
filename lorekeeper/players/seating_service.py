"""Every use case of a game's table in one object, as the API and the workers call them."""

from __future__ import annotations

from lorekeeper.players.forking import Forking
from lorekeeper.players.joining import Joining


class SeatingService(Forking, Joining):
    """Hosting (hosting.py) and forks (forking.py), joining and grants (joining.py), on
    what seating.py shares: starting and expiring games, the table as shown, the caps and
    the lobby."""
