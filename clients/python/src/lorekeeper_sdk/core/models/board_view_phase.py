from enum import StrEnum


class BoardViewPhase(StrEnum):
    BREATH = "breath"
    COMBAT = "combat"
    MOVEMENT = "movement"
    ORDER = "order"
    OVER = "over"

    def __str__(self) -> str:
        return str(self.value)
