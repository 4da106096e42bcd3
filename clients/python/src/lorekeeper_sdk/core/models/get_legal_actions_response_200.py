from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.answer_takeback_command import AnswerTakebackCommand
    from ..models.auto_pass_command import AutoPassCommand
    from ..models.battle_back_command import BattleBackCommand
    from ..models.battle_command import BattleCommand
    from ..models.choose_dice_command import ChooseDiceCommand
    from ..models.choose_retreat_command import ChooseRetreatCommand
    from ..models.client_seed_command import ClientSeedCommand
    from ..models.end_movement_command import EndMovementCommand
    from ..models.end_turn_command import EndTurnCommand
    from ..models.fly_command import FlyCommand
    from ..models.move_command import MoveCommand
    from ..models.order_command import OrderCommand
    from ..models.order_options import OrderOptions
    from ..models.pass_command import PassCommand
    from ..models.react_command import ReactCommand
    from ..models.request_takeback_command import RequestTakebackCommand
    from ..models.resign_command import ResignCommand
    from ..models.trade_command import TradeCommand


T = TypeVar("T", bound="GetLegalActionsResponse200")


@_attrs_define
class GetLegalActionsResponse200:
    """
    Attributes:
        seat (int):
        version (int):
        head_hash (str): The `hash` of the event at the reply's version (the chain's head then).
        actions (list[AnswerTakebackCommand | AutoPassCommand | BattleBackCommand | BattleCommand | ChooseDiceCommand |
            ChooseRetreatCommand | ClientSeedCommand | EndMovementCommand | EndTurnCommand | FlyCommand | MoveCommand |
            OrderCommand | PassCommand | ReactCommand | RequestTakebackCommand | ResignCommand | TradeCommand]):
        order (OrderOptions | Unset): Present in the order phase, for the seat to act (R-TRN-4): the listed single-unit
            `order` actions may be merged into one (their `units`, `breath`, `roost` and
            `remove_tokens` joined, each unit once, fewer tokens removed if wished) with at most
            `max_units` units, costing at most `lore`: `breath_cost` of each unit in `breath`
            (R-BRE-1) plus `token_cost` per token removed (R-BRE-9).
    """

    seat: int
    version: int
    head_hash: str
    actions: list[
        AnswerTakebackCommand
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
        | TradeCommand
    ]
    order: OrderOptions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.answer_takeback_command import AnswerTakebackCommand
        from ..models.auto_pass_command import AutoPassCommand
        from ..models.battle_back_command import BattleBackCommand
        from ..models.battle_command import BattleCommand
        from ..models.choose_retreat_command import ChooseRetreatCommand
        from ..models.client_seed_command import ClientSeedCommand
        from ..models.end_movement_command import EndMovementCommand
        from ..models.end_turn_command import EndTurnCommand
        from ..models.fly_command import FlyCommand
        from ..models.move_command import MoveCommand
        from ..models.order_command import OrderCommand
        from ..models.pass_command import PassCommand
        from ..models.react_command import ReactCommand
        from ..models.request_takeback_command import RequestTakebackCommand
        from ..models.resign_command import ResignCommand
        from ..models.trade_command import TradeCommand

        seat = self.seat

        version = self.version

        head_hash = self.head_hash

        actions = []
        for actions_item_data in self.actions:
            actions_item: dict[str, Any]
            if (
                isinstance(actions_item_data, OrderCommand)
                or isinstance(actions_item_data, MoveCommand)
                or isinstance(actions_item_data, FlyCommand)
                or isinstance(actions_item_data, EndMovementCommand)
                or isinstance(actions_item_data, BattleCommand)
                or isinstance(actions_item_data, ChooseRetreatCommand)
                or isinstance(actions_item_data, BattleBackCommand)
                or isinstance(actions_item_data, ReactCommand)
                or isinstance(actions_item_data, PassCommand)
                or isinstance(actions_item_data, AutoPassCommand)
                or isinstance(actions_item_data, TradeCommand)
                or isinstance(actions_item_data, EndTurnCommand)
                or isinstance(actions_item_data, ResignCommand)
                or isinstance(actions_item_data, ClientSeedCommand)
                or isinstance(actions_item_data, RequestTakebackCommand)
                or isinstance(actions_item_data, AnswerTakebackCommand)
            ):
                actions_item = actions_item_data.to_dict()
            else:
                actions_item = actions_item_data.to_dict()

            actions.append(actions_item)

        order: dict[str, Any] | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = self.order.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "version": version,
                "head_hash": head_hash,
                "actions": actions,
            }
        )
        if order is not UNSET:
            field_dict["order"] = order

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.answer_takeback_command import AnswerTakebackCommand
        from ..models.auto_pass_command import AutoPassCommand
        from ..models.battle_back_command import BattleBackCommand
        from ..models.battle_command import BattleCommand
        from ..models.choose_dice_command import ChooseDiceCommand
        from ..models.choose_retreat_command import ChooseRetreatCommand
        from ..models.client_seed_command import ClientSeedCommand
        from ..models.end_movement_command import EndMovementCommand
        from ..models.end_turn_command import EndTurnCommand
        from ..models.fly_command import FlyCommand
        from ..models.move_command import MoveCommand
        from ..models.order_command import OrderCommand
        from ..models.order_options import OrderOptions
        from ..models.pass_command import PassCommand
        from ..models.react_command import ReactCommand
        from ..models.request_takeback_command import RequestTakebackCommand
        from ..models.resign_command import ResignCommand
        from ..models.trade_command import TradeCommand

        d = dict(src_dict)
        seat = d.pop("seat")

        version = d.pop("version")

        head_hash = d.pop("head_hash")

        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:

            def _parse_actions_item(
                data: object,
            ) -> (
                AnswerTakebackCommand
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
                | TradeCommand
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_0 = OrderCommand.from_dict(data)

                    return componentsschemas_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_1 = MoveCommand.from_dict(data)

                    return componentsschemas_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_2 = FlyCommand.from_dict(data)

                    return componentsschemas_command_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_3 = EndMovementCommand.from_dict(
                        data
                    )

                    return componentsschemas_command_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_4 = BattleCommand.from_dict(data)

                    return componentsschemas_command_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_5 = ChooseRetreatCommand.from_dict(
                        data
                    )

                    return componentsschemas_command_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_6 = BattleBackCommand.from_dict(data)

                    return componentsschemas_command_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_7 = ReactCommand.from_dict(data)

                    return componentsschemas_command_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_8 = PassCommand.from_dict(data)

                    return componentsschemas_command_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_9 = AutoPassCommand.from_dict(data)

                    return componentsschemas_command_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_10 = TradeCommand.from_dict(data)

                    return componentsschemas_command_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_11 = EndTurnCommand.from_dict(data)

                    return componentsschemas_command_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_12 = ResignCommand.from_dict(data)

                    return componentsschemas_command_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_13 = ClientSeedCommand.from_dict(
                        data
                    )

                    return componentsschemas_command_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_14 = (
                        RequestTakebackCommand.from_dict(data)
                    )

                    return componentsschemas_command_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_15 = AnswerTakebackCommand.from_dict(
                        data
                    )

                    return componentsschemas_command_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_command_type_16 = ChooseDiceCommand.from_dict(data)

                return componentsschemas_command_type_16

            actions_item = _parse_actions_item(actions_item_data)

            actions.append(actions_item)

        _order = d.pop("order", UNSET)
        order: OrderOptions | Unset
        if isinstance(_order, Unset):
            order = UNSET
        else:
            order = OrderOptions.from_dict(_order)

        get_legal_actions_response_200 = cls(
            seat=seat,
            version=version,
            head_hash=head_hash,
            actions=actions,
            order=order,
        )

        get_legal_actions_response_200.additional_properties = d
        return get_legal_actions_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
