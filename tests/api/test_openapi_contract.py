"""openapi.yaml against the running app (WSGI), with schemathesis: positive and negative data,
no 5xx, and every response (status, headers, content type, body) as the spec says.

Two runs: one with random ids and no token (every operation), one aimed at a real game with a
seat token, so command bodies reach the rules. Positive data may still break a rule: a valid
command shape is often not a legal move (422 `illegal`), or acts on a stale If-Match (412).

The app lives in memory and is built when this module is imported (schemathesis's lazy
fixture loader does not run under pytest 9); building it connects to nothing.
"""

from __future__ import annotations

import schemathesis
from flask import Flask
from schemathesis.config import SchemathesisConfig

from api import create_app
from api.composition import memory_components
from tests.api.conftest import with_settings
from tests.api.helpers import create
from tests.service.games import duel

CONFIG = """
seed = 20261201
[generation]
max-examples = 30
mode = "{mode}"
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "429"]
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "429"]
[phases.stateful]
enabled = false
"""


def contract_app() -> Flask:
    settings = with_settings(sse_max_s=0.05, projection_wait_s=0.01)
    return create_app(settings, components=memory_components(settings))


def load_schema(app: Flask, mode: str = "all") -> schemathesis.schemas.BaseSchema:
    config = SchemathesisConfig.from_str(CONFIG.replace("{mode}", mode))
    return schemathesis.openapi.from_wsgi("/openapi.yaml", app, config=config)


# The viewer's static files are left out: Flask streams them from an open file, which the
# WSGI client here never closes (a ResourceWarning, an error under -W error);
# tests/api/test_spec_routes.py asks for each of them.
any_game = load_schema(contract_app()).exclude(operation_id="getViewerFile")


@any_game.parametrize()
def test_every_operation_keeps_its_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()


_seat_app = contract_app()
SEAT_GAME = create(_seat_app.test_client(), duel())
# Positive data only: with the real game's id put in, a negative case would no longer be one
# (the negative cases run above, against random ids).
seat = load_schema(_seat_app, mode="positive").include(path_regex=r"^/games/\{game_id\}")


@seat.parametrize()
def test_a_seat_on_a_real_game_keeps_the_contract(case: schemathesis.Case) -> None:
    case.path_parameters = {**(case.path_parameters or {}), "game_id": SEAT_GAME.id}
    case.call_and_validate(headers={"Authorization": f"Bearer {SEAT_GAME.tokens[0]}"})
