from enum import StrEnum


class CreatedGameStatus(StrEnum):
    ACTIVE = "active"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
