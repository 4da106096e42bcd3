"""The SDK takes a value it does not know from a list the server may grow (openapi.yaml,
"Open lists"): a new notification type, a new phase, seat kind or status parse as strings."""

from __future__ import annotations

from typing import Any

import yaml
from flask.testing import FlaskClient
from lorekeeper_sdk.core.models import AuditVerdict, BoardView, Notification, Table, Webhook

from api import create_app
from api.composition import memory_components
from tests.api.conftest import TEST_SETTINGS
from tests.api.helpers import bearer, create_as, sign_up
from tests.api.test_schemas_match_spec import SPEC
from tests.sdk_python.fakes import Fake, note, sse
from tests.service.games import duel

NEW = "something_new"


def _answers() -> tuple[FlaskClient, dict[str, Any], str]:
    app = create_app(TEST_SETTINGS, components=memory_components(TEST_SETTINGS))
    client = app.test_client()
    ann = sign_up(client)
    game_id = create_as(client, ann["key"], duel(), seats=[{"kind": "me"}, {"kind": "open"}])[
        "game_id"
    ]
    return client, ann, game_id


def test_the_lists_a_server_may_grow_are_open_in_the_spec() -> None:
    schemas = SPEC["components"]["schemas"]
    assert "enum" not in schemas["NotificationType"]
    assert "enum" not in schemas["BoardView"]["properties"]["phase"]
    assert "enum" not in schemas["Pending"]["properties"]["kind"]
    assert "enum" not in schemas["TableSeat"]["properties"]["kind"]
    assert schemas["Event"]["properties"]["type"] == {"type": "string"} | {
        "description": schemas["Event"]["properties"]["type"]["description"]
    }
    assert "enum" not in schemas["Problem"]["properties"]["code"]
    assert "x-extensible-enum" in schemas["NotificationType"]
    assert yaml.safe_dump(schemas).count("x-extensible-enum") >= 12


def test_a_board_table_and_verdict_with_new_values_parse() -> None:
    client, ann, game_id = _answers()
    view = client.get(f"/games/{game_id}", headers=bearer(ann["key"])).get_json()
    view |= {"phase": NEW, "pending": {"seat": 0, "kind": NEW}}
    board = BoardView.from_dict(view)
    assert board.phase == NEW and board.to_dict()["pending"]["kind"] == NEW
    table = client.get(f"/games/{game_id}/table").get_json()
    table["status"] = NEW
    table["seats"][1]["kind"] = NEW
    parsed = Table.from_dict(table)
    assert parsed.status == NEW and parsed.seats[1].kind == NEW
    audit = client.get(f"/games/{game_id}/audit").get_json()
    assert AuditVerdict.from_dict({**audit, "verdict": NEW}).verdict == NEW


def test_a_webhook_and_a_stream_with_a_new_notification_type_are_read() -> None:
    hook = {"id": "wh_" + "0" * 16, "url": "https://app.example/h", "types": ["your_turn", NEW],
            "created_ms": 1, "enabled": True, "disabled_reason": None, "failures": 0}  # fmt: skip
    assert Webhook.from_dict(hook).types == ["your_turn", NEW]
    assert Notification.from_dict(note("1-0", NEW)).type_ == NEW
    fake = Fake(sse([note("1-0", NEW), note("2-0", "your_turn"), {"end": "time_limit"}]))
    with fake.client() as client:
        notes = client.notifications()
        got = [next(notes) for _ in range(2)]
    assert [n.type_ for n in got] == [NEW, "your_turn"]
