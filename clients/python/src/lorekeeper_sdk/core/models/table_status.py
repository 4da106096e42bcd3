from enum import StrEnum


class TableStatus(StrEnum):
    EXPIRED = "expired"
    OPEN = "open"
    OVER = "over"
    STARTED = "started"

    def __str__(self) -> str:
        return str(self.value)
