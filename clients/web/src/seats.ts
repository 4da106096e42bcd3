/** Who holds a seat, in the words the lobby and the table show. */
import type { TableSeat } from "@lorekeeper/client";

export type Holder = Pick<TableSeat, "kind" | "player" | "bot">;

/**
 * "you" for the viewer's own seat; a player's name, with "(bot account)" when the API marks the
 * player a bot (`player.bot`); the server's own bot as "bot (battler)"; else the seat's kind.
 */
export function holderName(seat: Holder | undefined, me: string): string {
  if (seat === undefined) return "";
  const player = seat.player;
  if (player?.id === me) return "you";
  if (player !== undefined) {
    const name = player.name ?? player.id ?? seat.kind;
    return player.bot === true ? `${name} (bot account)` : name;
  }
  return seat.kind === "bot" ? `bot (${seat.bot ?? "?"})` : seat.kind;
}
