from enum import StrEnum


class SeatSpecBot(StrEnum):
    BATTLER = "battler"
    SEARCH_EASY = "search-easy"
    SEARCH_HARD = "search-hard"
    SEARCH_MEDIUM = "search-medium"

    def __str__(self) -> str:
        return str(self.value)
