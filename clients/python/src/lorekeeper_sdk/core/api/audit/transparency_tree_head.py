from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tree_head import TreeHead
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/transparency/tree-head",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TreeHead | None:
    if response.status_code == 200:
        response_200 = TreeHead.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | TreeHead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TreeHead]:
    """The transparency log's signed tree head

     The log's size, its RFC 9162 root hash and the time, signed with Ed25519 over the
    canonical JSON `{"purpose": "lorekeeper-tree-head-v1", "root_hash", "timestamp_ms",
    "tree_size"}` (docs/audit.md, section 6). Save it: a later consistency proof shows
    whether the log still extends it. No query parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TreeHead]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | TreeHead | None:
    """The transparency log's signed tree head

     The log's size, its RFC 9162 root hash and the time, signed with Ed25519 over the
    canonical JSON `{"purpose": "lorekeeper-tree-head-v1", "root_hash", "timestamp_ms",
    "tree_size"}` (docs/audit.md, section 6). Save it: a later consistency proof shows
    whether the log still extends it. No query parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TreeHead
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TreeHead]:
    """The transparency log's signed tree head

     The log's size, its RFC 9162 root hash and the time, signed with Ed25519 over the
    canonical JSON `{"purpose": "lorekeeper-tree-head-v1", "root_hash", "timestamp_ms",
    "tree_size"}` (docs/audit.md, section 6). Save it: a later consistency proof shows
    whether the log still extends it. No query parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TreeHead]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | TreeHead | None:
    """The transparency log's signed tree head

     The log's size, its RFC 9162 root hash and the time, signed with Ed25519 over the
    canonical JSON `{"purpose": "lorekeeper-tree-head-v1", "root_hash", "timestamp_ms",
    "tree_size"}` (docs/audit.md, section 6). Save it: a later consistency proof shows
    whether the log still extends it. No query parameters.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TreeHead
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
