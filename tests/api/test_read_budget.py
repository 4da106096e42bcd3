"""The reads that fold or re-decide a game's events one by one run within a time budget
(issue 21, item 2: "a request must never run unbounded"; lorekeeper/budget.py): past
LOREKEEPER_READ_BUDGET_S they answer 503 `read_budget_exceeded`, and nothing else is held
to it."""

from __future__ import annotations

import time

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.composition import memory_components
from lorekeeper import budget
from lorekeeper.errors import ReadBudgetExceeded
from tests.api.conftest import with_settings
from tests.api.helpers import create, problem
from tests.service.games import ORDER_BF0, duel

SPENT = with_settings(read_budget_s=1e-9)  # runs out before the first event is folded


@pytest.fixture
def spent_client() -> FlaskClient:
    return create_app(SPENT, components=memory_components(SPENT)).test_client()


@pytest.mark.parametrize("path", ["/state?version=2", "/audit", "/log", "/board.svg"])
def test_a_read_that_runs_out_of_its_budget_is_refused(spent_client: FlaskClient, path: str):
    game = create(spent_client, duel())
    game.ok(0, ORDER_BF0)
    body = problem(game.get(path), 503, "read_budget_exceeded")
    assert "LOREKEEPER_READ_BUDGET_S" in body["detail"]


def test_commands_and_the_current_board_are_not_held_to_it(spent_client: FlaskClient):
    game = create(spent_client, duel())
    game.ok(0, ORDER_BF0)  # folds the game (the command path has no budget)
    assert game.get().get_json()["version"] == 3
    assert game.get("/export").status_code == 200  # the export reads, it does not fold


def test_the_default_budget_serves_the_same_reads():
    settings = with_settings()
    client = create_app(settings, components=memory_components(settings)).test_client()
    game = create(client, duel())
    game.ok(0, ORDER_BF0)
    for path in ["/state?version=2", "/audit", "/log", "/board.svg"]:
        assert game.get(path).status_code == 200, path


def test_spend_refuses_only_past_the_budget_and_only_inside_one():
    budget.spend()  # no budget: nothing to run out of
    with budget.within(60):
        budget.spend()
        with budget.within(1e-9):  # the nearer end holds
            time.sleep(0.001)
            with pytest.raises(ReadBudgetExceeded):
                budget.spend()
        budget.spend()  # the outer budget again
    with budget.within(1e-9):
        time.sleep(0.001)
        with pytest.raises(ReadBudgetExceeded):
            list(budget.spending([1, 2]))
    budget.spend()
