from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_player_response_201 import CreatePlayerResponse201
from ...models.new_player import NewPlayer
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: NewPlayer,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatePlayerResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreatePlayerResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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
) -> Response[CreatePlayerResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewPlayer,
) -> Response[CreatePlayerResponse201 | Problem]:
    """A new player and its API key

     `name` is a display name (1 to 40 characters after trimming, no control characters;
    not unique). The reply holds the player's first API key, `lkp_` and 43 characters:
    shown once, stored only as its SHA-256. With `bot: true` the player is a bot
    account: it plays through this API with its key, and seats show it as a bot
    (docs/ratings.md).

    One client address creates at most `LOREKEEPER_PLAYERS_PER_ADDRESS` players (10) per
    `LOREKEEPER_PLAYERS_WINDOW_S` (an hour); past it, 429 `rate_limited`, and
    `RateLimit` says `"players";r=0`. A backend that registers its users from one
    server sends the application key the operator issued it
    (`Lorekeeper-App-Key: lka_…`): its players then count against the app's own quota
    (`LOREKEEPER_PLAYERS_PER_APP`, 1,000 an hour), and its requests against the app's
    bucket instead of the address's. An unknown key: 401 `app_key_rejected`, nothing
    created. docs/players.md, "Limits on addresses and application keys".

    Args:
        body (NewPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatePlayerResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NewPlayer,
) -> CreatePlayerResponse201 | Problem | None:
    """A new player and its API key

     `name` is a display name (1 to 40 characters after trimming, no control characters;
    not unique). The reply holds the player's first API key, `lkp_` and 43 characters:
    shown once, stored only as its SHA-256. With `bot: true` the player is a bot
    account: it plays through this API with its key, and seats show it as a bot
    (docs/ratings.md).

    One client address creates at most `LOREKEEPER_PLAYERS_PER_ADDRESS` players (10) per
    `LOREKEEPER_PLAYERS_WINDOW_S` (an hour); past it, 429 `rate_limited`, and
    `RateLimit` says `"players";r=0`. A backend that registers its users from one
    server sends the application key the operator issued it
    (`Lorekeeper-App-Key: lka_…`): its players then count against the app's own quota
    (`LOREKEEPER_PLAYERS_PER_APP`, 1,000 an hour), and its requests against the app's
    bucket instead of the address's. An unknown key: 401 `app_key_rejected`, nothing
    created. docs/players.md, "Limits on addresses and application keys".

    Args:
        body (NewPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatePlayerResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewPlayer,
) -> Response[CreatePlayerResponse201 | Problem]:
    """A new player and its API key

     `name` is a display name (1 to 40 characters after trimming, no control characters;
    not unique). The reply holds the player's first API key, `lkp_` and 43 characters:
    shown once, stored only as its SHA-256. With `bot: true` the player is a bot
    account: it plays through this API with its key, and seats show it as a bot
    (docs/ratings.md).

    One client address creates at most `LOREKEEPER_PLAYERS_PER_ADDRESS` players (10) per
    `LOREKEEPER_PLAYERS_WINDOW_S` (an hour); past it, 429 `rate_limited`, and
    `RateLimit` says `"players";r=0`. A backend that registers its users from one
    server sends the application key the operator issued it
    (`Lorekeeper-App-Key: lka_…`): its players then count against the app's own quota
    (`LOREKEEPER_PLAYERS_PER_APP`, 1,000 an hour), and its requests against the app's
    bucket instead of the address's. An unknown key: 401 `app_key_rejected`, nothing
    created. docs/players.md, "Limits on addresses and application keys".

    Args:
        body (NewPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatePlayerResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewPlayer,
) -> CreatePlayerResponse201 | Problem | None:
    """A new player and its API key

     `name` is a display name (1 to 40 characters after trimming, no control characters;
    not unique). The reply holds the player's first API key, `lkp_` and 43 characters:
    shown once, stored only as its SHA-256. With `bot: true` the player is a bot
    account: it plays through this API with its key, and seats show it as a bot
    (docs/ratings.md).

    One client address creates at most `LOREKEEPER_PLAYERS_PER_ADDRESS` players (10) per
    `LOREKEEPER_PLAYERS_WINDOW_S` (an hour); past it, 429 `rate_limited`, and
    `RateLimit` says `"players";r=0`. A backend that registers its users from one
    server sends the application key the operator issued it
    (`Lorekeeper-App-Key: lka_…`): its players then count against the app's own quota
    (`LOREKEEPER_PLAYERS_PER_APP`, 1,000 an hour), and its requests against the app's
    bucket instead of the address's. An unknown key: 401 `app_key_rejected`, nothing
    created. docs/players.md, "Limits on addresses and application keys".

    Args:
        body (NewPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatePlayerResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
