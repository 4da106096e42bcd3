from enum import StrEnum


class ReactCommandCard(StrEnum):
    HOLD = "hold"
    WEB = "web"

    def __str__(self) -> str:
        return str(self.value)
