/**
 * A policy that seeks battles, so a game ends soon (lorekeeper/bots.py's `battler`, the
 * demo's): battle the weakest target, order as many units as lore allows (dragons
 * breathing), move each unit toward its nearest enemy, then end the phase; a decision
 * (retreat, battle back, reaction) takes the first listed answer.
 */
import type { BoardView, Command, LegalActions } from "@lorekeeper/client";

type Unit = BoardView["units"][number];
type Hex = number[];

export function hexDistance(a: Hex, b: Hex): number {
  const cube = ([col = 0, row = 0]: Hex): [number, number] => [col - (row - (row & 1)) / 2, row];
  const [aq, ar] = cube(a);
  const [bq, br] = cube(b);
  return Math.max(Math.abs(aq - bq), Math.abs(ar - br), Math.abs(aq + ar - bq - br));
}

export function chooseAction(view: BoardView, legal: LegalActions): Command {
  const of = <T extends Command["type"]>(type: T) =>
    legal.actions.filter((a): a is Extract<Command, { type: T }> => a.type === type);
  const units = new Map(view.units.map((u) => [u.id, u]));
  const battles = of("battle");
  if (battles.length > 0) {
    const strength = (id: string) => units.get(id)?.figures ?? 99;
    return battles.reduce((best, a) => (strength(a.target) < strength(best.target) ? a : best));
  }
  const orders = of("order");
  if (orders.length > 0) return mergeOrders(orders, legal.order);
  const move = bestMove(view, [...of("move"), ...of("fly")], units, legal.seat);
  if (move !== undefined) return move;
  for (const type of [
    "end_movement",
    "end_turn",
    "pass",
    "choose_retreat",
    "battle_back",
  ] as const) {
    const first = legal.actions.find((a) => a.type === type);
    if (first !== undefined) return first;
  }
  return legal.actions[0] ?? { type: "resign" };
}

type Order = Extract<Command, { type: "order" }>;

/**
 * The listed single-unit orders merged as legal-actions' `order` says
 * (docs/client/commands.md, "Legal actions").
 */
function mergeOrders(orders: Order[], how: LegalActions["order"]): Command {
  if (how === undefined) return orders[0] ?? { type: "order", units: [] };
  let lore = how.lore;
  const picked = new Map<string, Order>();
  const breathing = (o: Order) => o.breath?.length ?? 0;
  for (const order of [...orders].sort((a, b) => breathing(b) - breathing(a))) {
    const unit = order.units[0];
    const plain =
      (order.roost?.length ?? 0) === 0 && Object.keys(order.remove_tokens ?? {}).length === 0;
    if (unit === undefined || !plain || picked.has(unit) || picked.size >= how.max_units) continue;
    const cost = (order.breath ?? []).reduce((sum, u) => sum + (how.breath_cost[u] ?? 0), 0);
    if (cost > lore) continue;
    picked.set(unit, order);
    lore -= cost;
  }
  const chosen = [...picked.values()];
  return {
    type: "order",
    units: chosen.map((o) => o.units[0] ?? ""),
    breath: chosen.flatMap((o) => o.breath ?? []),
  };
}

type Step = Extract<Command, { type: "move" | "fly" }>;

/** The step that gets a unit closest to an enemy; a unit next to one stays. */
function bestMove(
  view: BoardView,
  moves: Step[],
  units: Map<string, Unit>,
  seat: number,
): Step | undefined {
  const enemies = view.units.filter((u) => u.owner !== seat).map((u) => u.hex);
  if (enemies.length === 0) return undefined;
  const gap = (hex: Hex) => Math.min(...enemies.map((e) => hexDistance(hex, e)));
  let best: { key: number; move: Step } | undefined;
  for (const move of moves) {
    const from = units.get(move.unit)?.hex;
    const to = move.path[move.path.length - 1];
    if (from === undefined || to === undefined) continue;
    const [now, then] = [gap(from), gap(to)];
    if (now <= 1 || then >= now) continue;
    const key = then * 100 + move.path.length;
    if (best === undefined || key < best.key) best = { key, move };
  }
  return best?.move;
}
