from enum import StrEnum


class TableForkDice(StrEnum):
    CHOSEN = "chosen"
    COMMITTED = "committed"

    def __str__(self) -> str:
        return str(self.value)
