"""Typed exceptions from the problem+json `code` (docs/client/errors.md): a client catches a
rule violation, a version conflict or a missing game by class, and a code the SDK does not
know still gets its status's class."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from lorekeeper_sdk import (
    ApiError,
    Conflict,
    GameNotFound,
    IllegalCommand,
    NotYourTurn,
    RuleViolation,
    ServerError,
    Unprocessable,
    VersionMismatch,
)
from lorekeeper_sdk.errors import BY_CODE

from tests.sdk_python.fakes import Fake, problem

DOCS = Path(__file__).resolve().parents[2] / "docs" / "client" / "errors.md"


def sent(answer: httpx.Response) -> ApiError:
    fake = Fake(answer)
    with fake.client() as client, pytest.raises(ApiError) as raised:
        client.send("g1", {"type": "end_turn"})
    return raised.value


def test_a_rule_violation_is_raised_by_its_code_with_its_rule() -> None:
    error = sent(problem(409, "not_your_turn", rule="R-TRN-1"))
    assert isinstance(error, NotYourTurn)
    assert isinstance(error, RuleViolation) and isinstance(error, Conflict)
    assert (error.status, error.code, error.rule) == (409, "not_your_turn", "R-TRN-1")
    assert error.detail == "a not_your_turn" and error.problem["code"] == "not_your_turn"


def test_an_illegal_command_is_unprocessable_and_a_rule_violation() -> None:
    error = sent(problem(422, "illegal", rule="R-FLY-2"))
    assert isinstance(error, IllegalCommand)
    assert isinstance(error, Unprocessable) and isinstance(error, RuleViolation)


def test_a_stale_if_match_says_the_current_version() -> None:
    error = sent(problem(412, "version_mismatch", current_version=14))
    assert isinstance(error, VersionMismatch) and error.current_version == 14


def test_reads_raise_too_and_so_does_the_generated_core() -> None:
    from lorekeeper_sdk.core.api.games import get_game

    fake = Fake(problem(404, "game_not_found"), problem(404, "game_not_found"))
    with fake.client() as client:
        with pytest.raises(GameNotFound):
            client.game("nope")
        with pytest.raises(GameNotFound):
            get_game.sync("nope", client=client.core)


def test_a_code_this_sdk_does_not_know_gets_its_status_class() -> None:
    error = sent(problem(409, "a_code_from_the_future"))
    assert type(error) is Conflict and error.code == "a_code_from_the_future"


def test_an_answer_that_is_not_a_problem_still_raises_by_status() -> None:
    error = sent(httpx.Response(502, text="<html>bad gateway</html>"))
    assert type(error) is ServerError and error.code is None and error.status == 502
    assert "bad gateway" in (error.detail or "")


def test_every_code_the_sdk_names_is_one_the_api_documents() -> None:
    errors = DOCS.read_text()
    documented = set(re.findall(r"`([a-z_]+)`", errors))
    assert set(BY_CODE) <= documented, set(BY_CODE) - documented
