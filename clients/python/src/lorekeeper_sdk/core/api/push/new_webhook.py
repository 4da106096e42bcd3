from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_webhook import NewWebhook
from ...models.new_webhook_response_201 import NewWebhookResponse201
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: NewWebhook,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players/me/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NewWebhookResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = NewWebhookResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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
) -> Response[NewWebhookResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Response[NewWebhookResponse201 | Problem]:
    """Register a webhook endpoint

     Notifications from now on are POSTed to `url` as JSON, signed per Standard Webhooks
    (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `secret` answered
    here once. `https://` only, and no address that is loopback, private, link-local or
    reserved, nor an IPv6 address carrying such an IPv4 one (NAT64, 6to4, IPv4-mapped)
    (422 `webhook_target_refused`) unless the operator allows them. At most
    `LOREKEEPER_WEBHOOKS_PER_PLAYER` (5) endpoints (409 `too_many_webhooks`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewWebhookResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> NewWebhookResponse201 | Problem | None:
    """Register a webhook endpoint

     Notifications from now on are POSTed to `url` as JSON, signed per Standard Webhooks
    (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `secret` answered
    here once. `https://` only, and no address that is loopback, private, link-local or
    reserved, nor an IPv6 address carrying such an IPv4 one (NAT64, 6to4, IPv4-mapped)
    (422 `webhook_target_refused`) unless the operator allows them. At most
    `LOREKEEPER_WEBHOOKS_PER_PLAYER` (5) endpoints (409 `too_many_webhooks`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewWebhookResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Response[NewWebhookResponse201 | Problem]:
    """Register a webhook endpoint

     Notifications from now on are POSTed to `url` as JSON, signed per Standard Webhooks
    (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `secret` answered
    here once. `https://` only, and no address that is loopback, private, link-local or
    reserved, nor an IPv6 address carrying such an IPv4 one (NAT64, 6to4, IPv4-mapped)
    (422 `webhook_target_refused`) unless the operator allows them. At most
    `LOREKEEPER_WEBHOOKS_PER_PLAYER` (5) endpoints (409 `too_many_webhooks`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewWebhookResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> NewWebhookResponse201 | Problem | None:
    """Register a webhook endpoint

     Notifications from now on are POSTed to `url` as JSON, signed per Standard Webhooks
    (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `secret` answered
    here once. `https://` only, and no address that is loopback, private, link-local or
    reserved, nor an IPv6 address carrying such an IPv4 one (NAT64, 6to4, IPv4-mapped)
    (422 `webhook_target_refused`) unless the operator allows them. At most
    `LOREKEEPER_WEBHOOKS_PER_PLAYER` (5) endpoints (409 `too_many_webhooks`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewWebhookResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
