from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audit_verdict_checks import AuditVerdictChecks


T = TypeVar("T", bound="AuditVerdict")


@_attrs_define
class AuditVerdict:
    """
    Attributes:
        verdict (str):
        reason (str):
        game_id (None | str):
        events (int):
        head_hash (None | str):
        dice_scheme (None | str):
        checks (AuditVerdictChecks): One line per check (`chain`, `dice`, `rules`).
        first_bad_event (int | Unset): Only when `failed` names an event (absent when the fault is elsewhere).
    """

    verdict: str
    reason: str
    game_id: None | str
    events: int
    head_hash: None | str
    dice_scheme: None | str
    checks: AuditVerdictChecks
    first_bad_event: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        verdict = self.verdict

        reason = self.reason

        game_id: None | str
        game_id = self.game_id

        events = self.events

        head_hash: None | str
        head_hash = self.head_hash

        dice_scheme: None | str
        dice_scheme = self.dice_scheme

        checks = self.checks.to_dict()

        first_bad_event = self.first_bad_event

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "verdict": verdict,
                "reason": reason,
                "game_id": game_id,
                "events": events,
                "head_hash": head_hash,
                "dice_scheme": dice_scheme,
                "checks": checks,
            }
        )
        if first_bad_event is not UNSET:
            field_dict["first_bad_event"] = first_bad_event

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_verdict_checks import AuditVerdictChecks

        d = dict(src_dict)
        verdict = d.pop("verdict")

        reason = d.pop("reason")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        events = d.pop("events")

        def _parse_head_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        head_hash = _parse_head_hash(d.pop("head_hash"))

        def _parse_dice_scheme(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        dice_scheme = _parse_dice_scheme(d.pop("dice_scheme"))

        checks = AuditVerdictChecks.from_dict(d.pop("checks"))

        first_bad_event = d.pop("first_bad_event", UNSET)

        audit_verdict = cls(
            verdict=verdict,
            reason=reason,
            game_id=game_id,
            events=events,
            head_hash=head_hash,
            dice_scheme=dice_scheme,
            checks=checks,
            first_bad_event=first_bad_event,
        )

        audit_verdict.additional_properties = d
        return audit_verdict

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
