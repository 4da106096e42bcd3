from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NewStreamTicketResponse201")


@_attrs_define
class NewStreamTicketResponse201:
    """
    Attributes:
        ticket (str):
        expires_in_s (int):
        stream (str): The stream's URL with the ticket.
    """

    ticket: str
    expires_in_s: int
    stream: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        expires_in_s = self.expires_in_s

        stream = self.stream

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ticket": ticket,
                "expires_in_s": expires_in_s,
                "stream": stream,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        expires_in_s = d.pop("expires_in_s")

        stream = d.pop("stream")

        new_stream_ticket_response_201 = cls(
            ticket=ticket,
            expires_in_s=expires_in_s,
            stream=stream,
        )

        new_stream_ticket_response_201.additional_properties = d
        return new_stream_ticket_response_201

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
