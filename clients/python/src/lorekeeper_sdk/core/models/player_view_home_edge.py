from enum import StrEnum


class PlayerViewHomeEdge(StrEnum):
    EAST = "east"
    NORTH = "north"
    SOUTH = "south"
    WEST = "west"

    def __str__(self) -> str:
        return str(self.value)
