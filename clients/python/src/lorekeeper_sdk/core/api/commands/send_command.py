from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.answer_takeback_command import AnswerTakebackCommand
from ...models.auto_pass_command import AutoPassCommand
from ...models.battle_back_command import BattleBackCommand
from ...models.battle_command import BattleCommand
from ...models.choose_dice_command import ChooseDiceCommand
from ...models.choose_retreat_command import ChooseRetreatCommand
from ...models.client_seed_command import ClientSeedCommand
from ...models.command_reply import CommandReply
from ...models.end_movement_command import EndMovementCommand
from ...models.end_turn_command import EndTurnCommand
from ...models.fly_command import FlyCommand
from ...models.move_command import MoveCommand
from ...models.order_command import OrderCommand
from ...models.pass_command import PassCommand
from ...models.problem import Problem
from ...models.react_command import ReactCommand
from ...models.request_takeback_command import RequestTakebackCommand
from ...models.resign_command import ResignCommand
from ...models.trade_command import TradeCommand
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: AnswerTakebackCommand
    | AutoPassCommand
    | BattleBackCommand
    | BattleCommand
    | ChooseDiceCommand
    | ChooseRetreatCommand
    | ClientSeedCommand
    | EndMovementCommand
    | EndTurnCommand
    | FlyCommand
    | MoveCommand
    | OrderCommand
    | PassCommand
    | ReactCommand
    | RequestTakebackCommand
    | ResignCommand
    | TradeCommand,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/commands".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if (
        isinstance(body, OrderCommand)
        or isinstance(body, MoveCommand)
        or isinstance(body, FlyCommand)
        or isinstance(body, EndMovementCommand)
        or isinstance(body, BattleCommand)
        or isinstance(body, ChooseRetreatCommand)
        or isinstance(body, BattleBackCommand)
        or isinstance(body, ReactCommand)
        or isinstance(body, PassCommand)
        or isinstance(body, AutoPassCommand)
        or isinstance(body, TradeCommand)
        or isinstance(body, EndTurnCommand)
        or isinstance(body, ResignCommand)
        or isinstance(body, ClientSeedCommand)
        or isinstance(body, RequestTakebackCommand)
        or isinstance(body, AnswerTakebackCommand)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandReply | Problem | None:
    if response.status_code == 200:
        response_200 = CommandReply.from_dict(response.json())

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

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

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
) -> Response[CommandReply | Problem]:
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
    body: AnswerTakebackCommand
    | AutoPassCommand
    | BattleBackCommand
    | BattleCommand
    | ChooseDiceCommand
    | ChooseRetreatCommand
    | ClientSeedCommand
    | EndMovementCommand
    | EndTurnCommand
    | FlyCommand
    | MoveCommand
    | OrderCommand
    | PassCommand
    | ReactCommand
    | RequestTakebackCommand
    | ResignCommand
    | TradeCommand,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CommandReply | Problem]:
    """Send a command as the token's seat

     The command is checked by its schema (422 `invalid_body`), then by the rules (422
    `illegal`, 409 `wrong_phase` / `not_your_turn` / `breath_pending` / `game_over`,
    with the rule ID), then appended at the version it was decided on. `resolve_breath`
    is the server's step (R-TRN-6) and is not accepted here; a game whose seats are not
    all taken accepts none yet (409 `not_started`, R-TRN-1). The seat is the seat
    token's, or the seat the player key's player holds. In a game with a clock, a
    command of the seat whose time has run out is refused with 409 `time_out` (rule
    `CLK-5`, `timed_out`: what ran out), the time-out applied first
    (docs/client/clocks.md).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnswerTakebackCommand | AutoPassCommand | BattleBackCommand | BattleCommand |
            ChooseDiceCommand | ChooseRetreatCommand | ClientSeedCommand | EndMovementCommand |
            EndTurnCommand | FlyCommand | MoveCommand | OrderCommand | PassCommand | ReactCommand |
            RequestTakebackCommand | ResignCommand | TradeCommand): A seat's command (issues 2 and 3);
            the acting seat is the token's. A field its type
            does not define is refused (422 `invalid_body`, the field named in `errors`), never
            ignored (RULES.md §17), nested objects included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandReply | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnswerTakebackCommand
    | AutoPassCommand
    | BattleBackCommand
    | BattleCommand
    | ChooseDiceCommand
    | ChooseRetreatCommand
    | ClientSeedCommand
    | EndMovementCommand
    | EndTurnCommand
    | FlyCommand
    | MoveCommand
    | OrderCommand
    | PassCommand
    | ReactCommand
    | RequestTakebackCommand
    | ResignCommand
    | TradeCommand,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CommandReply | Problem | None:
    """Send a command as the token's seat

     The command is checked by its schema (422 `invalid_body`), then by the rules (422
    `illegal`, 409 `wrong_phase` / `not_your_turn` / `breath_pending` / `game_over`,
    with the rule ID), then appended at the version it was decided on. `resolve_breath`
    is the server's step (R-TRN-6) and is not accepted here; a game whose seats are not
    all taken accepts none yet (409 `not_started`, R-TRN-1). The seat is the seat
    token's, or the seat the player key's player holds. In a game with a clock, a
    command of the seat whose time has run out is refused with 409 `time_out` (rule
    `CLK-5`, `timed_out`: what ran out), the time-out applied first
    (docs/client/clocks.md).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnswerTakebackCommand | AutoPassCommand | BattleBackCommand | BattleCommand |
            ChooseDiceCommand | ChooseRetreatCommand | ClientSeedCommand | EndMovementCommand |
            EndTurnCommand | FlyCommand | MoveCommand | OrderCommand | PassCommand | ReactCommand |
            RequestTakebackCommand | ResignCommand | TradeCommand): A seat's command (issues 2 and 3);
            the acting seat is the token's. A field its type
            does not define is refused (422 `invalid_body`, the field named in `errors`), never
            ignored (RULES.md §17), nested objects included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandReply | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnswerTakebackCommand
    | AutoPassCommand
    | BattleBackCommand
    | BattleCommand
    | ChooseDiceCommand
    | ChooseRetreatCommand
    | ClientSeedCommand
    | EndMovementCommand
    | EndTurnCommand
    | FlyCommand
    | MoveCommand
    | OrderCommand
    | PassCommand
    | ReactCommand
    | RequestTakebackCommand
    | ResignCommand
    | TradeCommand,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CommandReply | Problem]:
    """Send a command as the token's seat

     The command is checked by its schema (422 `invalid_body`), then by the rules (422
    `illegal`, 409 `wrong_phase` / `not_your_turn` / `breath_pending` / `game_over`,
    with the rule ID), then appended at the version it was decided on. `resolve_breath`
    is the server's step (R-TRN-6) and is not accepted here; a game whose seats are not
    all taken accepts none yet (409 `not_started`, R-TRN-1). The seat is the seat
    token's, or the seat the player key's player holds. In a game with a clock, a
    command of the seat whose time has run out is refused with 409 `time_out` (rule
    `CLK-5`, `timed_out`: what ran out), the time-out applied first
    (docs/client/clocks.md).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnswerTakebackCommand | AutoPassCommand | BattleBackCommand | BattleCommand |
            ChooseDiceCommand | ChooseRetreatCommand | ClientSeedCommand | EndMovementCommand |
            EndTurnCommand | FlyCommand | MoveCommand | OrderCommand | PassCommand | ReactCommand |
            RequestTakebackCommand | ResignCommand | TradeCommand): A seat's command (issues 2 and 3);
            the acting seat is the token's. A field its type
            does not define is refused (422 `invalid_body`, the field named in `errors`), never
            ignored (RULES.md §17), nested objects included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandReply | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnswerTakebackCommand
    | AutoPassCommand
    | BattleBackCommand
    | BattleCommand
    | ChooseDiceCommand
    | ChooseRetreatCommand
    | ClientSeedCommand
    | EndMovementCommand
    | EndTurnCommand
    | FlyCommand
    | MoveCommand
    | OrderCommand
    | PassCommand
    | ReactCommand
    | RequestTakebackCommand
    | ResignCommand
    | TradeCommand,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CommandReply | Problem | None:
    """Send a command as the token's seat

     The command is checked by its schema (422 `invalid_body`), then by the rules (422
    `illegal`, 409 `wrong_phase` / `not_your_turn` / `breath_pending` / `game_over`,
    with the rule ID), then appended at the version it was decided on. `resolve_breath`
    is the server's step (R-TRN-6) and is not accepted here; a game whose seats are not
    all taken accepts none yet (409 `not_started`, R-TRN-1). The seat is the seat
    token's, or the seat the player key's player holds. In a game with a clock, a
    command of the seat whose time has run out is refused with 409 `time_out` (rule
    `CLK-5`, `timed_out`: what ran out), the time-out applied first
    (docs/client/clocks.md).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnswerTakebackCommand | AutoPassCommand | BattleBackCommand | BattleCommand |
            ChooseDiceCommand | ChooseRetreatCommand | ClientSeedCommand | EndMovementCommand |
            EndTurnCommand | FlyCommand | MoveCommand | OrderCommand | PassCommand | ReactCommand |
            RequestTakebackCommand | ResignCommand | TradeCommand): A seat's command (issues 2 and 3);
            the acting seat is the token's. A field its type
            does not define is refused (422 `invalid_body`, the field named in `errors`), never
            ignored (RULES.md §17), nested objects included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandReply | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    ).parsed
