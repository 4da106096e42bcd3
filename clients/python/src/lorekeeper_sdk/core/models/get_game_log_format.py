from enum import StrEnum


class GetGameLogFormat(StrEnum):
    JSON = "json"
    MARKDOWN = "markdown"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
