/** Names for the generated types a caller meets (all from openapi.yaml, never by hand). */
import type { components, operations } from "./generated/openapi.js";

type Schemas = components["schemas"];

/** What operation `O` answers as JSON with status `S`. */
export type JsonAnswer<
  O extends keyof operations,
  S extends keyof operations[O]["responses"],
> = operations[O]["responses"][S] extends { content: { "application/json": infer T } } ? T : never;

export type AuditVerdict = Schemas["AuditVerdict"];
export type BoardView = Schemas["BoardView"];
export type Clocks = Schemas["Clocks"];
export type Command = Schemas["Command"];
export type CommandReply = Schemas["CommandReply"];
export type CreateGame = Schemas["CreateGame"];
export type CreatedGame = Schemas["CreatedGame"];
export type EventPage = Schemas["EventPage"];
export type GameLog = Schemas["GameLog"];
export type Grant = Schemas["Grant"];
export type Invitation = Schemas["Invitation"];
export type IssuedKey = Schemas["IssuedKey"];
export type Joined = Schemas["Joined"];
export type LobbyPage = Schemas["LobbyPage"];
export type LobbyEntry = Schemas["LobbyEntry"];
export type Me = Schemas["Me"];
export type Pending = Schemas["Pending"];
export type PlayerView = Schemas["PlayerView"];
export type PublicDice = Schemas["PublicDice"];
export type ScenarioDocument = Schemas["ScenarioDocument"];
export type ScenarioSummary = Schemas["ScenarioSummary"];
export type Table = Schemas["Table"];
export type TableSeat = Schemas["TableSeat"];
export type TimeControl = Schemas["TimeControl"];
export type UnitView = Schemas["UnitView"];

/** Every command the seat may send now (`actions`, each ready to send) and, in the order
 * phase, how the listed single-unit orders merge (`order`). */
export type LegalActions = JsonAnswer<"getLegalActions", 200>;
export type NewPlayer = JsonAnswer<"createPlayer", 201>;
export type RotatedKey = JsonAnswer<"rotateKey", 201>;
export type NewGrant = JsonAnswer<"grantReadToken", 201>;
export type LeftGame = JsonAnswer<"leaveGame", 200>;
export type Declined = JsonAnswer<"declineInvitation", 200>;
export type LobbyQuery = NonNullable<operations["listGames"]["parameters"]["query"]>;
export type MyGamesQuery = NonNullable<operations["listMyGames"]["parameters"]["query"]>;
