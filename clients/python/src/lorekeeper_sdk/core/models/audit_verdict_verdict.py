from enum import StrEnum


class AuditVerdictVerdict(StrEnum):
    FAILED = "failed"
    IN_PROGRESS = "in_progress"
    NOT_VERIFIABLE = "not_verifiable"
    VERIFIED = "verified"

    def __str__(self) -> str:
        return str(self.value)
