"""The read side: after appends, one round derives what every capability reads from the new
events (the games' board views, the lobby's listings, the players' notifications, the
clocks' deadlines) and writes it together (docs/workers.md)."""
