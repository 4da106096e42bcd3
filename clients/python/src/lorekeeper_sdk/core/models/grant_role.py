from enum import StrEnum


class GrantRole(StrEnum):
    AUDITOR = "auditor"
    SPECTATOR = "spectator"

    def __str__(self) -> str:
        return str(self.value)
