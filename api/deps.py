"""The app's parts, as a request sees them (built once by create_app)."""

from __future__ import annotations

from flask import current_app

from api.composition import Components
from lorekeeper.access import Access
from lorekeeper.lobby import LobbyReader
from lorekeeper.players import PlayerService
from lorekeeper.reads import GameReader
from lorekeeper.seating import SeatingService
from lorekeeper.service import GameService


def components() -> Components:
    found: Components = current_app.extensions["lorekeeper"]
    return found


def service() -> GameService:
    return components().service


def reader() -> GameReader:
    return components().reader


def players() -> PlayerService:
    return components().players


def seating() -> SeatingService:
    return components().seating


def access() -> Access:
    return components().seating.access


def lobby() -> LobbyReader:
    return components().lobby
