from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_stream_ticket_response_201 import NewStreamTicketResponse201
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players/me/stream-tickets",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NewStreamTicketResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = NewStreamTicketResponse201.from_dict(response.json())

        return response_201

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
) -> Response[NewStreamTicketResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[NewStreamTicketResponse201 | Problem]:
    """A single-use ticket for one notification stream (browsers)

     `EventSource` cannot send an Authorization header, and the long-lived player key must
    never be in a URL: a browser asks its backend (or the API, with the key) for a ticket
    and opens `GET /players/me/stream?ticket=…`. A ticket opens one stream, within
    `expires_in_s` (`LOREKEEPER_STREAM_TICKET_TTL_S`, 60 s); it is kept only as a hash.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewStreamTicketResponse201 | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> NewStreamTicketResponse201 | Problem | None:
    """A single-use ticket for one notification stream (browsers)

     `EventSource` cannot send an Authorization header, and the long-lived player key must
    never be in a URL: a browser asks its backend (or the API, with the key) for a ticket
    and opens `GET /players/me/stream?ticket=…`. A ticket opens one stream, within
    `expires_in_s` (`LOREKEEPER_STREAM_TICKET_TTL_S`, 60 s); it is kept only as a hash.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewStreamTicketResponse201 | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[NewStreamTicketResponse201 | Problem]:
    """A single-use ticket for one notification stream (browsers)

     `EventSource` cannot send an Authorization header, and the long-lived player key must
    never be in a URL: a browser asks its backend (or the API, with the key) for a ticket
    and opens `GET /players/me/stream?ticket=…`. A ticket opens one stream, within
    `expires_in_s` (`LOREKEEPER_STREAM_TICKET_TTL_S`, 60 s); it is kept only as a hash.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewStreamTicketResponse201 | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> NewStreamTicketResponse201 | Problem | None:
    """A single-use ticket for one notification stream (browsers)

     `EventSource` cannot send an Authorization header, and the long-lived player key must
    never be in a URL: a browser asks its backend (or the API, with the key) for a ticket
    and opens `GET /players/me/stream?ticket=…`. A ticket opens one stream, within
    `expires_in_s` (`LOREKEEPER_STREAM_TICKET_TTL_S`, 60 s); it is kept only as a hash.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewStreamTicketResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
