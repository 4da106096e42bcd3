from enum import StrEnum


class SeatSpecKind(StrEnum):
    BOT = "bot"
    INVITE = "invite"
    ME = "me"
    OPEN = "open"
    PLAYER = "player"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)
