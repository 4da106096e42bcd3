from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_game import CreateGame
from ...models.created_game import CreatedGame
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateGame,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games",
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

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[CreatedGame | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedGame | Problem]:
    """Create a game

     The scenario is a shipped scenario's name (`GET /scenarios`) or a whole scenario
    document, checked by the rules: a 422 lists every problem found.

    `seats` says who sits where, one entry per seat of the scenario: `me` (the calling
    player), `player` (reserved for `player_id`: that player joins to accept), `open`
    (any player may join; in a private game only by invitation), `invite` (a
    single-use invitation, expiring after `expires_in_s`), `bot` (the server's `bot`
    plays it) or `token` (the caller receives the seat's token). Without `seats`, a
    player takes seat 0 and leaves the rest open; an anonymous caller (where the server
    allows it) receives every seat's token. A game whose seats are all taken starts at
    once (`status: active`); otherwise it is `open` until its last seat is taken, or
    expires (`LOREKEEPER_OPEN_GAME_TTL_S`). The reply holds the seat tokens and
    invitations the caller receives; they are not shown again. A player may be in at
    most `LOREKEEPER_MAX_OPEN_GAMES_PER_PLAYER` open games and
    `LOREKEEPER_MAX_GAMES_PER_PLAYER` games not over (403 `game_limit_reached`).
    `options.dice.script` fixes the first dice faces (tests only): refused with 403
    unless the server runs with `LOREKEEPER_ALLOW_SCRIPTED_DICE=1`. A game created
    with `options.seed` rolls dice anyone who knows the seed can predict. Otherwise the
    server draws a secret 256-bit seed and publishes only its SHA-256 (`dice.commitment`,
    also in the GameCreated event), mixed with any `options.client_seeds`; the seed is
    revealed (SecretsRevealed, with the hands dealt) when the game ends.
    With an `Idempotency-Key` the creation is safe to resend (a lost reply, a dropped
    connection): the same key from the same caller (its player key, else its address)
    with the same body returns the first reply, seat tokens included but not invitation
    links (`Idempotent-Replayed: true`), and never makes a second game; with another body
    it is a 422 `idempotency_key_reused`. Use an unguessable key (a random UUID): without
    a player key, whoever sends it from the same address with the same body gets the
    tokens.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
    idempotency_key: str | Unset = UNSET,
) -> CreatedGame | Problem | None:
    """Create a game

     The scenario is a shipped scenario's name (`GET /scenarios`) or a whole scenario
    document, checked by the rules: a 422 lists every problem found.

    `seats` says who sits where, one entry per seat of the scenario: `me` (the calling
    player), `player` (reserved for `player_id`: that player joins to accept), `open`
    (any player may join; in a private game only by invitation), `invite` (a
    single-use invitation, expiring after `expires_in_s`), `bot` (the server's `bot`
    plays it) or `token` (the caller receives the seat's token). Without `seats`, a
    player takes seat 0 and leaves the rest open; an anonymous caller (where the server
    allows it) receives every seat's token. A game whose seats are all taken starts at
    once (`status: active`); otherwise it is `open` until its last seat is taken, or
    expires (`LOREKEEPER_OPEN_GAME_TTL_S`). The reply holds the seat tokens and
    invitations the caller receives; they are not shown again. A player may be in at
    most `LOREKEEPER_MAX_OPEN_GAMES_PER_PLAYER` open games and
    `LOREKEEPER_MAX_GAMES_PER_PLAYER` games not over (403 `game_limit_reached`).
    `options.dice.script` fixes the first dice faces (tests only): refused with 403
    unless the server runs with `LOREKEEPER_ALLOW_SCRIPTED_DICE=1`. A game created
    with `options.seed` rolls dice anyone who knows the seed can predict. Otherwise the
    server draws a secret 256-bit seed and publishes only its SHA-256 (`dice.commitment`,
    also in the GameCreated event), mixed with any `options.client_seeds`; the seed is
    revealed (SecretsRevealed, with the hands dealt) when the game ends.
    With an `Idempotency-Key` the creation is safe to resend (a lost reply, a dropped
    connection): the same key from the same caller (its player key, else its address)
    with the same body returns the first reply, seat tokens included but not invitation
    links (`Idempotent-Replayed: true`), and never makes a second game; with another body
    it is a 422 `idempotency_key_reused`. Use an unguessable key (a random UUID): without
    a player key, whoever sends it from the same address with the same body gets the
    tokens.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedGame | Problem]:
    """Create a game

     The scenario is a shipped scenario's name (`GET /scenarios`) or a whole scenario
    document, checked by the rules: a 422 lists every problem found.

    `seats` says who sits where, one entry per seat of the scenario: `me` (the calling
    player), `player` (reserved for `player_id`: that player joins to accept), `open`
    (any player may join; in a private game only by invitation), `invite` (a
    single-use invitation, expiring after `expires_in_s`), `bot` (the server's `bot`
    plays it) or `token` (the caller receives the seat's token). Without `seats`, a
    player takes seat 0 and leaves the rest open; an anonymous caller (where the server
    allows it) receives every seat's token. A game whose seats are all taken starts at
    once (`status: active`); otherwise it is `open` until its last seat is taken, or
    expires (`LOREKEEPER_OPEN_GAME_TTL_S`). The reply holds the seat tokens and
    invitations the caller receives; they are not shown again. A player may be in at
    most `LOREKEEPER_MAX_OPEN_GAMES_PER_PLAYER` open games and
    `LOREKEEPER_MAX_GAMES_PER_PLAYER` games not over (403 `game_limit_reached`).
    `options.dice.script` fixes the first dice faces (tests only): refused with 403
    unless the server runs with `LOREKEEPER_ALLOW_SCRIPTED_DICE=1`. A game created
    with `options.seed` rolls dice anyone who knows the seed can predict. Otherwise the
    server draws a secret 256-bit seed and publishes only its SHA-256 (`dice.commitment`,
    also in the GameCreated event), mixed with any `options.client_seeds`; the seed is
    revealed (SecretsRevealed, with the hands dealt) when the game ends.
    With an `Idempotency-Key` the creation is safe to resend (a lost reply, a dropped
    connection): the same key from the same caller (its player key, else its address)
    with the same body returns the first reply, seat tokens included but not invitation
    links (`Idempotent-Replayed: true`), and never makes a second game; with another body
    it is a 422 `idempotency_key_reused`. Use an unguessable key (a random UUID): without
    a player key, whoever sends it from the same address with the same body gets the
    tokens.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateGame,
    idempotency_key: str | Unset = UNSET,
) -> CreatedGame | Problem | None:
    """Create a game

     The scenario is a shipped scenario's name (`GET /scenarios`) or a whole scenario
    document, checked by the rules: a 422 lists every problem found.

    `seats` says who sits where, one entry per seat of the scenario: `me` (the calling
    player), `player` (reserved for `player_id`: that player joins to accept), `open`
    (any player may join; in a private game only by invitation), `invite` (a
    single-use invitation, expiring after `expires_in_s`), `bot` (the server's `bot`
    plays it) or `token` (the caller receives the seat's token). Without `seats`, a
    player takes seat 0 and leaves the rest open; an anonymous caller (where the server
    allows it) receives every seat's token. A game whose seats are all taken starts at
    once (`status: active`); otherwise it is `open` until its last seat is taken, or
    expires (`LOREKEEPER_OPEN_GAME_TTL_S`). The reply holds the seat tokens and
    invitations the caller receives; they are not shown again. A player may be in at
    most `LOREKEEPER_MAX_OPEN_GAMES_PER_PLAYER` open games and
    `LOREKEEPER_MAX_GAMES_PER_PLAYER` games not over (403 `game_limit_reached`).
    `options.dice.script` fixes the first dice faces (tests only): refused with 403
    unless the server runs with `LOREKEEPER_ALLOW_SCRIPTED_DICE=1`. A game created
    with `options.seed` rolls dice anyone who knows the seed can predict. Otherwise the
    server draws a secret 256-bit seed and publishes only its SHA-256 (`dice.commitment`,
    also in the GameCreated event), mixed with any `options.client_seeds`; the seed is
    revealed (SecretsRevealed, with the hands dealt) when the game ends.
    With an `Idempotency-Key` the creation is safe to resend (a lost reply, a dropped
    connection): the same key from the same caller (its player key, else its address)
    with the same body returns the first reply, seat tokens included but not invitation
    links (`Idempotent-Replayed: true`), and never makes a second game; with another body
    it is a 422 `idempotency_key_reused`. Use an unguessable key (a random UUID): without
    a player key, whoever sends it from the same address with the same body gets the
    tokens.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
