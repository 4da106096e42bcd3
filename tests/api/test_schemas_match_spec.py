"""One source of truth for what a client may send: the marshmallow schemas (what the server
checks) and openapi.yaml (what clients are generated from) say the same thing, or this fails.

The marshmallow schemas are turned into JSON Schema by apispec's marshmallow plugin and
compared with the spec's component, field by field: the names, which are required, the types
(null included), the enums (a command's `type` against its `const`), the bounds (minimum,
maximum, lengths, item counts, patterns) and `additionalProperties: false` (marshmallow refuses
unknown fields). The query-string schemas are compared with each operation's query
parameters. Why a check rather than a generated spec: docs/client/contract.md, "The contract".
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest
import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema

from api import command_schemas, player_schemas, schemas

SPEC: dict[str, Any] = yaml.safe_load(
    (Path(__file__).resolve().parents[2] / "openapi.yaml").read_text()
)
BOUNDS = ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
          "minProperties", "maxProperties", "pattern")  # fmt: skip

# marshmallow schema -> the spec's component for it (the command schemas: below).
# Nested ones first: apispec names a nested schema itself unless it was added before.
BODIES: dict[type[Schema], str] = {
    schemas.ClockSchema: "TimeControl",
    schemas.SeatSpecSchema: "SeatSpec",
    schemas.GameOptionsSchema: "GameOptions",
    schemas.CreateGameSchema: "CreateGame",
    command_schemas.TokensSchema: "Tokens",
    player_schemas.NewPlayerSchema: "NewPlayer",
    player_schemas.JoinSchema: "Join",
    player_schemas.DeclineSchema: "Decline",
    player_schemas.InviteSchema: "Invite",
    player_schemas.GrantSchema: "NewGrant",
    player_schemas.NewWebhookSchema: "NewWebhook",
    player_schemas.ForkSchema: "NewFork",
}
# Schemas that are parts of others, compared where they sit.
NESTED: dict[type[Schema], str] = {
    schemas.DiceOptionsSchema: "GameOptions.dice",
    command_schemas.CommandSchema: "every command (below)",
}
# query-string schema -> the operation whose query parameters it checks
QUERIES: dict[type[Schema], str] = {
    schemas.EventsQuery: "listEvents",
    schemas.StreamQuery: "streamEvents",
    schemas.ViewQuery: "getGame",
    schemas.StateQuery: "getGameState",
    schemas.BoardQuery: "getBoardSvg",
    schemas.LogQuery: "getGameLog",
    schemas.LobbyQuery: "listGames",
    schemas.MyGamesQuery: "listMyGames",
    player_schemas.PlayerStreamQuery: "streamMyNotifications",
    # issue 20: the transparency log (NoQuery: the tree head and the keys take none)
    schemas.ConsistencyQuery: "transparencyConsistency",
    schemas.EntriesQuery: "transparencyEntries",
    schemas.GameProofQuery: "gameTransparencyProof",
    schemas.NoQuery: "transparencyTreeHead",
    # ratings (docs/ratings.md)
    player_schemas.LeaderboardQuery: "getLeaderboard",
    player_schemas.RatingLogQuery: "getRatingLog",
}
# Fields whose type marshmallow cannot state (custom fields): the spec's types for them.
CUSTOM_TYPES = {
    ("GameOptions", "seed"): {"string", "integer"},
    ("CreateGame", "scenario"): {"string", "object"},
}
_COMMAND = {
    name: f"{name.title().replace('_', '')}Command" for name in command_schemas.COMMAND_SCHEMAS
}


def converted() -> dict[str, Any]:
    """Every marshmallow schema as JSON Schema (apispec), by the spec's component name."""
    api = APISpec("marshmallow", "1", "3.1.0", plugins=[MarshmallowPlugin()])
    for schema, name in BODIES.items():
        api.components.schema(f"ma.{name}", schema=schema)
    named: dict[type[Schema], str] = {}
    for kind, schema in command_schemas.COMMAND_SCHEMAS.items():
        if schema not in named:  # end_turn, pass … share CommandSchema
            named[schema] = f"ma.{_COMMAND[kind]}"
            api.components.schema(named[schema], schema=schema)
    found: dict[str, Any] = api.to_dict()["components"]["schemas"]
    for kind, schema in command_schemas.COMMAND_SCHEMAS.items():
        found[f"ma.{_COMMAND[kind]}"] = found[named[schema]]
    return found


MA = converted()


def resolve(node: Any, document: dict[str, Any]) -> Any:
    """`node` with its $ref followed (in `document`'s components)."""
    while isinstance(node, dict) and "$ref" in node:
        node = document["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def branches(node: dict[str, Any]) -> list[dict[str, Any]]:
    for key in ("oneOf", "anyOf"):
        if key in node:
            return [resolve(b, SPEC) for b in node[key]]
    return [node]


def types_of(node: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    for branch in branches(node):
        kind = branch.get("type")
        found |= set(kind) if isinstance(kind, list) else {kind} if kind else set()
    return found


def enum_of(node: dict[str, Any]) -> set[Any] | None:
    values: set[Any] = set()
    for branch in branches(node):
        if "const" in branch:
            values.add(branch["const"])
        elif "enum" in branch:
            values |= set(branch["enum"])
        elif branch.get("type") not in ("null", ["null"]):
            return None  # some branch takes any value of its type
    return values - {None} or None


def bounds_of(node: dict[str, Any]) -> dict[str, Any]:
    # A lower bound of 0 on a length or count is no bound.
    found = {
        k: node[k]
        for k in BOUNDS
        if k in node and not (k.startswith("min") and k != "minimum" and node[k] == 0)
    }
    if node.get("type") == "object" and "maxLength" in found:  # apispec: Dict's Length
        found["maxProperties"] = found.pop("maxLength")
    return found


def compare(ma: Any, spec: Any, where: str, problems: list[str]) -> None:
    ma, spec = resolve(ma, {"components": {"schemas": MA}}), resolve(spec, SPEC)
    if not ma:  # a custom field: its types are stated in CUSTOM_TYPES
        return
    if types_of(ma) != types_of(spec):
        problems.append(f"{where}: types {sorted(types_of(ma))} != {sorted(types_of(spec))}")
    if enum_of(ma) is not None and enum_of(ma) != enum_of(spec):
        problems.append(f"{where}: enum {enum_of(ma)} != {enum_of(spec)}")
    if len(branches(spec)) == 1 and bounds_of(ma) != bounds_of(spec):
        problems.append(f"{where}: bounds {bounds_of(ma)} != {bounds_of(spec)}")
    if "items" in ma:
        spec_items = [b["items"] for b in branches(spec) if "items" in b]
        compare(ma["items"], spec_items[0] if spec_items else {}, f"{where}[]", problems)
    if isinstance(ma.get("additionalProperties"), dict):
        compare(ma["additionalProperties"], spec.get("additionalProperties", {}),
                f"{where}{{}}", problems)  # fmt: skip
    if "properties" in ma:
        compare_objects(ma, spec, where, problems)


def compare_objects(ma: dict[str, Any], spec: dict[str, Any], where: str, problems: list[str]):
    objects = [b for b in branches(spec) if "properties" in b]
    # A field in several branches (TimeControl's `kind`: a const in each) is any of them.
    seen: dict[str, list[Any]] = {}
    for branch in objects:
        for key, value in branch["properties"].items():
            seen.setdefault(key, []).append(resolve(value, SPEC))
    spec_properties = {k: v[0] if len(v) == 1 or all(x == v[0] for x in v) else {"oneOf": v}
                       for k, v in seen.items()}  # fmt: skip
    if set(ma["properties"]) != set(spec_properties):
        problems.append(f"{where}: fields {sorted(ma['properties'])} != {sorted(spec_properties)}")
    # One object: the same required fields. A oneOf (TimeControl): what every branch needs.
    spec_required = set.intersection(*(set(b.get("required", ())) for b in objects))
    if set(ma.get("required", ())) != spec_required:
        problems.append(f"{where}: required {ma.get('required')} != {sorted(spec_required)}")
    if ma.get("additionalProperties") is False and any(
        b.get("additionalProperties") is not False for b in objects
    ):
        problems.append(f"{where}: marshmallow refuses unknown fields; the spec allows them")
    for name in set(ma["properties"]) & set(spec_properties):
        if (where, name) in CUSTOM_TYPES:
            if types_of(resolve(spec_properties[name], SPEC)) != CUSTOM_TYPES[(where, name)]:
                problems.append(f"{where}.{name}: the spec's types changed")
            continue
        compare(ma["properties"][name], spec_properties[name], f"{where}.{name}", problems)


@pytest.mark.parametrize("name", [*BODIES.values(), *_COMMAND.values()])
def test_a_request_body_means_the_same_in_marshmallow_and_the_spec(name: str) -> None:
    ma = MA[f"ma.{name}"]
    spec = SPEC["components"]["schemas"][name]
    if name.endswith("Command"):  # marshmallow's `type` is any string; the spec's a const
        kind = next(k for k, v in _COMMAND.items() if v == name)
        assert spec["properties"]["type"] == {"type": "string", "const": kind}
        ma = {**ma, "properties": {**ma["properties"], "type": spec["properties"]["type"]}}
    problems: list[str] = []
    compare(ma, spec, name, problems)
    assert not problems, "\n".join(problems)


def test_the_spec_offers_exactly_the_commands_marshmallow_checks() -> None:
    offered = {resolve(b, SPEC)["properties"]["type"]["const"]
               for b in SPEC["components"]["schemas"]["Command"]["oneOf"]}  # fmt: skip
    assert offered == set(command_schemas.COMMAND_SCHEMAS)


def operation(operation_id: str) -> dict[str, Any]:
    for item in SPEC["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and op.get("operationId") == operation_id:
                return op
    raise LookupError(operation_id)


def query_parameters(operation_id: str) -> dict[str, dict[str, Any]]:
    found = {}
    for parameter in operation(operation_id).get("parameters", []):
        while "$ref" in parameter:
            parameter = SPEC["components"]["parameters"][parameter["$ref"].rsplit("/", 1)[1]]
        if parameter["in"] == "query":
            found[parameter["name"]] = parameter
    return found


@pytest.mark.parametrize("schema", list(QUERIES), ids=lambda s: s.__name__)
def test_a_query_string_means_the_same_in_marshmallow_and_the_spec(
    schema: type[Schema],
) -> None:
    converter = MarshmallowPlugin()
    APISpec("q", "1", "3.1.0", plugins=[converter])
    assert converter.converter is not None
    ma = {p["name"]: p for p in converter.converter.schema2parameters(schema, location="query")}
    spec = query_parameters(QUERIES[schema])
    assert set(ma) == set(spec), (sorted(ma), sorted(spec))
    problems: list[str] = []
    for name in ma:
        assert bool(ma[name].get("required")) == bool(spec[name].get("required")), name
        compare(ma[name]["schema"], spec[name]["schema"], f"?{name}", problems)
    assert not problems, "\n".join(problems)


def test_every_marshmallow_schema_is_compared_with_the_spec() -> None:
    # A new schema without its place in the spec fails here, not in a client.
    compared = {*BODIES, *NESTED, *QUERIES, *command_schemas.COMMAND_SCHEMAS.values()}
    defined = {
        cls
        for module in (schemas, command_schemas, player_schemas)
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Schema) and cls is not Schema and cls.__module__ == module.__name__
        and not cls.__name__.startswith("_")
    }  # fmt: skip
    assert defined <= compared, defined - compared


def test_the_comparison_notices_a_difference() -> None:
    # The check above is only worth something if it can fail: a spec that drifted.
    drifted = {**SPEC["components"]["schemas"]["NewPlayer"]}
    narrower = {"type": "string", "minLength": 1, "maxLength": 40}
    drifted["properties"] = {**drifted["properties"], "name": narrower}
    problems: list[str] = []
    compare(MA["ma.NewPlayer"], drifted, "NewPlayer", problems)
    assert problems == ["NewPlayer.name: bounds {'minLength': 1, 'maxLength': 200} != "
                        "{'minLength': 1, 'maxLength': 40}"]  # fmt: skip
