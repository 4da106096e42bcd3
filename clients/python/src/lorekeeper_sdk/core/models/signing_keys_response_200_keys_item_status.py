from enum import StrEnum


class SigningKeysResponse200KeysItemStatus(StrEnum):
    CURRENT = "current"
    RETIRED = "retired"

    def __str__(self) -> str:
        return str(self.value)
