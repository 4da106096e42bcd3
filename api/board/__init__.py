"""The board drawn: a game's position as SVG (svg.py and its parts), its story told from
the events (story.py), and the viewer page that shows both (viewer.py, docs/viewer.md)."""
