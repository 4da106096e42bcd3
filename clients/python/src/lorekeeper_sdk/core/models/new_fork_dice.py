from enum import StrEnum


class NewForkDice(StrEnum):
    CHOSEN = "chosen"
    COMMITTED = "committed"

    def __str__(self) -> str:
        return str(self.value)
