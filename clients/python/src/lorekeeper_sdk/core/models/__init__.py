"""Contains all the data models used in inputs/outputs"""

from .answer_takeback_command import AnswerTakebackCommand
from .audit_verdict import AuditVerdict
from .audit_verdict_checks import AuditVerdictChecks
from .auto_pass_command import AutoPassCommand
from .battle_back_command import BattleBackCommand
from .battle_command import BattleCommand
from .board_view import BoardView
from .board_view_engagements_item import BoardViewEngagementsItem
from .board_view_sites_item import BoardViewSitesItem
from .board_view_takebacks import BoardViewTakebacks
from .board_view_terrain_item import BoardViewTerrainItem
from .board_view_turn_state import BoardViewTurnState
from .choose_dice_command import ChooseDiceCommand
from .choose_dice_command_faces_item import ChooseDiceCommandFacesItem
from .choose_retreat_command import ChooseRetreatCommand
from .client_seed_command import ClientSeedCommand
from .clocks import Clocks
from .clocks_control import ClocksControl
from .clocks_running_type_0 import ClocksRunningType0
from .clocks_seats_item import ClocksSeatsItem
from .command_reply import CommandReply
from .create_game import CreateGame
from .create_game_visibility import CreateGameVisibility
from .create_player_response_201 import CreatePlayerResponse201
from .created_game import CreatedGame
from .created_game_seats_item import CreatedGameSeatsItem
from .created_game_visibility import CreatedGameVisibility
from .decline import Decline
from .decline_invitation_response_200 import DeclineInvitationResponse200
from .delivery import Delivery
from .end_movement_command import EndMovementCommand
from .end_turn_command import EndTurnCommand
from .event import Event
from .event_command_type_0 import EventCommandType0
from .event_page import EventPage
from .event_payload import EventPayload
from .face import Face
from .fly_command import FlyCommand
from .game_log import GameLog
from .game_log_entries_item import GameLogEntriesItem
from .game_log_fork import GameLogFork
from .game_log_proof import GameLogProof
from .game_log_proof_consistency import GameLogProofConsistency
from .game_log_proof_entries_item import GameLogProofEntriesItem
from .game_options import GameOptions
from .game_options_dice import GameOptionsDice
from .get_game_log_format import GetGameLogFormat
from .get_game_rating_response_200 import GetGameRatingResponse200
from .get_leaderboard_response_200 import GetLeaderboardResponse200
from .get_legal_actions_response_200 import GetLegalActionsResponse200
from .get_play_file_filename import GetPlayFileFilename
from .get_rating_log_response_200 import GetRatingLogResponse200
from .get_viewer_file_filename import GetViewerFileFilename
from .glory_type_0 import GloryType0
from .grant import Grant
from .grant_read_token_response_201 import GrantReadTokenResponse201
from .grant_role import GrantRole
from .health import Health
from .health_checks import HealthChecks
from .health_checks_additional_property import HealthChecksAdditionalProperty
from .health_status import HealthStatus
from .invitation import Invitation
from .invite import Invite
from .issued_key import IssuedKey
from .join import Join
from .joined import Joined
from .leave_game_response_200 import LeaveGameResponse200
from .list_games_status import ListGamesStatus
from .list_my_games_status import ListMyGamesStatus
from .list_my_games_turn import ListMyGamesTurn
from .list_read_tokens_response_200 import ListReadTokensResponse200
from .list_scenarios_response_200 import ListScenariosResponse200
from .list_webhook_deliveries_response_200 import ListWebhookDeliveriesResponse200
from .list_webhooks_response_200 import ListWebhooksResponse200
from .lobby_entry import LobbyEntry
from .lobby_entry_visibility import LobbyEntryVisibility
from .lobby_page import LobbyPage
from .log_opening import LogOpening
from .me import Me
from .me_games import MeGames
from .me_keys_item import MeKeysItem
from .me_limits import MeLimits
from .move_command import MoveCommand
from .new_fork import NewFork
from .new_fork_dice import NewForkDice
from .new_fork_seats import NewForkSeats
from .new_grant import NewGrant
from .new_grant_role import NewGrantRole
from .new_player import NewPlayer
from .new_stream_ticket_response_201 import NewStreamTicketResponse201
from .new_webhook import NewWebhook
from .new_webhook_response_201 import NewWebhookResponse201
from .notification import Notification
from .notification_type_name import NotificationTypeName
from .openapi_response_200_type_1 import OpenapiResponse200Type1
from .order_command import OrderCommand
from .order_command_remove_tokens import OrderCommandRemoveTokens
from .order_options import OrderOptions
from .order_options_breath_cost import OrderOptionsBreathCost
from .pass_command import PassCommand
from .pending import Pending
from .player_page import PlayerPage
from .player_page_record import PlayerPageRecord
from .player_summary import PlayerSummary
from .player_view import PlayerView
from .player_view_cards_type_0_item import PlayerViewCardsType0Item
from .player_view_home_edge import PlayerViewHomeEdge
from .problem import Problem
from .problem_timed_out import ProblemTimedOut
from .problem_timed_out_period import ProblemTimedOutPeriod
from .problem_timed_out_policy import ProblemTimedOutPolicy
from .public_dice import PublicDice
from .public_dice_seed_step_type_0 import PublicDiceSeedStepType0
from .public_dice_seed_step_type_1 import PublicDiceSeedStepType1
from .public_log_leaf_type_1 import PublicLogLeafType1
from .rating import Rating
from .rating_entry import RatingEntry
from .rating_entry_seats_item import RatingEntrySeatsItem
from .rating_entry_seats_item_result import RatingEntrySeatsItemResult
from .react_command import ReactCommand
from .react_command_card import ReactCommandCard
from .readyz_response_200 import ReadyzResponse200
from .redeliver_webhook_response_202 import RedeliverWebhookResponse202
from .request_takeback_command import RequestTakebackCommand
from .resign_command import ResignCommand
from .rotate_key_response_201 import RotateKeyResponse201
from .scenario_document import ScenarioDocument
from .scenario_document_players_item import ScenarioDocumentPlayersItem
from .scenario_document_settings import ScenarioDocumentSettings
from .scenario_document_sites_item import ScenarioDocumentSitesItem
from .scenario_document_sites_item_kind import ScenarioDocumentSitesItemKind
from .scenario_document_units_item import ScenarioDocumentUnitsItem
from .scenario_summary import ScenarioSummary
from .sealed_log_leaf import SealedLogLeaf
from .seat_spec import SeatSpec
from .seat_spec_bot import SeatSpecBot
from .seat_spec_kind import SeatSpecKind
from .signature import Signature
from .signing_keys_response_200 import SigningKeysResponse200
from .signing_keys_response_200_keys_item import SigningKeysResponse200KeysItem
from .signing_keys_response_200_keys_item_status import (
    SigningKeysResponse200KeysItemStatus,
)
from .skill import Skill
from .table import Table
from .table_fork import TableFork
from .table_fork_dice import TableForkDice
from .table_seat import TableSeat
from .table_seat_player import TableSeatPlayer
from .table_visibility import TableVisibility
from .time_control_type_0 import TimeControlType0
from .time_control_type_1 import TimeControlType1
from .time_control_type_2 import TimeControlType2
from .time_control_type_3 import TimeControlType3
from .time_out_policy import TimeOutPolicy
from .tokens import Tokens
from .trade_command import TradeCommand
from .trade_command_for import TradeCommandFor
from .transparency_consistency_response_200 import TransparencyConsistencyResponse200
from .transparency_entries_response_200 import TransparencyEntriesResponse200
from .tree_head import TreeHead
from .unit_view import UnitView
from .unit_view_banner import UnitViewBanner
from .unit_view_tokens import UnitViewTokens
from .webhook import Webhook
from .webhook_delivery import WebhookDelivery
from .winner_type_1 import WinnerType1

__all__ = (
    "AnswerTakebackCommand",
    "AuditVerdict",
    "AuditVerdictChecks",
    "AutoPassCommand",
    "BattleBackCommand",
    "BattleCommand",
    "BoardView",
    "BoardViewEngagementsItem",
    "BoardViewSitesItem",
    "BoardViewTakebacks",
    "BoardViewTerrainItem",
    "BoardViewTurnState",
    "ChooseDiceCommand",
    "ChooseDiceCommandFacesItem",
    "ChooseRetreatCommand",
    "ClientSeedCommand",
    "Clocks",
    "ClocksControl",
    "ClocksRunningType0",
    "ClocksSeatsItem",
    "CommandReply",
    "CreateGame",
    "CreateGameVisibility",
    "CreatePlayerResponse201",
    "CreatedGame",
    "CreatedGameSeatsItem",
    "CreatedGameVisibility",
    "Decline",
    "DeclineInvitationResponse200",
    "Delivery",
    "EndMovementCommand",
    "EndTurnCommand",
    "Event",
    "EventCommandType0",
    "EventPage",
    "EventPayload",
    "Face",
    "FlyCommand",
    "GameLog",
    "GameLogEntriesItem",
    "GameLogFork",
    "GameLogProof",
    "GameLogProofConsistency",
    "GameLogProofEntriesItem",
    "GameOptions",
    "GameOptionsDice",
    "GetGameLogFormat",
    "GetGameRatingResponse200",
    "GetLeaderboardResponse200",
    "GetLegalActionsResponse200",
    "GetPlayFileFilename",
    "GetRatingLogResponse200",
    "GetViewerFileFilename",
    "GloryType0",
    "Grant",
    "GrantReadTokenResponse201",
    "GrantRole",
    "Health",
    "HealthChecks",
    "HealthChecksAdditionalProperty",
    "HealthStatus",
    "Invitation",
    "Invite",
    "IssuedKey",
    "Join",
    "Joined",
    "LeaveGameResponse200",
    "ListGamesStatus",
    "ListMyGamesStatus",
    "ListMyGamesTurn",
    "ListReadTokensResponse200",
    "ListScenariosResponse200",
    "ListWebhookDeliveriesResponse200",
    "ListWebhooksResponse200",
    "LobbyEntry",
    "LobbyEntryVisibility",
    "LobbyPage",
    "LogOpening",
    "Me",
    "MeGames",
    "MeKeysItem",
    "MeLimits",
    "MoveCommand",
    "NewFork",
    "NewForkDice",
    "NewForkSeats",
    "NewGrant",
    "NewGrantRole",
    "NewPlayer",
    "NewStreamTicketResponse201",
    "NewWebhook",
    "NewWebhookResponse201",
    "Notification",
    "NotificationTypeName",
    "OpenapiResponse200Type1",
    "OrderCommand",
    "OrderCommandRemoveTokens",
    "OrderOptions",
    "OrderOptionsBreathCost",
    "PassCommand",
    "Pending",
    "PlayerPage",
    "PlayerPageRecord",
    "PlayerSummary",
    "PlayerView",
    "PlayerViewCardsType0Item",
    "PlayerViewHomeEdge",
    "Problem",
    "ProblemTimedOut",
    "ProblemTimedOutPeriod",
    "ProblemTimedOutPolicy",
    "PublicDice",
    "PublicDiceSeedStepType0",
    "PublicDiceSeedStepType1",
    "PublicLogLeafType1",
    "Rating",
    "RatingEntry",
    "RatingEntrySeatsItem",
    "RatingEntrySeatsItemResult",
    "ReactCommand",
    "ReactCommandCard",
    "ReadyzResponse200",
    "RedeliverWebhookResponse202",
    "RequestTakebackCommand",
    "ResignCommand",
    "RotateKeyResponse201",
    "ScenarioDocument",
    "ScenarioDocumentPlayersItem",
    "ScenarioDocumentSettings",
    "ScenarioDocumentSitesItem",
    "ScenarioDocumentSitesItemKind",
    "ScenarioDocumentUnitsItem",
    "ScenarioSummary",
    "SealedLogLeaf",
    "SeatSpec",
    "SeatSpecBot",
    "SeatSpecKind",
    "Signature",
    "SigningKeysResponse200",
    "SigningKeysResponse200KeysItem",
    "SigningKeysResponse200KeysItemStatus",
    "Skill",
    "Table",
    "TableFork",
    "TableForkDice",
    "TableSeat",
    "TableSeatPlayer",
    "TableVisibility",
    "TimeControlType0",
    "TimeControlType1",
    "TimeControlType2",
    "TimeControlType3",
    "TimeOutPolicy",
    "Tokens",
    "TradeCommand",
    "TradeCommandFor",
    "TransparencyConsistencyResponse200",
    "TransparencyEntriesResponse200",
    "TreeHead",
    "UnitView",
    "UnitViewBanner",
    "UnitViewTokens",
    "Webhook",
    "WebhookDelivery",
    "WinnerType1",
)
