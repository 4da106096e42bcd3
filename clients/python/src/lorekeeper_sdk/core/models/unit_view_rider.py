from enum import StrEnum


class UnitViewRider(StrEnum):
    CARRIED = "carried"
    NONE = "none"
    PASSED = "passed"

    def __str__(self) -> str:
        return str(self.value)
