from enum import StrEnum


class NewGrantRole(StrEnum):
    AUDITOR = "auditor"
    SPECTATOR = "spectator"

    def __str__(self) -> str:
        return str(self.value)
