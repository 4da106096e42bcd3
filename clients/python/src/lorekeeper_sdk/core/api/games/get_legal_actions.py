from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_legal_actions_response_200 import GetLegalActionsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/legal-actions".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GetLegalActionsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetLegalActionsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[Any | GetLegalActionsResponse200 | Problem]:
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
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GetLegalActionsResponse200 | Problem]:
    """Every command the caller's seat may send now

     Built from the same checks that judge a command; every action is a ready-made
    command body. The list grows with units × reachable hexes, never with combinations:
    one `order` per unit and role (plain, `breath`, `roost`, each also with all its
    tokens removed), merged as `order` describes; one `move` per destination; one `fly`
    per landing hex (5-hex ones with a glory token), plus, for a dragon whose breath is
    paid, one per enemy it may mark (`breath_targets` naming that one) and, for a dragon
    carrying a rider, one over a portal per landing hex. Any other path of a legal length
    to a listed landing hex is legal too, and `breath_targets` may name up to 3 of the
    units a path flies over (R-BRE-2). Needs a seat token, or the key of the player
    holding a seat (403 `not_seated` for a player who holds none, `read_only_token` for a
    read-only token).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GetLegalActionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GetLegalActionsResponse200 | Problem | None:
    """Every command the caller's seat may send now

     Built from the same checks that judge a command; every action is a ready-made
    command body. The list grows with units × reachable hexes, never with combinations:
    one `order` per unit and role (plain, `breath`, `roost`, each also with all its
    tokens removed), merged as `order` describes; one `move` per destination; one `fly`
    per landing hex (5-hex ones with a glory token), plus, for a dragon whose breath is
    paid, one per enemy it may mark (`breath_targets` naming that one) and, for a dragon
    carrying a rider, one over a portal per landing hex. Any other path of a legal length
    to a listed landing hex is legal too, and `breath_targets` may name up to 3 of the
    units a path flies over (R-BRE-2). Needs a seat token, or the key of the player
    holding a seat (403 `not_seated` for a player who holds none, `read_only_token` for a
    read-only token).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GetLegalActionsResponse200 | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GetLegalActionsResponse200 | Problem]:
    """Every command the caller's seat may send now

     Built from the same checks that judge a command; every action is a ready-made
    command body. The list grows with units × reachable hexes, never with combinations:
    one `order` per unit and role (plain, `breath`, `roost`, each also with all its
    tokens removed), merged as `order` describes; one `move` per destination; one `fly`
    per landing hex (5-hex ones with a glory token), plus, for a dragon whose breath is
    paid, one per enemy it may mark (`breath_targets` naming that one) and, for a dragon
    carrying a rider, one over a portal per landing hex. Any other path of a legal length
    to a listed landing hex is legal too, and `breath_targets` may name up to 3 of the
    units a path flies over (R-BRE-2). Needs a seat token, or the key of the player
    holding a seat (403 `not_seated` for a player who holds none, `read_only_token` for a
    read-only token).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GetLegalActionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GetLegalActionsResponse200 | Problem | None:
    """Every command the caller's seat may send now

     Built from the same checks that judge a command; every action is a ready-made
    command body. The list grows with units × reachable hexes, never with combinations:
    one `order` per unit and role (plain, `breath`, `roost`, each also with all its
    tokens removed), merged as `order` describes; one `move` per destination; one `fly`
    per landing hex (5-hex ones with a glory token), plus, for a dragon whose breath is
    paid, one per enemy it may mark (`breath_targets` naming that one) and, for a dragon
    carrying a rider, one over a portal per landing hex. Any other path of a legal length
    to a listed landing hex is legal too, and `breath_targets` may name up to 3 of the
    units a path flies over (R-BRE-2). Needs a seat token, or the key of the player
    holding a seat (403 `not_seated` for a player who holds none, `read_only_token` for a
    read-only token).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GetLegalActionsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
