/**
 * What the seat may do now, read from `legal-actions` and the board: pure functions the page
 * and its unit tests share. Every choice the page offers is one of the listed commands (or,
 * for orders and breath targets, a combination the listing describes), so the page never
 * offers what the server would refuse for a reason it could know.
 */
import type { BoardView, Command, LegalActions } from "@lorekeeper/client";

export type Hex = number[];
export type Of<T extends Command["type"]> = Extract<Command, { type: T }>;
export type Move = Of<"move">;
export type Fly = Of<"fly">;
export type Battle = Of<"battle">;
export type Trade = Of<"trade">;
export type Retreat = Of<"choose_retreat">;

export function hexKey(hex: Hex): string {
  return `${hex[0] ?? 0},${hex[1] ?? 0}`;
}

export function actionsOf<T extends Command["type"]>(legal: LegalActions | undefined, type: T) {
  return (legal?.actions ?? []).filter((a): a is Of<T> => a.type === type);
}

/** The seat among `seats` that may answer an open takeback request now (TKB-3): its
 * listing is at `version` and offers `answer_takeback`. Not always the seat to act: the
 * requester plays on while the other seat answers. */
export function answeringSeat(
  legal: Map<number, LegalActions>,
  seats: number[],
  version: number | undefined,
): number | undefined {
  return seats.find((seat) => {
    const listing = legal.get(seat);
    return listing?.version === version && actionsOf(listing, "answer_takeback").length > 0;
  });
}

/** A destination of the selected unit: how it may get there. */
export interface Destination {
  hex: Hex;
  moves: Move[];
  flights: Fly[];
}

/** The units that have something to do in this phase (besides being ordered). */
export function actingUnits(legal: LegalActions | undefined): string[] {
  const units = new Set<string>();
  for (const action of legal?.actions ?? []) {
    if (["move", "fly", "battle", "trade"].includes(action.type) && "unit" in action) {
      units.add(action.unit);
    }
  }
  return [...units].sort();
}

/** Where `unit` may go, by destination hex: its moves and flights there. */
export function destinationsOf(legal: LegalActions | undefined, unit: string): Destination[] {
  const byHex = new Map<string, Destination>();
  const at = (path: Hex[]): Destination | undefined => {
    const last = path[path.length - 1];
    if (last === undefined) return undefined;
    const key = hexKey(last);
    let found = byHex.get(key);
    if (found === undefined) {
      found = { hex: last, moves: [], flights: [] };
      byHex.set(key, found);
    }
    return found;
  };
  for (const move of actionsOf(legal, "move")) {
    if (move.unit === unit) at(move.path)?.moves.push(move);
  }
  for (const flight of actionsOf(legal, "fly")) {
    if (flight.unit === unit) at(flight.path)?.flights.push(flight);
  }
  return [...byHex.values()].sort((a, b) => hexKey(a.hex).localeCompare(hexKey(b.hex)));
}

export function battlesOf(legal: LegalActions | undefined, unit: string): Battle[] {
  return actionsOf(legal, "battle").filter((b) => b.unit === unit);
}

/** The enemy units a flight path flies over (every hex but its landing hex, R-BRE-2), in
 * path order: those its breath may mark. */
export function flownOver(view: BoardView, path: Hex[], seat: number): string[] {
  const over = path.slice(0, -1).map(hexKey);
  const out: string[] = [];
  for (const key of over) {
    for (const unit of view.units) {
      if (unit.owner !== seat && hexKey(unit.hex) === key && !out.includes(unit.id)) {
        out.push(unit.id);
      }
    }
  }
  return out;
}

/** The breath targets a flight marks as sent: the named ones, or the first 3 flown over. */
export function defaultTargets(view: BoardView, flight: Fly, seat: number): string[] {
  return flight.breath_targets ?? flownOver(view, flight.path, seat).slice(0, 3);
}

/** The distinct flight plans to one landing hex: one per path (a listed breath target on a
 * path only says which target that listing showed; targets are chosen apart). */
export function flightPlans(flights: Fly[]): Fly[] {
  const seen = new Map<string, Fly>();
  for (const flight of flights) {
    const key = `${flight.glory ?? ""}|${flight.path.map(hexKey).join(" ")}`;
    if (!seen.has(key)) seen.set(key, flight);
  }
  return [...seen.values()];
}

/** The words a choice is offered with. */
export function describe(command: Command): string {
  const glory =
    "glory" in command && command.glory ? ` (spends glory: ${gloryWords(command.glory)})` : "";
  switch (command.type) {
    case "move":
      return `Move ${command.unit} to ${hexKey(last(command.path))}${glory}`;
    case "fly":
      return `Fly ${command.unit} to ${hexKey(last(command.path))} via ${command.path
        .slice(0, -1)
        .map(hexKey)
        .join(" → ")}${glory}`;
    case "battle":
      return `${command.unit} battles ${command.target}${glory}`;
    case "choose_retreat":
      return command.path.length === 0
        ? `${command.unit} stays where it is${glory}`
        : `Retreat ${command.unit} to ${hexKey(last(command.path))}${
            command.path.length > 1
              ? ` via ${command.path.slice(0, -1).map(hexKey).join(", ")}`
              : ""
          }${glory}`;
    case "battle_back":
      return command.accept ? `Battle back with ${command.unit}${glory}` : `Do not battle back`;
    case "react":
      return `Play ${command.card} on ${hexKey(command.hex)}`;
    case "pass":
      return "Let the flight pass";
    case "trade":
      return `Trade ${command.blood} blood for ${command.for === "lore" ? "lore" : "a banner"} (${command.unit})`;
    case "end_movement":
      return "End movement";
    case "end_turn":
      return "End turn";
    case "resign":
      return "Resign";
    case "request_takeback":
      return "Ask to take back your moves";
    case "answer_takeback":
      return command.accept ? "Accept the takeback" : "Decline the takeback";
    default:
      return command.type.replace(/_/g, " ");
  }
}

function gloryWords(use: string): string {
  return use === "extra_hex"
    ? "one hex more"
    : use === "extra_die"
      ? "one die more"
      : "ignore a flag";
}

function last(path: Hex[]): Hex {
  return path[path.length - 1] ?? [0, 0];
}
