// What a TypeScript client relies on, checked with `tsc --strict` against the types
// openapi-typescript generates from openapi.yaml (scripts/contract). A spec change that
// breaks one of these lines fails the test run.
import type { components, paths } from "./lorekeeper";

type Schemas = components["schemas"];
type Winner = Schemas["BoardView"]["winner"];

export const seat: Winner = 0;
export const draw: Winner = "draw";
export const goingOn: Winner = null;
// @ts-expect-error a winner is a seat, "draw" or null: never a seat's name
export const wrong: Winner = "south";

type Created = paths["/games"]["post"]["responses"]["201"]["content"]["application/json"];
export const firstToken = (created: Created): string | undefined => created.seats[0]?.token;

// The NDJSON bodies are text: one JSON object a line.
type Export =
  paths["/games/{game_id}/export"]["get"]["responses"]["200"]["content"]["application/x-ndjson"];
export const lines = (body: Export): string[] => body.split("\n").filter((l) => l !== "");

type Board = paths["/games/{game_id}"]["get"]["responses"]["200"]["content"]["application/json"];
export const clockOf = (board: Board): Schemas["Clocks"] | null => board.clock;

export const move: Schemas["MoveCommand"] = { type: "move", unit: "s-foot-1", path: [[3, 6]] };

// Every error body is a problem with a code to switch on.
export const codeOf = (problem: Schemas["Problem"]): string => problem.code;
