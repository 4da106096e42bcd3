"""The asynchronous half: RQ jobs that keep board projections current and resolve the
deferred breath phase (R-TRN-6), a reconciler, and `python -m workers` (docs/workers.md)."""
