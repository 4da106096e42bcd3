from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.signing_keys_response_200 import SigningKeysResponse200
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/.well-known/lorekeeper-keys",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SigningKeysResponse200 | None:
    if response.status_code == 200:
        response_200 = SigningKeysResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | SigningKeysResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | SigningKeysResponse200]:
    """The public keys that sign exports and tree heads

     The server's Ed25519 public keys with their ids (the first 16 hex digits of SHA-256
    of the 32-byte key): the current one first, then retired ones still trusted. Empty
    on a server without a signing key. `python -m lorekeeper verify --key keys.json`.
    Served under `/v1` and, as RFC 8615 places well-known URIs, at the root
    (`/.well-known/lorekeeper-keys`, not a deprecated alias).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SigningKeysResponse200]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | SigningKeysResponse200 | None:
    """The public keys that sign exports and tree heads

     The server's Ed25519 public keys with their ids (the first 16 hex digits of SHA-256
    of the 32-byte key): the current one first, then retired ones still trusted. Empty
    on a server without a signing key. `python -m lorekeeper verify --key keys.json`.
    Served under `/v1` and, as RFC 8615 places well-known URIs, at the root
    (`/.well-known/lorekeeper-keys`, not a deprecated alias).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SigningKeysResponse200
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | SigningKeysResponse200]:
    """The public keys that sign exports and tree heads

     The server's Ed25519 public keys with their ids (the first 16 hex digits of SHA-256
    of the 32-byte key): the current one first, then retired ones still trusted. Empty
    on a server without a signing key. `python -m lorekeeper verify --key keys.json`.
    Served under `/v1` and, as RFC 8615 places well-known URIs, at the root
    (`/.well-known/lorekeeper-keys`, not a deprecated alias).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SigningKeysResponse200]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | SigningKeysResponse200 | None:
    """The public keys that sign exports and tree heads

     The server's Ed25519 public keys with their ids (the first 16 hex digits of SHA-256
    of the 32-byte key): the current one first, then retired ones still trusted. Empty
    on a server without a signing key. `python -m lorekeeper verify --key keys.json`.
    Served under `/v1` and, as RFC 8615 places well-known URIs, at the root
    (`/.well-known/lorekeeper-keys`, not a deprecated alias).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SigningKeysResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
