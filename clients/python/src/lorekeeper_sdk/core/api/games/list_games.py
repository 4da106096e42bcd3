from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_games_status import ListGamesStatus
from ...models.lobby_page import LobbyPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListGamesStatus | Unset = UNSET,
    scenario: str | Unset = UNSET,
    rating_min: int | Unset = UNSET,
    rating_max: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["scenario"] = scenario

    params["rating_min"] = rating_min

    params["rating_max"] = rating_max

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games",
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
    status: ListGamesStatus | Unset = UNSET,
    scenario: str | Unset = UNSET,
    rating_min: int | Unset = UNSET,
    rating_max: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[LobbyPage | Problem]:
    """The lobby

     Public games, newest created first: `open` (seats to take), `active`, `over`, or
    all three without `status` (`expired` only when asked for); `scenario` keeps one
    scenario's. A page is read from sorted indexes the projections keep: its cost does
    not grow with the number of games. Follow `next` (also in `Link: <…>; rel="next"`)
    for the next page: a game keeps its place while others are created and finished, so
    a game that stays on the list is met exactly once. Entries trail commands by the
    projection delay (usually under 100 ms). Games that are `unlisted` or `private` are
    never listed here (their players see them in `GET /players/me/games`).

    `rating_min` and `rating_max` keep the games whose seated players were all rated
    within them as they sat down (docs/ratings.md). A filtered page reads at most 1,000
    games: it may hold fewer than `limit`, and `next` goes on from the last game read.
    With `rating_min` above `rating_max`, no game is listed.

    Args:
        status (ListGamesStatus | Unset):
        scenario (str | Unset):
        rating_min (int | Unset):
        rating_max (int | Unset):
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
        scenario=scenario,
        rating_min=rating_min,
        rating_max=rating_max,
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
    status: ListGamesStatus | Unset = UNSET,
    scenario: str | Unset = UNSET,
    rating_min: int | Unset = UNSET,
    rating_max: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> LobbyPage | Problem | None:
    """The lobby

     Public games, newest created first: `open` (seats to take), `active`, `over`, or
    all three without `status` (`expired` only when asked for); `scenario` keeps one
    scenario's. A page is read from sorted indexes the projections keep: its cost does
    not grow with the number of games. Follow `next` (also in `Link: <…>; rel="next"`)
    for the next page: a game keeps its place while others are created and finished, so
    a game that stays on the list is met exactly once. Entries trail commands by the
    projection delay (usually under 100 ms). Games that are `unlisted` or `private` are
    never listed here (their players see them in `GET /players/me/games`).

    `rating_min` and `rating_max` keep the games whose seated players were all rated
    within them as they sat down (docs/ratings.md). A filtered page reads at most 1,000
    games: it may hold fewer than `limit`, and `next` goes on from the last game read.
    With `rating_min` above `rating_max`, no game is listed.

    Args:
        status (ListGamesStatus | Unset):
        scenario (str | Unset):
        rating_min (int | Unset):
        rating_max (int | Unset):
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
        scenario=scenario,
        rating_min=rating_min,
        rating_max=rating_max,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListGamesStatus | Unset = UNSET,
    scenario: str | Unset = UNSET,
    rating_min: int | Unset = UNSET,
    rating_max: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[LobbyPage | Problem]:
    """The lobby

     Public games, newest created first: `open` (seats to take), `active`, `over`, or
    all three without `status` (`expired` only when asked for); `scenario` keeps one
    scenario's. A page is read from sorted indexes the projections keep: its cost does
    not grow with the number of games. Follow `next` (also in `Link: <…>; rel="next"`)
    for the next page: a game keeps its place while others are created and finished, so
    a game that stays on the list is met exactly once. Entries trail commands by the
    projection delay (usually under 100 ms). Games that are `unlisted` or `private` are
    never listed here (their players see them in `GET /players/me/games`).

    `rating_min` and `rating_max` keep the games whose seated players were all rated
    within them as they sat down (docs/ratings.md). A filtered page reads at most 1,000
    games: it may hold fewer than `limit`, and `next` goes on from the last game read.
    With `rating_min` above `rating_max`, no game is listed.

    Args:
        status (ListGamesStatus | Unset):
        scenario (str | Unset):
        rating_min (int | Unset):
        rating_max (int | Unset):
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
        scenario=scenario,
        rating_min=rating_min,
        rating_max=rating_max,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListGamesStatus | Unset = UNSET,
    scenario: str | Unset = UNSET,
    rating_min: int | Unset = UNSET,
    rating_max: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> LobbyPage | Problem | None:
    """The lobby

     Public games, newest created first: `open` (seats to take), `active`, `over`, or
    all three without `status` (`expired` only when asked for); `scenario` keeps one
    scenario's. A page is read from sorted indexes the projections keep: its cost does
    not grow with the number of games. Follow `next` (also in `Link: <…>; rel="next"`)
    for the next page: a game keeps its place while others are created and finished, so
    a game that stays on the list is met exactly once. Entries trail commands by the
    projection delay (usually under 100 ms). Games that are `unlisted` or `private` are
    never listed here (their players see them in `GET /players/me/games`).

    `rating_min` and `rating_max` keep the games whose seated players were all rated
    within them as they sat down (docs/ratings.md). A filtered page reads at most 1,000
    games: it may hold fewer than `limit`, and `next` goes on from the last game read.
    With `rating_min` above `rating_max`, no game is listed.

    Args:
        status (ListGamesStatus | Unset):
        scenario (str | Unset):
        rating_min (int | Unset):
        rating_max (int | Unset):
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
            scenario=scenario,
            rating_min=rating_min,
            rating_max=rating_max,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
