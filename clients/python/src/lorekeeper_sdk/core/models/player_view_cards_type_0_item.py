from enum import StrEnum


class PlayerViewCardsType0Item(StrEnum):
    HOLD = "hold"
    WEB = "web"

    def __str__(self) -> str:
        return str(self.value)
