from enum import StrEnum


class TableStatus(StrEnum):
    EXPIRED = "expired"
    OPEN = "open"
    STARTED = "started"

    def __str__(self) -> str:
        return str(self.value)
