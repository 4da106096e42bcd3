"""The ports' adapters, by technology: `redis/` (the stores, queues and feeds the servers
run on) and `memory/` (their twins: one process, no I/O), each file of one named like its
twin in the other. Beside them, what both share (event_records.py, views.py) and what is
neither (webhook_sender.py: HTTP; greenlets.py)."""
