from enum import StrEnum


class ListMyGamesTurn(StrEnum):
    MINE = "mine"

    def __str__(self) -> str:
        return str(self.value)
