"""What reaches a client without its asking: each player's notifications, the event streams
of games and players, and webhook deliveries (docs/push.md, docs/streams.md)."""
