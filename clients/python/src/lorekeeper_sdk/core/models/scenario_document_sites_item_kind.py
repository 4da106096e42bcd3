from enum import StrEnum


class ScenarioDocumentSitesItemKind(StrEnum):
    CAVE = "cave"
    PICKUP = "pickup"
    PORTAL = "portal"
    VILLAGE = "village"

    def __str__(self) -> str:
        return str(self.value)
