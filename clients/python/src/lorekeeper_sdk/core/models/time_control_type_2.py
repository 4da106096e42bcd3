from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.time_out_policy import TimeOutPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeControlType2")


@_attrs_define
class TimeControlType2:
    """
    Attributes:
        kind (Literal['fischer']):
        bank_s (int):
        increment_s (int):
        decision_s (int | Unset):
        policy (TimeOutPolicy | Unset):
    """

    kind: Literal["fischer"]
    bank_s: int
    increment_s: int
    decision_s: int | Unset = UNSET
    policy: TimeOutPolicy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        bank_s = self.bank_s

        increment_s = self.increment_s

        decision_s = self.decision_s

        policy: str | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "bank_s": bank_s,
                "increment_s": increment_s,
            }
        )
        if decision_s is not UNSET:
            field_dict["decision_s"] = decision_s
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["fischer"], d.pop("kind"))
        if kind != "fischer":
            raise ValueError(f"kind must match const 'fischer', got '{kind}'")

        bank_s = d.pop("bank_s")

        increment_s = d.pop("increment_s")

        decision_s = d.pop("decision_s", UNSET)

        _policy = d.pop("policy", UNSET)
        policy: TimeOutPolicy | Unset
        if isinstance(_policy, Unset):
            policy = UNSET
        else:
            policy = TimeOutPolicy(_policy)

        time_control_type_2 = cls(
            kind=kind,
            bank_s=bank_s,
            increment_s=increment_s,
            decision_s=decision_s,
            policy=policy,
        )

        return time_control_type_2
