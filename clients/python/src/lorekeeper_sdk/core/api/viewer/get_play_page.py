from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/play",
    }

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = response.text
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
) -> Response[Problem | str]:
    """The browser client, a page to play in

     An HTML page that plays Lorekeeper in a browser: pick a name, the lobby, new games,
    and whole games played by pointing (docs/web-client.md). It reaches this server only
    through the operations of this document (the TypeScript SDK, clients/typescript), and
    loads only this server's files (`/play/static/…`; a Content-Security-Policy says so).
    Where it keeps its place goes in the fragment (`/play#/game/{game_id}`); the page takes
    no query parameters (any is a 400 `invalid_query`). A server without a built copy of
    the page answers 503 with a page that says how to build it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | str | None:
    """The browser client, a page to play in

     An HTML page that plays Lorekeeper in a browser: pick a name, the lobby, new games,
    and whole games played by pointing (docs/web-client.md). It reaches this server only
    through the operations of this document (the TypeScript SDK, clients/typescript), and
    loads only this server's files (`/play/static/…`; a Content-Security-Policy says so).
    Where it keeps its place goes in the fragment (`/play#/game/{game_id}`); the page takes
    no query parameters (any is a 400 `invalid_query`). A server without a built copy of
    the page answers 503 with a page that says how to build it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | str]:
    """The browser client, a page to play in

     An HTML page that plays Lorekeeper in a browser: pick a name, the lobby, new games,
    and whole games played by pointing (docs/web-client.md). It reaches this server only
    through the operations of this document (the TypeScript SDK, clients/typescript), and
    loads only this server's files (`/play/static/…`; a Content-Security-Policy says so).
    Where it keeps its place goes in the fragment (`/play#/game/{game_id}`); the page takes
    no query parameters (any is a 400 `invalid_query`). A server without a built copy of
    the page answers 503 with a page that says how to build it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | str | None:
    """The browser client, a page to play in

     An HTML page that plays Lorekeeper in a browser: pick a name, the lobby, new games,
    and whole games played by pointing (docs/web-client.md). It reaches this server only
    through the operations of this document (the TypeScript SDK, clients/typescript), and
    loads only this server's files (`/play/static/…`; a Content-Security-Policy says so).
    Where it keeps its place goes in the fragment (`/play#/game/{game_id}`); the page takes
    no query parameters (any is a 400 `invalid_query`). A server without a built copy of
    the page answers 503 with a page that says how to build it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
