from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params["ticket"] = ticket

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/me/stream",
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
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The caller's notifications, live (server-sent events or NDJSON)

     One connection carries every notification of the player across all its games:
    `game_started`, `your_turn`, `decision_requested`, `game_over`,
    `invitation_received`, `invitation_declined`, `time_running_out` (docs/client/streams.md,
    "How to be told it is your turn"). Each is an SSE message `id: <position>`, `event: <type>`, `data:
    <Notification>`;
    with `Accept: application/x-ndjson`, one Notification a line with its `position`.
    Without `after` or `Last-Event-ID` the stream starts with the next notification;
    reconnect with `Last-Event-ID` (browsers do) or `?after=<position>` to get every one
    after it. The log keeps the newest 1,000 per player for 30 days: a position older
    than the oldest kept gives a `reset` event first (read `GET /players/me/games` then).
    Keep-alive and end as `GET /games/{game_id}/stream`. Authenticate with the player key,
    or `?ticket=` (a single-use ticket, for browsers).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        after=after,
        ticket=ticket,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The caller's notifications, live (server-sent events or NDJSON)

     One connection carries every notification of the player across all its games:
    `game_started`, `your_turn`, `decision_requested`, `game_over`,
    `invitation_received`, `invitation_declined`, `time_running_out` (docs/client/streams.md,
    "How to be told it is your turn"). Each is an SSE message `id: <position>`, `event: <type>`, `data:
    <Notification>`;
    with `Accept: application/x-ndjson`, one Notification a line with its `position`.
    Without `after` or `Last-Event-ID` the stream starts with the next notification;
    reconnect with `Last-Event-ID` (browsers do) or `?after=<position>` to get every one
    after it. The log keeps the newest 1,000 per player for 30 days: a position older
    than the oldest kept gives a `reset` event first (read `GET /players/me/games` then).
    Keep-alive and end as `GET /games/{game_id}/stream`. Authenticate with the player key,
    or `?ticket=` (a single-use ticket, for browsers).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        after=after,
        ticket=ticket,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The caller's notifications, live (server-sent events or NDJSON)

     One connection carries every notification of the player across all its games:
    `game_started`, `your_turn`, `decision_requested`, `game_over`,
    `invitation_received`, `invitation_declined`, `time_running_out` (docs/client/streams.md,
    "How to be told it is your turn"). Each is an SSE message `id: <position>`, `event: <type>`, `data:
    <Notification>`;
    with `Accept: application/x-ndjson`, one Notification a line with its `position`.
    Without `after` or `Last-Event-ID` the stream starts with the next notification;
    reconnect with `Last-Event-ID` (browsers do) or `?after=<position>` to get every one
    after it. The log keeps the newest 1,000 per player for 30 days: a position older
    than the oldest kept gives a `reset` event first (read `GET /players/me/games` then).
    Keep-alive and end as `GET /games/{game_id}/stream`. Authenticate with the player key,
    or `?ticket=` (a single-use ticket, for browsers).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        after=after,
        ticket=ticket,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The caller's notifications, live (server-sent events or NDJSON)

     One connection carries every notification of the player across all its games:
    `game_started`, `your_turn`, `decision_requested`, `game_over`,
    `invitation_received`, `invitation_declined`, `time_running_out` (docs/client/streams.md,
    "How to be told it is your turn"). Each is an SSE message `id: <position>`, `event: <type>`, `data:
    <Notification>`;
    with `Accept: application/x-ndjson`, one Notification a line with its `position`.
    Without `after` or `Last-Event-ID` the stream starts with the next notification;
    reconnect with `Last-Event-ID` (browsers do) or `?after=<position>` to get every one
    after it. The log keeps the newest 1,000 per player for 30 days: a position older
    than the oldest kept gives a `reset` event first (read `GET /players/me/games` then).
    Keep-alive and end as `GET /games/{game_id}/stream`. Authenticate with the player key,
    or `?ticket=` (a single-use ticket, for browsers).

    Args:
        after (str | Unset):
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
            client=client,
            after=after,
            ticket=ticket,
            last_event_id=last_event_id,
        )
    ).parsed
