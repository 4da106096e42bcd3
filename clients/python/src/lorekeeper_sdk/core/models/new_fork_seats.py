from enum import StrEnum


class NewForkSeats(StrEnum):
    BOT = "bot"
    FRIEND = "friend"
    HOT_SEAT = "hot_seat"

    def __str__(self) -> str:
        return str(self.value)
