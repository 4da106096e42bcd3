from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    from_: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["from"] = from_

    params["ticket"] = ticket

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/stream".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
    from_: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The events live, as server-sent events (or NDJSON)

     Each event is an SSE message `id: <version>`, `event: <type>`, `data: <Event JSON>`.
    A comment line `: keep-alive` is sent after 15 s of quiet. Reconnect with
    `Last-Event-ID` (browsers do) to resume after the last event seen. The stream ends
    with `event: end` (`data: {"reason": "game_over" | "time_limit"}`): after the game's
    last events (`GameEnded`, then `SecretsRevealed`), or after the
    server's time limit (5 minutes by default; reconnect). With `Accept:
    application/x-ndjson`: one Event a line, an empty line as the keep-alive, last
    `{"end": "game_over" | "time_limit"}`. A caller holds at most 16 open streams (429
    `too_many_streams`); a server process at most 3,000 (503 `streams_full`). A browser's
    EventSource cannot send Authorization: a player passes `?ticket=` instead (a ticket
    from `POST /players/me/stream-tickets`, used up by this stream) and reads as with its key.

    Args:
        game_id (str):
        from_ (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        from_=from_,
        ticket=ticket,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    from_: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The events live, as server-sent events (or NDJSON)

     Each event is an SSE message `id: <version>`, `event: <type>`, `data: <Event JSON>`.
    A comment line `: keep-alive` is sent after 15 s of quiet. Reconnect with
    `Last-Event-ID` (browsers do) to resume after the last event seen. The stream ends
    with `event: end` (`data: {"reason": "game_over" | "time_limit"}`): after the game's
    last events (`GameEnded`, then `SecretsRevealed`), or after the
    server's time limit (5 minutes by default; reconnect). With `Accept:
    application/x-ndjson`: one Event a line, an empty line as the keep-alive, last
    `{"end": "game_over" | "time_limit"}`. A caller holds at most 16 open streams (429
    `too_many_streams`); a server process at most 3,000 (503 `streams_full`). A browser's
    EventSource cannot send Authorization: a player passes `?ticket=` instead (a ticket
    from `POST /players/me/stream-tickets`, used up by this stream) and reads as with its key.

    Args:
        game_id (str):
        from_ (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        from_=from_,
        ticket=ticket,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    from_: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The events live, as server-sent events (or NDJSON)

     Each event is an SSE message `id: <version>`, `event: <type>`, `data: <Event JSON>`.
    A comment line `: keep-alive` is sent after 15 s of quiet. Reconnect with
    `Last-Event-ID` (browsers do) to resume after the last event seen. The stream ends
    with `event: end` (`data: {"reason": "game_over" | "time_limit"}`): after the game's
    last events (`GameEnded`, then `SecretsRevealed`), or after the
    server's time limit (5 minutes by default; reconnect). With `Accept:
    application/x-ndjson`: one Event a line, an empty line as the keep-alive, last
    `{"end": "game_over" | "time_limit"}`. A caller holds at most 16 open streams (429
    `too_many_streams`); a server process at most 3,000 (503 `streams_full`). A browser's
    EventSource cannot send Authorization: a player passes `?ticket=` instead (a ticket
    from `POST /players/me/stream-tickets`, used up by this stream) and reads as with its key.

    Args:
        game_id (str):
        from_ (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        from_=from_,
        ticket=ticket,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    from_: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The events live, as server-sent events (or NDJSON)

     Each event is an SSE message `id: <version>`, `event: <type>`, `data: <Event JSON>`.
    A comment line `: keep-alive` is sent after 15 s of quiet. Reconnect with
    `Last-Event-ID` (browsers do) to resume after the last event seen. The stream ends
    with `event: end` (`data: {"reason": "game_over" | "time_limit"}`): after the game's
    last events (`GameEnded`, then `SecretsRevealed`), or after the
    server's time limit (5 minutes by default; reconnect). With `Accept:
    application/x-ndjson`: one Event a line, an empty line as the keep-alive, last
    `{"end": "game_over" | "time_limit"}`. A caller holds at most 16 open streams (429
    `too_many_streams`); a server process at most 3,000 (503 `streams_full`). A browser's
    EventSource cannot send Authorization: a player passes `?ticket=` instead (a ticket
    from `POST /players/me/stream-tickets`, used up by this stream) and reads as with its key.

    Args:
        game_id (str):
        from_ (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

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
            from_=from_,
            ticket=ticket,
            last_event_id=last_event_id,
        )
    ).parsed
