from enum import StrEnum


class NotificationTypeName(StrEnum):
    DECISION_REQUESTED = "decision_requested"
    GAME_OVER = "game_over"
    GAME_STARTED = "game_started"
    INVITATION_DECLINED = "invitation_declined"
    INVITATION_RECEIVED = "invitation_received"
    TIME_RUNNING_OUT = "time_running_out"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
