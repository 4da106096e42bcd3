from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.join import Join
from ...models.joined import Joined
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: Join | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/join".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Joined | Problem | None:
    if response.status_code == 200:
        response_200 = Joined.from_dict(response.json())

        return response_200

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
) -> Response[Joined | Problem]:
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
    body: Join | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Joined | Problem]:
    """Take a seat

     Seats the calling player: in the invitation's seat (`invitation`), in `seat` if it
    is open (or reserved for the caller), else in a seat reserved for the caller, else
    in the first open seat (a private game's open seats take invitations only). Answers
    the seat's token (shown once; the player key acts for the seat too). Once every seat
    is taken the game starts: its first turn is appended (`version` 2). A player who
    holds a seat of the game already gets 409 `already_seated` (with `seat`): the token
    it was given keeps working, and its player key acts for the seat. Refusals: 409
    `seat_taken`, `game_started`, `game_closed` (expired); 403 `invitation_rejected`
    (unknown, used or expired), `game_limit_reached`. A private game answers 404 unless
    the caller may read it or holds one of its invitations. With an `Idempotency-Key` a
    lost reply is safe to resend: the same key and body get the first seat and token again
    (`Idempotent-Replayed: true`; the table and version as they are now); the same key
    with another body gets 422 `idempotency_key_reused`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (Join | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Join | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Joined | Problem | None:
    """Take a seat

     Seats the calling player: in the invitation's seat (`invitation`), in `seat` if it
    is open (or reserved for the caller), else in a seat reserved for the caller, else
    in the first open seat (a private game's open seats take invitations only). Answers
    the seat's token (shown once; the player key acts for the seat too). Once every seat
    is taken the game starts: its first turn is appended (`version` 2). A player who
    holds a seat of the game already gets 409 `already_seated` (with `seat`): the token
    it was given keeps working, and its player key acts for the seat. Refusals: 409
    `seat_taken`, `game_started`, `game_closed` (expired); 403 `invitation_rejected`
    (unknown, used or expired), `game_limit_reached`. A private game answers 404 unless
    the caller may read it or holds one of its invitations. With an `Idempotency-Key` a
    lost reply is safe to resend: the same key and body get the first seat and token again
    (`Idempotent-Replayed: true`; the table and version as they are now); the same key
    with another body gets 422 `idempotency_key_reused`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (Join | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Join | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Joined | Problem]:
    """Take a seat

     Seats the calling player: in the invitation's seat (`invitation`), in `seat` if it
    is open (or reserved for the caller), else in a seat reserved for the caller, else
    in the first open seat (a private game's open seats take invitations only). Answers
    the seat's token (shown once; the player key acts for the seat too). Once every seat
    is taken the game starts: its first turn is appended (`version` 2). A player who
    holds a seat of the game already gets 409 `already_seated` (with `seat`): the token
    it was given keeps working, and its player key acts for the seat. Refusals: 409
    `seat_taken`, `game_started`, `game_closed` (expired); 403 `invitation_rejected`
    (unknown, used or expired), `game_limit_reached`. A private game answers 404 unless
    the caller may read it or holds one of its invitations. With an `Idempotency-Key` a
    lost reply is safe to resend: the same key and body get the first seat and token again
    (`Idempotent-Replayed: true`; the table and version as they are now); the same key
    with another body gets 422 `idempotency_key_reused`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (Join | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Join | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Joined | Problem | None:
    """Take a seat

     Seats the calling player: in the invitation's seat (`invitation`), in `seat` if it
    is open (or reserved for the caller), else in a seat reserved for the caller, else
    in the first open seat (a private game's open seats take invitations only). Answers
    the seat's token (shown once; the player key acts for the seat too). Once every seat
    is taken the game starts: its first turn is appended (`version` 2). A player who
    holds a seat of the game already gets 409 `already_seated` (with `seat`): the token
    it was given keeps working, and its player key acts for the seat. Refusals: 409
    `seat_taken`, `game_started`, `game_closed` (expired); 403 `invitation_rejected`
    (unknown, used or expired), `game_limit_reached`. A private game answers 404 unless
    the caller may read it or holds one of its invitations. With an `Idempotency-Key` a
    lost reply is safe to resend: the same key and body get the first seat and token again
    (`Idempotent-Replayed: true`; the table and version as they are now); the same key
    with another body gets 422 `idempotency_key_reused`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (Join | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
