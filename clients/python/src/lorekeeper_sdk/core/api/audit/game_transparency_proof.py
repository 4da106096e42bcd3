from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_log_proof import GameLogProof
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    since: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["since"] = since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/transparency".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameLogProof | Problem | None:
    if response.status_code == 200:
        response_200 = GameLogProof.from_dict(response.json())

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
) -> Response[GameLogProof | Problem]:
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
    since: int | Unset = UNSET,
) -> Response[GameLogProof | Problem]:
    """The game's leaves in the transparency log, with their proofs

     The game's leaves in the log (docs/audit.md, section 7): `game_created` (event 1's
    hash and the dice commitment) and, once the game is over, `game_finished` (its last
    event). Each comes as the log keeps it (sealed with the game's `salt`), with its
    opening (what it says) and its RFC 9162 inclusion proof in `tree_head` (signed when
    the server has a signing key). With `since=M`, also the consistency proof from the
    tree of M leaves (a tree head saved earlier) to `tree_head`. A leaf the log misses (an
    append to the log that failed after the game's own) is added first. Check it offline:
    `python -m lorekeeper verify game.ndjson --log-proof proof.json --tree-head saved.json`.
    Private games: as for the export. 404 `no_transparency_log` on a server without one.

    Args:
        game_id (str):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameLogProof | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        since=since,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
) -> GameLogProof | Problem | None:
    """The game's leaves in the transparency log, with their proofs

     The game's leaves in the log (docs/audit.md, section 7): `game_created` (event 1's
    hash and the dice commitment) and, once the game is over, `game_finished` (its last
    event). Each comes as the log keeps it (sealed with the game's `salt`), with its
    opening (what it says) and its RFC 9162 inclusion proof in `tree_head` (signed when
    the server has a signing key). With `since=M`, also the consistency proof from the
    tree of M leaves (a tree head saved earlier) to `tree_head`. A leaf the log misses (an
    append to the log that failed after the game's own) is added first. Check it offline:
    `python -m lorekeeper verify game.ndjson --log-proof proof.json --tree-head saved.json`.
    Private games: as for the export. 404 `no_transparency_log` on a server without one.

    Args:
        game_id (str):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameLogProof | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        since=since,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
) -> Response[GameLogProof | Problem]:
    """The game's leaves in the transparency log, with their proofs

     The game's leaves in the log (docs/audit.md, section 7): `game_created` (event 1's
    hash and the dice commitment) and, once the game is over, `game_finished` (its last
    event). Each comes as the log keeps it (sealed with the game's `salt`), with its
    opening (what it says) and its RFC 9162 inclusion proof in `tree_head` (signed when
    the server has a signing key). With `since=M`, also the consistency proof from the
    tree of M leaves (a tree head saved earlier) to `tree_head`. A leaf the log misses (an
    append to the log that failed after the game's own) is added first. Check it offline:
    `python -m lorekeeper verify game.ndjson --log-proof proof.json --tree-head saved.json`.
    Private games: as for the export. 404 `no_transparency_log` on a server without one.

    Args:
        game_id (str):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameLogProof | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        since=since,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
) -> GameLogProof | Problem | None:
    """The game's leaves in the transparency log, with their proofs

     The game's leaves in the log (docs/audit.md, section 7): `game_created` (event 1's
    hash and the dice commitment) and, once the game is over, `game_finished` (its last
    event). Each comes as the log keeps it (sealed with the game's `salt`), with its
    opening (what it says) and its RFC 9162 inclusion proof in `tree_head` (signed when
    the server has a signing key). With `since=M`, also the consistency proof from the
    tree of M leaves (a tree head saved earlier) to `tree_head`. A leaf the log misses (an
    append to the log that failed after the game's own) is added first. Check it offline:
    `python -m lorekeeper verify game.ndjson --log-proof proof.json --tree-head saved.json`.
    Private games: as for the export. 404 `no_transparency_log` on a server without one.

    Args:
        game_id (str):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameLogProof | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            since=since,
        )
    ).parsed
