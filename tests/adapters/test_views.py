"""view_json: sorted keys, no whitespace, keys that are not str written as orjson's
OPT_NON_STR_KEYS writes them, whether or not a value has such keys."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from adapters.views import view_json
from domain.view import ALL_SEATS, board_view
from tests.domain.harness import Game

DUEL = """
. .   .   . .
 . bf0 rf1 . .
. .   .   . .
"""


def with_any_keys(value: Any) -> str:
    option = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
    return orjson.dumps(value, option=option).decode()


@pytest.mark.parametrize(
    "value",
    [
        {"b": 1, "a": {"d": [1, {"z": None, "é": True}], "c": "x"}},
        {2: "two", 1: "one", "seats": {0: {"lore": 3}}},
        {"nested": [{10: 1, 9: 2}]},
        board_view(Game(DUEL).state, ALL_SEATS),
    ],
)
def test_view_json_writes_what_sorting_any_keys_writes(value: Any) -> None:
    assert view_json(value) == with_any_keys(value)


def test_view_json_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(TypeError):
        view_json({"units": {1, 2}})
