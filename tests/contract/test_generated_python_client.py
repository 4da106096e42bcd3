"""A Python client generated from openapi.yaml by openapi-python-client, as a third-party
developer would (contract/openapi-python-client.yaml), plays a short game against the real
stack: gunicorn, a worker process and a private redis-server (tests/demo's stack).

Issue 22: such a client crashed on every finished game (`winner` was a bare `const`), and
lost the NDJSON bodies. Here it reads a finished game's winner, its export (NDJSON, as text),
its log and its board picture. The game: river_crossing, south orders and moves a foot unit
and ends its turn, north resigns (R-WIN-3), so south (seat 0) wins.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.demo.test_demo_e2e import stack

__all__ = ["stack"]  # the fixture: gunicorn, a worker, a private Redis

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "lorekeeper_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The client, generated now from this tree's spec, warnings refused, and imported."""
    out = tmp_path_factory.mktemp("generated")
    run = subprocess.run(
        [str(GENERATOR), "generate", "--path", "openapi.yaml", "--config",
         "contract/openapi-python-client.yaml", "--meta", "none", "--fail-on-warning",
         "--output-path", str(out / PACKAGE)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ['PATH']}"},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def part(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


@pytest.mark.timeout(90)
def test_a_generated_client_plays_a_game_to_its_end(generated: ModuleType, stack: str) -> None:
    models = part("models")
    base = f"{stack}/v1"
    with ExitStack() as clients:
        play(generated, models, base, clients)


def play(generated: ModuleType, models: Any, base: str, clients: ExitStack) -> None:
    def opened(client: Any) -> Any:
        return clients.enter_context(client)  # its connections closed at the end

    anonymous = opened(generated.Client(base_url=base, raise_on_unexpected_status=True))
    create_player = part("api.players.create_player")
    ann = create_player.sync(client=anonymous, body=models.NewPlayer(name="Ann"))
    bob = create_player.sync(client=anonymous, body=models.NewPlayer(name="Bob"))
    assert isinstance(ann, models.CreatePlayerResponse201), ann
    south = opened(generated.AuthenticatedClient(base_url=base, token=ann.key))
    north = opened(generated.AuthenticatedClient(base_url=base, token=bob.key))

    seats = [models.SeatSpec(kind=models.SeatSpecKind.ME),
             models.SeatSpec(kind=models.SeatSpecKind.PLAYER, player_id=bob.id)]  # fmt: skip
    created = part("api.games.create_game").sync(
        client=south, body=models.CreateGame(scenario="river_crossing", seats=seats)
    )
    assert isinstance(created, models.CreatedGame), created
    game = created.game_id
    joined = part("api.seats.join_game").sync(game, client=north, body=models.Join(seat=1))
    assert isinstance(joined, models.Joined) and joined.seat == 1, joined

    send = part("api.commands.send_command").sync
    for client, command in [
        (south, models.OrderCommand(type_="order", units=["s-foot-1"])),
        (south, models.MoveCommand(type_="move", unit="s-foot-1", path=[[3, 6]])),
        (south, models.EndTurnCommand(type_="end_turn")),
        (north, models.ResignCommand(type_="resign")),  # R-WIN-3
    ]:
        reply = send(game, client=client, body=command)
        assert isinstance(reply, models.CommandReply), reply

    # The board view is a projection the workers write: read at least the resignation's
    # version (min_version), as a client that just sent it would.
    board = part("api.games.get_game").sync(game, client=south, min_version=reply.version)
    assert isinstance(board, models.BoardView), board
    assert board.phase == "over"
    assert board.winner == 0 and isinstance(board.winner, int)  # the crash of issue 22
    assert board.clock is None

    export = part("api.audit.export_game").sync(game, client=south)
    records = [json.loads(line) for line in export.splitlines()]
    assert records[0]["record"] == "header" and records[-1]["record"] == "trailer"
    assert records[-1]["finished"] is True
    verdict = part("api.audit.audit_game").sync(game, client=south)
    assert verdict.verdict == "verified"

    log = part("api.viewer.get_game_log").sync(
        game, client=anonymous, format_=models.GetGameLogFormat.JSON
    )
    assert isinstance(log, models.GameLog) and log.over and log.version == len(log.entries)
    svg = part("api.viewer.get_board_svg").sync(game, client=anonymous)
    assert isinstance(svg, str) and "<svg" in svg

    missing = part("api.games.get_game").sync("no-such-game", client=south)
    assert isinstance(missing, models.Problem) and missing.code == "game_not_found"
