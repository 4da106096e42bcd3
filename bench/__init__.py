"""Benchmarks of issue 9: `python -m bench` (BENCHMARKS.md). Never part of the test suite."""
