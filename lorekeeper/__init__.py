"""Lorekeeper's application layer, shared by the API and the workers (see service.py)."""
