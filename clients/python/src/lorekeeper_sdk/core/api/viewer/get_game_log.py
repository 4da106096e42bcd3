from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_log import GameLog
from ...models.get_game_log_format import GetGameLogFormat
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    format_: GetGameLogFormat | Unset = GetGameLogFormat.TEXT,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/log".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameLog | Problem | None:
    if response.status_code == 200:
        response_200 = GameLog.from_dict(response.json())

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
) -> Response[GameLog | Problem]:
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
    format_: GetGameLogFormat | Unset = GetGameLogFormat.TEXT,
) -> Response[GameLog | Problem]:
    """The game's history in plain English

     One line per event, numbered by version: `text` (default, `text/plain`), `markdown`
    (a list, `text/markdown`) or `json` (the lines with their versions and event types;
    the viewer reads this). Nothing secret: the tokenless reader's view.

    Args:
        game_id (str):
        format_ (GetGameLogFormat | Unset):  Default: GetGameLogFormat.TEXT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameLog | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetGameLogFormat | Unset = GetGameLogFormat.TEXT,
) -> GameLog | Problem | None:
    """The game's history in plain English

     One line per event, numbered by version: `text` (default, `text/plain`), `markdown`
    (a list, `text/markdown`) or `json` (the lines with their versions and event types;
    the viewer reads this). Nothing secret: the tokenless reader's view.

    Args:
        game_id (str):
        format_ (GetGameLogFormat | Unset):  Default: GetGameLogFormat.TEXT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameLog | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetGameLogFormat | Unset = GetGameLogFormat.TEXT,
) -> Response[GameLog | Problem]:
    """The game's history in plain English

     One line per event, numbered by version: `text` (default, `text/plain`), `markdown`
    (a list, `text/markdown`) or `json` (the lines with their versions and event types;
    the viewer reads this). Nothing secret: the tokenless reader's view.

    Args:
        game_id (str):
        format_ (GetGameLogFormat | Unset):  Default: GetGameLogFormat.TEXT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameLog | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetGameLogFormat | Unset = GetGameLogFormat.TEXT,
) -> GameLog | Problem | None:
    """The game's history in plain English

     One line per event, numbered by version: `text` (default, `text/plain`), `markdown`
    (a list, `text/markdown`) or `json` (the lines with their versions and event types;
    the viewer reads this). Nothing secret: the tokenless reader's view.

    Args:
        game_id (str):
        format_ (GetGameLogFormat | Unset):  Default: GetGameLogFormat.TEXT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameLog | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            format_=format_,
        )
    ).parsed
