"""verify_export: the server's offline verifier, reached through the SDK's one import of it.
A finished game's export verifies; a changed byte, a receipt the export lacks or a game still
being played does not; without the lorekeeper package the SDK says how to install it."""

from __future__ import annotations

import sys

import pytest
from lorekeeper_sdk import VerifierUnavailable, verify_export

from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.games.service import GameService
from tests.audit.games import memory_service, play, short


def export_of(service: GameService, game_id: str) -> str:
    return "".join(ndjson_lines(export_records(game_id, service.log.events.read(game_id))))


@pytest.fixture(scope="module")
def finished() -> str:
    service = memory_service()
    return export_of(service, play(service, short("river_crossing", 3), seed=5))


def test_a_finished_games_export_verifies(finished: str) -> None:
    verdict = verify_export(finished)
    assert verdict.ok and verdict.verdict == "verified", verdict.report
    assert set(verdict.checks) >= {"chain", "dice", "hands", "rules"}
    assert verdict.report.splitlines()[-1].startswith("VERIFIED")
    assert verify_export(finished.encode()).ok  # bytes, as downloaded
    assert verify_export(finished.splitlines(keepends=True)).ok  # lines, as read from a file


def test_a_changed_event_fails_and_is_named(finished: str) -> None:
    lines = finished.splitlines()
    lines[3] = lines[3].replace('"seat":0', '"seat":1', 1)
    verdict = verify_export("\n".join(lines))
    assert not verdict.ok and verdict.verdict == "failed"
    assert verdict.first_bad_event == 3


def test_a_receipt_the_export_does_not_hold_fails(finished: str) -> None:
    verdict = verify_export(finished, expect=[(2, "0" * 64)])
    assert verdict.verdict == "failed"


def test_a_game_still_being_played_is_not_verified() -> None:
    service = memory_service()
    game_id = service.create_game("river_crossing", {}).game_id
    verdict = verify_export(export_of(service, game_id))
    assert verdict.verdict == "in_progress" and not verdict.ok


def test_without_the_lorekeeper_package_it_says_how_to_install_it(
    finished: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "lorekeeper.audit.verify", None)  # not importable
    with pytest.raises(VerifierUnavailable, match=r"pip install \. \./clients/python"):
        verify_export(finished)
