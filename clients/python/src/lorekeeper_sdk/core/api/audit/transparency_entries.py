from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.transparency_entries_response_200 import TransparencyEntriesResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    start: int | Unset = 0,
    end: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["start"] = start

    params["end"] = end

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/transparency/entries",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TransparencyEntriesResponse200 | None:
    if response.status_code == 200:
        response_200 = TransparencyEntriesResponse200.from_dict(response.json())

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
) -> Response[Problem | TransparencyEntriesResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,
) -> Response[Problem | TransparencyEntriesResponse200]:
    """The log's leaves, in order

     Leaves `start` to `end - 1` (at most 1,000 a page; `end`: the log's size when
    absent; none when `start` is past it). Each is sealed: a salted commitment that names
    no game (docs/audit.md, section 7). A sealed leaf's data is its canonical JSON; a leaf
    written before sealing (format 1) shows only its `leaf_hash`. A monitor rebuilds the
    whole tree from them and compares it with the signed tree heads.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TransparencyEntriesResponse200]
    """

    kwargs = _get_kwargs(
        start=start,
        end=end,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,
) -> Problem | TransparencyEntriesResponse200 | None:
    """The log's leaves, in order

     Leaves `start` to `end - 1` (at most 1,000 a page; `end`: the log's size when
    absent; none when `start` is past it). Each is sealed: a salted commitment that names
    no game (docs/audit.md, section 7). A sealed leaf's data is its canonical JSON; a leaf
    written before sealing (format 1) shows only its `leaf_hash`. A monitor rebuilds the
    whole tree from them and compares it with the signed tree heads.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TransparencyEntriesResponse200
    """

    return sync_detailed(
        client=client,
        start=start,
        end=end,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,
) -> Response[Problem | TransparencyEntriesResponse200]:
    """The log's leaves, in order

     Leaves `start` to `end - 1` (at most 1,000 a page; `end`: the log's size when
    absent; none when `start` is past it). Each is sealed: a salted commitment that names
    no game (docs/audit.md, section 7). A sealed leaf's data is its canonical JSON; a leaf
    written before sealing (format 1) shows only its `leaf_hash`. A monitor rebuilds the
    whole tree from them and compares it with the signed tree heads.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TransparencyEntriesResponse200]
    """

    kwargs = _get_kwargs(
        start=start,
        end=end,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,
) -> Problem | TransparencyEntriesResponse200 | None:
    """The log's leaves, in order

     Leaves `start` to `end - 1` (at most 1,000 a page; `end`: the log's size when
    absent; none when `start` is past it). Each is sealed: a salted commitment that names
    no game (docs/audit.md, section 7). A sealed leaf's data is its canonical JSON; a leaf
    written before sealing (format 1) shows only its `leaf_hash`. A monitor rebuilds the
    whole tree from them and compares it with the signed tree heads.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TransparencyEntriesResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            start=start,
            end=end,
        )
    ).parsed
