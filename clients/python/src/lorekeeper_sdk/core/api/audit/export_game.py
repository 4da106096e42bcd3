from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/export".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | str]:
    """The game as one NDJSON file, checkable offline

     A header line (format, game id, scenario, engine version, dice scheme and
    commitment), one line per event with its `prev_hash` and `hash`, and a trailer (event
    count, head hash, once the game is over the revealed `dice_seed`, and when the
    server has a signing key the Ed25519 `signature` of the head: docs/audit.md, section
    6; `GET /.well-known/lorekeeper-keys` has the keys; once the game is in the
    transparency log, its `log_salt`, which opens its leaves there: section 7). Every line is
    canonical JSON. An unfinished game's export reveals no secret: GameCreated's cards
    are shown as for a tokenless reader, the form its hash covers (in a game created
    before hand commitments that line says `"redacted": true`). Verify it
    with `python -m lorekeeper verify FILE`; formats in docs/audit.md. A private game's
    export and audit are for its players and auditor tokens (403 `role_insufficient`
    for a spectator token).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | str | None:
    """The game as one NDJSON file, checkable offline

     A header line (format, game id, scenario, engine version, dice scheme and
    commitment), one line per event with its `prev_hash` and `hash`, and a trailer (event
    count, head hash, once the game is over the revealed `dice_seed`, and when the
    server has a signing key the Ed25519 `signature` of the head: docs/audit.md, section
    6; `GET /.well-known/lorekeeper-keys` has the keys; once the game is in the
    transparency log, its `log_salt`, which opens its leaves there: section 7). Every line is
    canonical JSON. An unfinished game's export reveals no secret: GameCreated's cards
    are shown as for a tokenless reader, the form its hash covers (in a game created
    before hand commitments that line says `"redacted": true`). Verify it
    with `python -m lorekeeper verify FILE`; formats in docs/audit.md. A private game's
    export and audit are for its players and auditor tokens (403 `role_insufficient`
    for a spectator token).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | str]:
    """The game as one NDJSON file, checkable offline

     A header line (format, game id, scenario, engine version, dice scheme and
    commitment), one line per event with its `prev_hash` and `hash`, and a trailer (event
    count, head hash, once the game is over the revealed `dice_seed`, and when the
    server has a signing key the Ed25519 `signature` of the head: docs/audit.md, section
    6; `GET /.well-known/lorekeeper-keys` has the keys; once the game is in the
    transparency log, its `log_salt`, which opens its leaves there: section 7). Every line is
    canonical JSON. An unfinished game's export reveals no secret: GameCreated's cards
    are shown as for a tokenless reader, the form its hash covers (in a game created
    before hand commitments that line says `"redacted": true`). Verify it
    with `python -m lorekeeper verify FILE`; formats in docs/audit.md. A private game's
    export and audit are for its players and auditor tokens (403 `role_insufficient`
    for a spectator token).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | str | None:
    """The game as one NDJSON file, checkable offline

     A header line (format, game id, scenario, engine version, dice scheme and
    commitment), one line per event with its `prev_hash` and `hash`, and a trailer (event
    count, head hash, once the game is over the revealed `dice_seed`, and when the
    server has a signing key the Ed25519 `signature` of the head: docs/audit.md, section
    6; `GET /.well-known/lorekeeper-keys` has the keys; once the game is in the
    transparency log, its `log_salt`, which opens its leaves there: section 7). Every line is
    canonical JSON. An unfinished game's export reveals no secret: GameCreated's cards
    are shown as for a tokenless reader, the form its hash covers (in a game created
    before hand commitments that line says `"redacted": true`). Verify it
    with `python -m lorekeeper verify FILE`; formats in docs/audit.md. A private game's
    export and audit are for its players and auditor tokens (403 `role_insufficient`
    for a spectator token).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
