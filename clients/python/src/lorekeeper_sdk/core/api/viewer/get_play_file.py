from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_play_file_filename import GetPlayFileFilename
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    filename: GetPlayFileFilename,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/play/static/{filename}".format(
            filename=quote(str(filename), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    filename: GetPlayFileFilename,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem | str]:
    """The browser client's script and style sheet

     Revalidated on every load (`Cache-Control: no-cache`, an `ETag`); sent gzip-compressed
    to a client that accepts it (`Content-Encoding: gzip`).

    Args:
        filename (GetPlayFileFilename):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        filename=filename,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    filename: GetPlayFileFilename,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | str | None:
    """The browser client's script and style sheet

     Revalidated on every load (`Cache-Control: no-cache`, an `ETag`); sent gzip-compressed
    to a client that accepts it (`Content-Encoding: gzip`).

    Args:
        filename (GetPlayFileFilename):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        filename=filename,
        client=client,
    ).parsed


async def asyncio_detailed(
    filename: GetPlayFileFilename,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem | str]:
    """The browser client's script and style sheet

     Revalidated on every load (`Cache-Control: no-cache`, an `ETag`); sent gzip-compressed
    to a client that accepts it (`Content-Encoding: gzip`).

    Args:
        filename (GetPlayFileFilename):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        filename=filename,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    filename: GetPlayFileFilename,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | str | None:
    """The browser client's script and style sheet

     Revalidated on every load (`Cache-Control: no-cache`, an `ETag`); sent gzip-compressed
    to a client that accepts it (`Content-Encoding: gzip`).

    Args:
        filename (GetPlayFileFilename):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            filename=filename,
            client=client,
        )
    ).parsed
