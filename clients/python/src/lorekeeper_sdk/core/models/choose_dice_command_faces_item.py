from enum import StrEnum


class ChooseDiceCommandFacesItem(StrEnum):
    BLUE = "blue"
    BONUS_STRIKE = "bonus_strike"
    FLAG = "flag"
    GREEN = "green"
    LORE = "lore"
    RED = "red"

    def __str__(self) -> str:
        return str(self.value)
