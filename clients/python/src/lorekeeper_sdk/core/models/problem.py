from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_timed_out import ProblemTimedOut


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details.

    Attributes:
        type_ (str): A URI naming the problem: `tag:lorekeeper,2026:problem:<code>`, or `about:blank` for plain HTTP
            errors.
        title (str): The status's reason phrase (RFC 9110): `Not Found`, `Method Not Allowed` …
        status (int):
        code (str): Stable; switch on this.
        detail (str):
        rule (str | Unset): The rule broken (RULES.md), for rule violations.
        errors (Any | Unset): Field errors, keyed by field name.
        problems (list[str] | Unset): Every fault of a scenario.
        current_version (int | Unset):
        tree_size (int | Unset): `beyond_log` only: the leaves the transparency log holds.
        timed_out (ProblemTimedOut | Unset): `time_out` only: whose time ran out, for what, when, and what the server
            did.
    """

    type_: str
    title: str
    status: int
    code: str
    detail: str
    rule: str | Unset = UNSET
    errors: Any | Unset = UNSET
    problems: list[str] | Unset = UNSET
    current_version: int | Unset = UNSET
    tree_size: int | Unset = UNSET
    timed_out: ProblemTimedOut | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        code = self.code

        detail = self.detail

        rule = self.rule

        errors = self.errors

        problems: list[str] | Unset = UNSET
        if not isinstance(self.problems, Unset):
            problems = self.problems

        current_version = self.current_version

        tree_size = self.tree_size

        timed_out: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timed_out, Unset):
            timed_out = self.timed_out.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "code": code,
                "detail": detail,
            }
        )
        if rule is not UNSET:
            field_dict["rule"] = rule
        if errors is not UNSET:
            field_dict["errors"] = errors
        if problems is not UNSET:
            field_dict["problems"] = problems
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if tree_size is not UNSET:
            field_dict["tree_size"] = tree_size
        if timed_out is not UNSET:
            field_dict["timed_out"] = timed_out

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.problem_timed_out import ProblemTimedOut

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        code = d.pop("code")

        detail = d.pop("detail")

        rule = d.pop("rule", UNSET)

        errors = d.pop("errors", UNSET)

        problems = cast(list[str], d.pop("problems", UNSET))

        current_version = d.pop("current_version", UNSET)

        tree_size = d.pop("tree_size", UNSET)

        _timed_out = d.pop("timed_out", UNSET)
        timed_out: ProblemTimedOut | Unset
        if isinstance(_timed_out, Unset):
            timed_out = UNSET
        else:
            timed_out = ProblemTimedOut.from_dict(_timed_out)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            code=code,
            detail=detail,
            rule=rule,
            errors=errors,
            problems=problems,
            current_version=current_version,
            tree_size=tree_size,
            timed_out=timed_out,
        )

        problem.additional_properties = d
        return problem

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
