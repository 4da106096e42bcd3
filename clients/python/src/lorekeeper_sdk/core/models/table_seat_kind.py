from enum import StrEnum


class TableSeatKind(StrEnum):
    BOT = "bot"
    DECLINED = "declined"
    INVITE = "invite"
    OPEN = "open"
    PLAYER = "player"
    RESERVED = "reserved"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)
