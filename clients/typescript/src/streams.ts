/**
 * What the two streams' messages mean (docs/client/streams.md, "Live", "A stream"):
 *
 * - a game's stream (`GET /games/{id}/stream`): `id` is the event's version, `data` the
 *   event; it ends with `event: end`, `game_over` for good, `time_limit` to reconnect;
 * - a player's stream (`GET /players/me/stream`): `id` is the notification's position
 *   (`<ms>-<seq>`), `data` the notification; `event: reset` when notifications after the
 *   position asked for are gone; `event: end` (`time_limit`) to reconnect.
 */
import type { components } from "./generated/openapi.js";
import type { ResumableSource, Step } from "./resume.js";
import type { EventSourceMessage } from "./sse.js";

export type GameEvent = components["schemas"]["Event"];
export type Notification = components["schemas"]["Notification"];

/** One item of a player's stream. A `reset` says notifications may have been missed: read
 * `GET /players/me/games` again. `notes_dropped`: the server no longer keeps those after the
 * position asked for; `position_unknown`: the first connection dropped before any
 * notification came, so the stream went on from the newest one. */
export type PlayerStreamItem =
  | { type: "notification"; position: string; notification: Notification }
  | { type: "reset"; reason: "notes_dropped" | "position_unknown" };

type Connect = ResumableSource<unknown>["connect"];

/** How many notification ids the player stream remembers to drop repeats (at least once
 * delivery: the same notification may come again). */
const REMEMBERED_IDS = 1000;

export function gameEvents(connect: Connect): ResumableSource<GameEvent> {
  return {
    connect,
    interpret(message, lastId): Step<GameEvent> {
      if (message.event === "end") return endStep(message, "game_over");
      if (message.id === undefined || !/^\d+$/.test(message.id)) return { kind: "skip" };
      if (lastId !== undefined && Number(message.id) <= Number(lastId)) return { kind: "skip" };
      return { kind: "item", item: JSON.parse(message.data) as GameEvent, id: message.id };
    },
  };
}

export function playerNotifications(connect: Connect): ResumableSource<PlayerStreamItem> {
  const seen = new RecentIds(REMEMBERED_IDS);
  return {
    connect,
    interpret(message, lastId): Step<PlayerStreamItem> {
      if (message.event === "end") return endStep(message, undefined);
      if (message.event === "reset")
        return { kind: "item", item: { type: "reset", reason: "notes_dropped" } };
      const position = message.id;
      if (position === undefined || !isPosition(position)) return { kind: "skip" };
      if (lastId !== undefined && !isAfter(position, lastId)) return { kind: "skip" };
      const notification = JSON.parse(message.data) as Notification;
      const item = seen.add(notification.id)
        ? { type: "notification" as const, position, notification }
        : undefined;
      return { kind: "item", item, id: position };
    },
    reconnecting: (lastId) =>
      lastId === undefined ? { type: "reset", reason: "position_unknown" } : undefined,
  };
}

function endStep<T>(message: EventSourceMessage, final: string | undefined): Step<T> {
  let reason: unknown;
  try {
    reason = (JSON.parse(message.data) as { reason?: unknown }).reason;
  } catch {
    reason = undefined;
  }
  return reason !== undefined && reason === final ? { kind: "end" } : { kind: "reconnect" };
}

const POSITION = /^(\d{1,20})-(\d{1,20})$/;

export function isPosition(text: string): boolean {
  return POSITION.test(text);
}

/** Whether notification position `a` comes after `b` (both `<ms>-<seq>`). */
export function isAfter(a: string, b: string): boolean {
  const [, am = "0", as = "0"] = POSITION.exec(a) ?? [];
  const [, bm = "0", bs = "0"] = POSITION.exec(b) ?? [];
  const ms = BigInt(am) - BigInt(bm);
  return ms > 0n || (ms === 0n && BigInt(as) > BigInt(bs));
}

/** The last `size` ids added, to tell a repeat from a new one. */
class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly size: number) {}

  /** Adds `id`; false if it was there already. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.size) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }
}
