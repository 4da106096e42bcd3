from enum import StrEnum


class GetViewerFileFilename(StrEnum):
    INDEX_HTML = "index.html"
    VIEWER_CSS = "viewer.css"
    VIEWER_JS = "viewer.js"

    def __str__(self) -> str:
        return str(self.value)
