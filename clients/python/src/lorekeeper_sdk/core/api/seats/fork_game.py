from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.created_game import CreatedGame
from ...models.new_fork import NewFork
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game_id: str,
    *,
    body: NewFork,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/forks".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedGame | Problem | None:
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
    body: NewFork,
) -> Response[CreatedGame | Problem]:
    """A practice game from a finished game's position at a version

     For a finished game, by any player who may read it (docs/play/forks.md). The new
    game starts from the game's state after event `version` (FRK-1). Its GameCreated
    names the parent, the version, the parent's event hash there and its head hash. A
    fork is a practice game: never rated, its hands shown to all (FRK-2, FRK-3). Its dice
    are committed afresh, or chosen by the owner with `choose_dice` (`dice: chosen`,
    FRK-4). Seats: `hot_seat` (the caller holds every seat), `bot`, or `friend` (a
    player's id, else an invitation). 409 `game_in_progress` for a game not over
    (FRK-1); 422 `invalid_body` for a version outside 1 to the game's version, a version
    before the first turn or at its end, or `rated: true` (FRK-2); 404 for anyone who
    may not read the game.

    Args:
        game_id (str):
        body (NewFork): A fork of a finished game (`POST /games/{game_id}/forks`,
            docs/play/forks.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: NewFork,
) -> CreatedGame | Problem | None:
    """A practice game from a finished game's position at a version

     For a finished game, by any player who may read it (docs/play/forks.md). The new
    game starts from the game's state after event `version` (FRK-1). Its GameCreated
    names the parent, the version, the parent's event hash there and its head hash. A
    fork is a practice game: never rated, its hands shown to all (FRK-2, FRK-3). Its dice
    are committed afresh, or chosen by the owner with `choose_dice` (`dice: chosen`,
    FRK-4). Seats: `hot_seat` (the caller holds every seat), `bot`, or `friend` (a
    player's id, else an invitation). 409 `game_in_progress` for a game not over
    (FRK-1); 422 `invalid_body` for a version outside 1 to the game's version, a version
    before the first turn or at its end, or `rated: true` (FRK-2); 404 for anyone who
    may not read the game.

    Args:
        game_id (str):
        body (NewFork): A fork of a finished game (`POST /games/{game_id}/forks`,
            docs/play/forks.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: NewFork,
) -> Response[CreatedGame | Problem]:
    """A practice game from a finished game's position at a version

     For a finished game, by any player who may read it (docs/play/forks.md). The new
    game starts from the game's state after event `version` (FRK-1). Its GameCreated
    names the parent, the version, the parent's event hash there and its head hash. A
    fork is a practice game: never rated, its hands shown to all (FRK-2, FRK-3). Its dice
    are committed afresh, or chosen by the owner with `choose_dice` (`dice: chosen`,
    FRK-4). Seats: `hot_seat` (the caller holds every seat), `bot`, or `friend` (a
    player's id, else an invitation). 409 `game_in_progress` for a game not over
    (FRK-1); 422 `invalid_body` for a version outside 1 to the game's version, a version
    before the first turn or at its end, or `rated: true` (FRK-2); 404 for anyone who
    may not read the game.

    Args:
        game_id (str):
        body (NewFork): A fork of a finished game (`POST /games/{game_id}/forks`,
            docs/play/forks.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: NewFork,
) -> CreatedGame | Problem | None:
    """A practice game from a finished game's position at a version

     For a finished game, by any player who may read it (docs/play/forks.md). The new
    game starts from the game's state after event `version` (FRK-1). Its GameCreated
    names the parent, the version, the parent's event hash there and its head hash. A
    fork is a practice game: never rated, its hands shown to all (FRK-2, FRK-3). Its dice
    are committed afresh, or chosen by the owner with `choose_dice` (`dice: chosen`,
    FRK-4). Seats: `hot_seat` (the caller holds every seat), `bot`, or `friend` (a
    player's id, else an invitation). 409 `game_in_progress` for a game not over
    (FRK-1); 422 `invalid_body` for a version outside 1 to the game's version, a version
    before the first turn or at its end, or `rated: true` (FRK-2); 404 for anyone who
    may not read the game.

    Args:
        game_id (str):
        body (NewFork): A fork of a finished game (`POST /games/{game_id}/forks`,
            docs/play/forks.md).

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
            body=body,
        )
    ).parsed
