from enum import StrEnum


class PublicDiceScheme(StrEnum):
    HMAC_SHA256_V1 = "hmac-sha256-v1"
    SCRIPTED = "scripted"
    SEEDED = "seeded"

    def __str__(self) -> str:
        return str(self.value)
