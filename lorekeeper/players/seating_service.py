"""Every use case of a game's table in one object, as the API and the workers call them."""

from __future__ import annotations

from lorekeeper.players.hosting import Hosting
from lorekeeper.players.joining import Joining


class SeatingService(Hosting, Joining):
    """Hosting (hosting.py), joining and grants (joining.py), on what seating.py shares:
    starting and expiring games, the table as shown, the caps and the lobby."""
