from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.created_game import CreatedGame
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/rematch".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedGame | Problem | None:
    if response.status_code == 200:
        response_200 = CreatedGame.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = CreatedGame.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[CreatedGame | Problem]:
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
) -> Response[CreatedGame | Problem]:
    """The same scenario again, same players, seats rotated

     For a game that is over, by one of its players: a new game of the same scenario and
    visibility (fresh dice), each holder one seat on (seat 0's goes to seat 1, the last
    to seat 0). The caller sits at once; the other players are reserved their seats and
    join to accept; bots keep playing; anonymous seats are open. Asking again (anyone)
    answers the same rematch (200). 409 `game_not_over`; 409 `practice_game` for a
    fork (fork its parent again).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
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
) -> CreatedGame | Problem | None:
    """The same scenario again, same players, seats rotated

     For a game that is over, by one of its players: a new game of the same scenario and
    visibility (fresh dice), each holder one seat on (seat 0's goes to seat 1, the last
    to seat 0). The caller sits at once; the other players are reserved their seats and
    join to accept; bots keep playing; anonymous seats are open. Asking again (anyone)
    answers the same rematch (200). 409 `game_not_over`; 409 `practice_game` for a
    fork (fork its parent again).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[CreatedGame | Problem]:
    """The same scenario again, same players, seats rotated

     For a game that is over, by one of its players: a new game of the same scenario and
    visibility (fresh dice), each holder one seat on (seat 0's goes to seat 1, the last
    to seat 0). The caller sits at once; the other players are reserved their seats and
    join to accept; bots keep playing; anonymous seats are open. Asking again (anyone)
    answers the same rematch (200). 409 `game_not_over`; 409 `practice_game` for a
    fork (fork its parent again).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
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
) -> CreatedGame | Problem | None:
    """The same scenario again, same players, seats rotated

     For a game that is over, by one of its players: a new game of the same scenario and
    visibility (fresh dice), each holder one seat on (seat 0's goes to seat 1, the last
    to seat 0). The caller sits at once; the other players are reserved their seats and
    join to accept; bots keep playing; anonymous seats are open. Asking again (anyone)
    answers the same rematch (200). 409 `game_not_over`; 409 `practice_game` for a
    fork (fork its parent again).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
