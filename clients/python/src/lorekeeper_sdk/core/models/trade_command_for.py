from enum import StrEnum


class TradeCommandFor(StrEnum):
    BANNER = "banner"
    LORE = "lore"

    def __str__(self) -> str:
        return str(self.value)
