"""The in-memory twin of each Redis adapter, under the same file name as in adapters/redis/:
one process, no I/O. The tests use them, and so does an app made with `memory_components`
(api/composition.py); each passes the same contract suite as its Redis twin."""
