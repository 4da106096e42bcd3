/**
 * The order phase (R-TRN-4): legal-actions lists one order per unit and role; the page lets
 * the player pick units and their roles and merges them as `order` describes: each unit once,
 * at most `max_units`, breath and token removals within the seat's lore.
 */
import type { LegalActions } from "@lorekeeper/client";
import { actionsOf, type Of } from "./choices.js";

type Order = Of<"order">;
type Tokens = NonNullable<Order["remove_tokens"]>[string];

/** What a unit may be ordered to do, as listed. */
export interface UnitOrders {
  unit: string;
  breath: boolean;
  roost: boolean;
  /** Its tokens, when an order may remove them. */
  tokens: Tokens | undefined;
}

export interface Pick {
  units: string[];
  breath: string[];
  roost: string[];
  clear: string[];
}

export const NO_PICK: Pick = { units: [], breath: [], roost: [], clear: [] };

export function unitOrders(legal: LegalActions | undefined): UnitOrders[] {
  const byUnit = new Map<string, UnitOrders>();
  for (const order of actionsOf(legal, "order")) {
    const unit = order.units[0];
    if (unit === undefined) continue;
    const entry = byUnit.get(unit) ?? { unit, breath: false, roost: false, tokens: undefined };
    if (order.breath?.includes(unit)) entry.breath = true;
    if (order.roost?.includes(unit)) entry.roost = true;
    const removed = order.remove_tokens?.[unit];
    if (removed !== undefined) entry.tokens = removed;
    byUnit.set(unit, entry);
  }
  return [...byUnit.values()];
}

export function tokenCount(tokens: Tokens | undefined): number {
  return (tokens?.poison ?? 0) + (tokens?.frost ?? 0) + (tokens?.fire ?? 0);
}

/** The lore `pick` costs. */
export function cost(pick: Pick, options: UnitOrders[], legal: LegalActions | undefined): number {
  const how = legal?.order;
  if (how === undefined) return 0;
  const breath = pick.breath.reduce((sum, u) => sum + (how.breath_cost[u] ?? 0), 0);
  const tokens = pick.clear.reduce(
    (sum, u) => sum + tokenCount(options.find((o) => o.unit === u)?.tokens),
    0,
  );
  return breath + tokens * how.token_cost;
}

/** Whether `pick` is within the listing's limits. */
export function fits(pick: Pick, options: UnitOrders[], legal: LegalActions | undefined): boolean {
  const how = legal?.order;
  if (how === undefined) return false;
  return pick.units.length <= how.max_units && cost(pick, options, legal) <= how.lore;
}

/** `pick` with `unit` ordered or not; dropping a unit drops its roles. */
export function toggleUnit(pick: Pick, unit: string): Pick {
  if (!pick.units.includes(unit)) return { ...pick, units: [...pick.units, unit] };
  const without = (list: string[]) => list.filter((u) => u !== unit);
  return {
    units: without(pick.units),
    breath: without(pick.breath),
    roost: without(pick.roost),
    clear: without(pick.clear),
  };
}

/** `pick` with one role of `unit` switched; breathing and roosting exclude each other, and a
 * role orders the unit. */
export function toggleRole(pick: Pick, unit: string, role: "breath" | "roost" | "clear"): Pick {
  const units = pick.units.includes(unit) ? pick.units : [...pick.units, unit];
  const has = pick[role].includes(unit);
  const next = {
    ...pick,
    units,
    [role]: has ? pick[role].filter((u) => u !== unit) : [...pick[role], unit],
  };
  if (!has && role === "breath") next.roost = next.roost.filter((u) => u !== unit);
  if (!has && role === "roost") next.breath = next.breath.filter((u) => u !== unit);
  return next;
}

/** The one order command `pick` makes. */
export function orderCommand(pick: Pick, options: UnitOrders[]): Order {
  const removeTokens: Record<string, Tokens> = {};
  for (const unit of pick.clear) {
    const tokens = options.find((o) => o.unit === unit)?.tokens;
    if (tokens !== undefined) removeTokens[unit] = tokens;
  }
  return {
    type: "order",
    units: [...pick.units],
    breath: [...pick.breath],
    roost: [...pick.roost],
    remove_tokens: removeTokens,
  };
}
