"""Scenarios, probes and the spec: `GET /scenarios[/{name}]`, `/healthz`, `/readyz`,
`/openapi.yaml`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import redis
from flask import Blueprint, Response

from api.deps import components
from api.errors import problem_response
from api.responses import jsonify
from domain.scenarios import get_scenario, scenario_names
from lorekeeper.errors import Refused, StoreUnavailable

blueprint = Blueprint("meta", __name__)
SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


@blueprint.get("/scenarios")
def scenarios() -> Response:
    return jsonify({"scenarios": [_summary(get_scenario(name) or {}) for name in scenario_names()]})


@blueprint.get("/scenarios/<name>")
def scenario(name: str) -> Response:
    doc = get_scenario(name)
    if doc is None:
        raise Refused("scenario_not_found", f"no scenario named {name!r}; see GET /scenarios")
    return jsonify(public_scenario(doc))


def _summary(doc: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": doc.get("name"),
        "description": doc.get("description", ""),
        "width": doc.get("width", 13),
        "height": doc.get("height", 9),
        "seats": len(doc.get("players", [])),
    }


def public_scenario(doc: dict[str, Any]) -> dict[str, Any]:
    """The scenario without the cards dealt to each seat (R-LOR-4): only how many."""
    players = [
        {**{k: v for k, v in p.items() if k != "cards"}, "card_count": len(p.get("cards", []))}
        for p in doc.get("players", [])
    ]
    return {**doc, "players": players}


@blueprint.get("/healthz")
def healthz() -> Response:
    """The process is up; each registered check (api.add_health_check) adds its details."""
    checks: dict[str, Any] = {}
    healthy = True
    for name, check in components().health_checks.items():
        try:
            checks[name] = check()
        except Exception as exc:  # a failing check is reported, not raised
            checks[name] = {"ok": False, "error": repr(exc)}
        healthy = healthy and checks[name].get("ok", True) is not False
    response = jsonify({"status": "ok" if healthy else "failing", "checks": checks})
    response.status_code = 200 if healthy else 503
    return response


@blueprint.get("/readyz")
def readyz() -> Response:
    try:
        components().ping()
    except (redis.RedisError, OSError) as exc:
        detail = f"Redis does not answer: {type(exc).__name__}"
        return problem_response(StoreUnavailable(detail))
    return jsonify({"status": "ready"})


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    if not SPEC_PATH.is_file():
        raise Refused("spec_not_found", "openapi.yaml is not shipped with this install")
    return Response(SPEC_PATH.read_text(encoding="utf-8"), mimetype="application/yaml")
