from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_timed_out_period import ProblemTimedOutPeriod
from ..models.problem_timed_out_policy import ProblemTimedOutPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProblemTimedOut")


@_attrs_define
class ProblemTimedOut:
    """`time_out` only: whose time ran out, for what, when, and what the server did.

    Attributes:
        seat (int | Unset):
        period (ProblemTimedOutPeriod | Unset):
        deadline_ms (int | Unset):
        policy (ProblemTimedOutPolicy | Unset):
    """

    seat: int | Unset = UNSET
    period: ProblemTimedOutPeriod | Unset = UNSET
    deadline_ms: int | Unset = UNSET
    policy: ProblemTimedOutPolicy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        period: str | Unset = UNSET
        if not isinstance(self.period, Unset):
            period = self.period.value

        deadline_ms = self.deadline_ms

        policy: str | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat
        if period is not UNSET:
            field_dict["period"] = period
        if deadline_ms is not UNSET:
            field_dict["deadline_ms"] = deadline_ms
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat", UNSET)

        _period = d.pop("period", UNSET)
        period: ProblemTimedOutPeriod | Unset
        if isinstance(_period, Unset):
            period = UNSET
        else:
            period = ProblemTimedOutPeriod(_period)

        deadline_ms = d.pop("deadline_ms", UNSET)

        _policy = d.pop("policy", UNSET)
        policy: ProblemTimedOutPolicy | Unset
        if isinstance(_policy, Unset):
            policy = UNSET
        else:
            policy = ProblemTimedOutPolicy(_policy)

        problem_timed_out = cls(
            seat=seat,
            period=period,
            deadline_ms=deadline_ms,
            policy=policy,
        )

        problem_timed_out.additional_properties = d
        return problem_timed_out

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
