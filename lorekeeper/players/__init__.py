"""Players and their games' tables: API keys, seats and seat holders, invitations, read-only
grants, rematches, the lobby, who may read or act in a game, and the bots' seats."""
