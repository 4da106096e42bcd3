from enum import StrEnum


class ListGamesStatus(StrEnum):
    ACTIVE = "active"
    EXPIRED = "expired"
    OPEN = "open"
    OVER = "over"

    def __str__(self) -> str:
        return str(self.value)
