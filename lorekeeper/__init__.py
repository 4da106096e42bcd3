"""Lorekeeper's application layer, shared by the API and the workers: one folder a
capability, each holding its use cases and the ports it needs (docs/architecture.md).

- games/        a game's life: create it, load it, decide and commit its commands and the
                server's steps, read it, keep its snapshots and its archive
- players/      API keys, tables and seats, invitations and grants, the lobby, access,
                bot seats
- push/         each player's notifications, the event streams, webhooks
- clocks/       the deadlines kept and acted on, and the clocks as readers see them
- audit/        canonical JSON, the hash chain, the export and its verifier, signing,
                the transparency log
- projections/  the read side: one round derives every capability's read model
- shared:       errors.py, budget.py (a read's time budget), limits.py (the API's guards'
                ports), app_keys.py, settings.py, stores.py (one backend's stores),
                wiring.py (the parts wired together), cli.py, demo.py, bots.py
"""
