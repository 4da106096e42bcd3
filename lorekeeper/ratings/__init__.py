"""Ratings: rated games, the ratings log the workers append once per finished game, each
player's rating and record, and the leaderboard (docs/ratings.md)."""
