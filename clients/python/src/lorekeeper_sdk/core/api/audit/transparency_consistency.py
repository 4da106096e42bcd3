from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.transparency_consistency_response_200 import (
    TransparencyConsistencyResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    first: int,
    second: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["first"] = first

    params["second"] = second

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/transparency/consistency",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TransparencyConsistencyResponse200 | None:
    if response.status_code == 200:
        response_200 = TransparencyConsistencyResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | TransparencyConsistencyResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    first: int,
    second: int | Unset = UNSET,
) -> Response[Problem | TransparencyConsistencyResponse200]:
    """A consistency proof between two tree sizes

     RFC 9162's PROOF(first, D[second]): the hashes that show the tree of `second` leaves
    extends the tree of `first` (`second`: the log's size now when absent). 409
    `beyond_log` (with the log's `tree_size`) unless first ≤ second ≤ the log's size: a
    saved head larger than the log means the log lost leaves.

    Args:
        first (int):
        second (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TransparencyConsistencyResponse200]
    """

    kwargs = _get_kwargs(
        first=first,
        second=second,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    first: int,
    second: int | Unset = UNSET,
) -> Problem | TransparencyConsistencyResponse200 | None:
    """A consistency proof between two tree sizes

     RFC 9162's PROOF(first, D[second]): the hashes that show the tree of `second` leaves
    extends the tree of `first` (`second`: the log's size now when absent). 409
    `beyond_log` (with the log's `tree_size`) unless first ≤ second ≤ the log's size: a
    saved head larger than the log means the log lost leaves.

    Args:
        first (int):
        second (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TransparencyConsistencyResponse200
    """

    return sync_detailed(
        client=client,
        first=first,
        second=second,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    first: int,
    second: int | Unset = UNSET,
) -> Response[Problem | TransparencyConsistencyResponse200]:
    """A consistency proof between two tree sizes

     RFC 9162's PROOF(first, D[second]): the hashes that show the tree of `second` leaves
    extends the tree of `first` (`second`: the log's size now when absent). 409
    `beyond_log` (with the log's `tree_size`) unless first ≤ second ≤ the log's size: a
    saved head larger than the log means the log lost leaves.

    Args:
        first (int):
        second (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TransparencyConsistencyResponse200]
    """

    kwargs = _get_kwargs(
        first=first,
        second=second,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    first: int,
    second: int | Unset = UNSET,
) -> Problem | TransparencyConsistencyResponse200 | None:
    """A consistency proof between two tree sizes

     RFC 9162's PROOF(first, D[second]): the hashes that show the tree of `second` leaves
    extends the tree of `first` (`second`: the log's size now when absent). 409
    `beyond_log` (with the log's `tree_size`) unless first ≤ second ≤ the log's size: a
    saved head larger than the log means the log lost leaves.

    Args:
        first (int):
        second (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TransparencyConsistencyResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            first=first,
            second=second,
        )
    ).parsed
