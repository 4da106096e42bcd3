from enum import StrEnum


class ListMyGamesStatus(StrEnum):
    ACTIVE = "active"
    EXPIRED = "expired"
    INVITED = "invited"
    OPEN = "open"
    OVER = "over"

    def __str__(self) -> str:
        return str(self.value)
