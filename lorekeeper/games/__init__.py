"""The life of a game: create it, decide and commit its commands and the server's steps,
load it, read it, and keep its snapshots and its archive."""
