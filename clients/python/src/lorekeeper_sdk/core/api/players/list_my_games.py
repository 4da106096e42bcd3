from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_my_games_status import ListMyGamesStatus
from ...models.list_my_games_turn import ListMyGamesTurn
from ...models.lobby_page import LobbyPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListMyGamesStatus | Unset = UNSET,
    turn: ListMyGamesTurn | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_turn: str | Unset = UNSET
    if not isinstance(turn, Unset):
        json_turn = turn.value

    params["turn"] = json_turn

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/me/games",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LobbyPage | Problem | None:
    if response.status_code == 200:
        response_200 = LobbyPage.from_dict(response.json())

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
) -> Response[LobbyPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    turn: ListMyGamesTurn | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[LobbyPage | Problem]:
    """My games

     The games the caller created or holds a seat in, newest created first, of every
    visibility: all, or of one `status` (`invited`: games with a seat reserved for the
    caller, waiting for it to join). `turn=mine`: the games being played that wait on
    the caller now (its turn, or a decision of its own). Paged like the lobby, at the
    same cost whatever the number of games.

    Args:
        status (ListMyGamesStatus | Unset):
        turn (ListMyGamesTurn | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyPage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        turn=turn,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    turn: ListMyGamesTurn | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> LobbyPage | Problem | None:
    """My games

     The games the caller created or holds a seat in, newest created first, of every
    visibility: all, or of one `status` (`invited`: games with a seat reserved for the
    caller, waiting for it to join). `turn=mine`: the games being played that wait on
    the caller now (its turn, or a decision of its own). Paged like the lobby, at the
    same cost whatever the number of games.

    Args:
        status (ListMyGamesStatus | Unset):
        turn (ListMyGamesTurn | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyPage | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        turn=turn,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    turn: ListMyGamesTurn | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[LobbyPage | Problem]:
    """My games

     The games the caller created or holds a seat in, newest created first, of every
    visibility: all, or of one `status` (`invited`: games with a seat reserved for the
    caller, waiting for it to join). `turn=mine`: the games being played that wait on
    the caller now (its turn, or a decision of its own). Paged like the lobby, at the
    same cost whatever the number of games.

    Args:
        status (ListMyGamesStatus | Unset):
        turn (ListMyGamesTurn | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyPage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        turn=turn,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatus | Unset = UNSET,
    turn: ListMyGamesTurn | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> LobbyPage | Problem | None:
    """My games

     The games the caller created or holds a seat in, newest created first, of every
    visibility: all, or of one `status` (`invited`: games with a seat reserved for the
    caller, waiting for it to join). `turn=mine`: the games being played that wait on
    the caller now (its turn, or a decision of its own). Paged like the lobby, at the
    same cost whatever the number of games.

    Args:
        status (ListMyGamesStatus | Unset):
        turn (ListMyGamesTurn | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            turn=turn,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
