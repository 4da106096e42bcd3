from enum import StrEnum


class GetPlayFileFilename(StrEnum):
    PLAY_CSS = "play.css"
    PLAY_JS = "play.js"
    PLAY_JS_MAP = "play.js.map"

    def __str__(self) -> str:
        return str(self.value)
