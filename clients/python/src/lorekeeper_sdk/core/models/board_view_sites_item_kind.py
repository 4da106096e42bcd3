from enum import StrEnum


class BoardViewSitesItemKind(StrEnum):
    CAVE = "cave"
    PICKUP = "pickup"
    PORTAL = "portal"
    VILLAGE = "village"

    def __str__(self) -> str:
        return str(self.value)
