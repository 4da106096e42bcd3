from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        seat (int):
        token (str): Single use (`lki_…`); shown once. Hand it to the player you invite.
        expires_ms (int): Milliseconds since the epoch.
        join_url (str): POST here with `{"invitation": token}` and a player key.
    """

    seat: int
    token: str
    expires_ms: int
    join_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        token = self.token

        expires_ms = self.expires_ms

        join_url = self.join_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "token": token,
                "expires_ms": expires_ms,
                "join_url": join_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        token = d.pop("token")

        expires_ms = d.pop("expires_ms")

        join_url = d.pop("join_url")

        invitation = cls(
            seat=seat,
            token=token,
            expires_ms=expires_ms,
            join_url=join_url,
        )

        invitation.additional_properties = d
        return invitation

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
