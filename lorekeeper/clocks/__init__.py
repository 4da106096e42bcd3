"""Clocks as the application runs them: the deadlines kept and acted on (the timekeeper), and
the clocks as readers see them. The clocks themselves are folded by the domain
(domain/clock.py)."""
