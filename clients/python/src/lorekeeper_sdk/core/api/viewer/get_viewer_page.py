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
        "url": "/viewer/{game_id}".format(
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
) -> Response[Problem | str]:
    """The history viewer, a page for people

     An HTML page that steps through the game's history (its board at each version, the
    log, the audit) and follows it live; docs/viewer.md. It loads only this server's
    files (`/viewer/static/…`; a Content-Security-Policy says so). A browser sends no
    token: a private game is a 404 here. The page takes no query parameters (any is a 400
    `invalid_query`); a link to a version puts it in the fragment: `/viewer/{game_id}#v=12`.

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
    """The history viewer, a page for people

     An HTML page that steps through the game's history (its board at each version, the
    log, the audit) and follows it live; docs/viewer.md. It loads only this server's
    files (`/viewer/static/…`; a Content-Security-Policy says so). A browser sends no
    token: a private game is a 404 here. The page takes no query parameters (any is a 400
    `invalid_query`); a link to a version puts it in the fragment: `/viewer/{game_id}#v=12`.

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
    """The history viewer, a page for people

     An HTML page that steps through the game's history (its board at each version, the
    log, the audit) and follows it live; docs/viewer.md. It loads only this server's
    files (`/viewer/static/…`; a Content-Security-Policy says so). A browser sends no
    token: a private game is a 404 here. The page takes no query parameters (any is a 400
    `invalid_query`); a link to a version puts it in the fragment: `/viewer/{game_id}#v=12`.

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
    """The history viewer, a page for people

     An HTML page that steps through the game's history (its board at each version, the
    log, the audit) and follows it live; docs/viewer.md. It loads only this server's
    files (`/viewer/static/…`; a Content-Security-Policy says so). A browser sends no
    token: a private game is a 404 here. The page takes no query parameters (any is a 400
    `invalid_query`); a link to a version puts it in the fragment: `/viewer/{game_id}#v=12`.

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
