from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.decline import Decline
from ...models.decline_invitation_response_200 import DeclineInvitationResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: Decline | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/decline".format(
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
) -> DeclineInvitationResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = DeclineInvitationResponse200.from_dict(response.json())

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
) -> Response[DeclineInvitationResponse200 | Problem]:
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
    body: Decline | Unset = UNSET,
) -> Response[DeclineInvitationResponse200 | Problem]:
    """Turn down an invitation or a seat reserved for you

     With `invitation`: turns down the seat that invitation is for (no player key
    needed). Without it: turns down the seat reserved for the calling player (a named
    seat, a rematch). The seat's kind becomes `declined`: nobody can join it, and the
    invitation is dead. The game's players see the seat as `declined` (with the
    player who declined a reserved seat) and get the notification
    `invitation_declined`. A player of the game may invite anew to the seat; otherwise
    the game waits until it expires. Declining again answers the same. Refusals: 403
    `invitation_rejected` (no such invitation, or no seat reserved for you); 409
    `game_closed` (the game expired). A private game answers 404 unless the caller may
    read it or holds its invitation.

    Args:
        game_id (str):
        body (Decline | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeclineInvitationResponse200 | Problem]
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
    body: Decline | Unset = UNSET,
) -> DeclineInvitationResponse200 | Problem | None:
    """Turn down an invitation or a seat reserved for you

     With `invitation`: turns down the seat that invitation is for (no player key
    needed). Without it: turns down the seat reserved for the calling player (a named
    seat, a rematch). The seat's kind becomes `declined`: nobody can join it, and the
    invitation is dead. The game's players see the seat as `declined` (with the
    player who declined a reserved seat) and get the notification
    `invitation_declined`. A player of the game may invite anew to the seat; otherwise
    the game waits until it expires. Declining again answers the same. Refusals: 403
    `invitation_rejected` (no such invitation, or no seat reserved for you); 409
    `game_closed` (the game expired). A private game answers 404 unless the caller may
    read it or holds its invitation.

    Args:
        game_id (str):
        body (Decline | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeclineInvitationResponse200 | Problem
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
    body: Decline | Unset = UNSET,
) -> Response[DeclineInvitationResponse200 | Problem]:
    """Turn down an invitation or a seat reserved for you

     With `invitation`: turns down the seat that invitation is for (no player key
    needed). Without it: turns down the seat reserved for the calling player (a named
    seat, a rematch). The seat's kind becomes `declined`: nobody can join it, and the
    invitation is dead. The game's players see the seat as `declined` (with the
    player who declined a reserved seat) and get the notification
    `invitation_declined`. A player of the game may invite anew to the seat; otherwise
    the game waits until it expires. Declining again answers the same. Refusals: 403
    `invitation_rejected` (no such invitation, or no seat reserved for you); 409
    `game_closed` (the game expired). A private game answers 404 unless the caller may
    read it or holds its invitation.

    Args:
        game_id (str):
        body (Decline | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeclineInvitationResponse200 | Problem]
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
    body: Decline | Unset = UNSET,
) -> DeclineInvitationResponse200 | Problem | None:
    """Turn down an invitation or a seat reserved for you

     With `invitation`: turns down the seat that invitation is for (no player key
    needed). Without it: turns down the seat reserved for the calling player (a named
    seat, a rematch). The seat's kind becomes `declined`: nobody can join it, and the
    invitation is dead. The game's players see the seat as `declined` (with the
    player who declined a reserved seat) and get the notification
    `invitation_declined`. A player of the game may invite anew to the seat; otherwise
    the game waits until it expires. Declining again answers the same. Refusals: 403
    `invitation_rejected` (no such invitation, or no seat reserved for you); 409
    `game_closed` (the game expired). A private game answers 404 unless the caller may
    read it or holds its invitation.

    Args:
        game_id (str):
        body (Decline | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeclineInvitationResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
