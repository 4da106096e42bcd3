from enum import StrEnum


class GloryType0(StrEnum):
    EXTRA_DIE = "extra_die"
    EXTRA_HEX = "extra_hex"
    IGNORE_FLAG = "ignore_flag"

    def __str__(self) -> str:
        return str(self.value)
