from enum import StrEnum


class LogOpeningKind(StrEnum):
    GAME_CREATED = "game_created"
    GAME_FINISHED = "game_finished"

    def __str__(self) -> str:
        return str(self.value)
