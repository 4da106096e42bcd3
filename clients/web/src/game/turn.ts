/**
 * What the page offers the seat to act, phase by phase: the marks on the board and the
 * choices of the panel come from here, so the two always agree.
 */
import type { BoardView, Command, LegalActions } from "@lorekeeper/client";
import {
  actingUnits,
  actionsOf,
  battlesOf,
  defaultTargets,
  describe,
  destinationsOf,
  flightPlans,
  flownOver,
  hexKey,
  type Destination,
  type Fly,
  type Hex,
} from "./choices.js";
import type { Marks, Target } from "./marks.js";
import { toggleUnit, unitOrders, type Pick } from "./orders.js";

/** A destination the player chose that needs one more word: walk or fly, which path, which
 * breath targets. */
export interface Plan {
  unit: string;
  destination: Destination;
  /** The flight chosen among the plans (its path), when flying. */
  flight: Fly | undefined;
  targets: string[];
}

export interface Ui {
  selected: string | undefined;
  pick: Pick;
  plan: Plan | undefined;
}

export interface Context {
  view: BoardView;
  legal: LegalActions | undefined;
  seat: number;
  ui: Ui;
  setUi: (ui: Ui) => void;
  send: (command: Command) => void;
}

/** What choosing a destination does: send the one command it stands for, or ask. */
export function chooseDestination(ctx: Context, unit: string, destination: Destination): void {
  const plans = flightPlans(destination.flights);
  const first = plans[0];
  const breathing = ctx.view.turn_state.breath_paid.includes(unit);
  const targets = first ? defaultTargets(ctx.view, first, ctx.seat) : [];
  const simpleMove = destination.moves.length === 1 && plans.length === 0;
  const simpleFlight =
    destination.moves.length === 0 &&
    plans.length === 1 &&
    first &&
    (!breathing || candidates(ctx, first).length === 0);
  if (simpleMove && destination.moves[0]) ctx.send(destination.moves[0]);
  else if (simpleFlight && first) ctx.send(first);
  else
    ctx.setUi({
      ...ctx.ui,
      plan: { unit, destination, flight: destination.moves.length ? undefined : first, targets },
    });
}

export function candidates(ctx: Context, flight: Fly): string[] {
  return flownOver(ctx.view, flight.path, ctx.seat);
}

/** The flight command a plan sends. */
export function planFlight(ctx: Context, plan: Plan): Fly | undefined {
  if (plan.flight === undefined) return undefined;
  const breathing = ctx.view.turn_state.breath_paid.includes(plan.unit);
  const { breath_targets: _, ...rest } = plan.flight;
  return breathing ? { ...rest, breath_targets: plan.targets.slice(0, 3) } : rest;
}

export function marksFor(ctx: Context): Marks {
  const { view, legal, ui } = ctx;
  const pending = view.pending;
  const targets: Target[] = [];
  const selectable = new Map<string, string>();
  let path: Hex[] | undefined;
  if (pending && pending.seat === ctx.seat) {
    if (pending.kind === "retreat") {
      const seen = new Set<string>();
      for (const retreat of actionsOf(legal, "choose_retreat")) {
        const end = retreat.path[retreat.path.length - 1];
        if (end === undefined || retreat.glory || seen.has(hexKey(end))) continue;
        seen.add(hexKey(end));
        targets.push({
          kind: "retreat",
          hex: end,
          label: describe(retreat),
          choose: () => ctx.send(retreat),
        });
      }
    } else if (pending.kind === "reaction") {
      path = pending.path;
      for (const react of actionsOf(legal, "react")) {
        targets.push({
          kind: "react",
          hex: react.hex,
          label: describe(react),
          choose: () => ctx.send(react),
        });
      }
    }
    return { selectable, selected: undefined, picked: new Set(), targets, path };
  }
  if (view.phase === "order") {
    for (const option of unitOrders(legal)) selectable.set(option.unit, `Order ${option.unit}`);
    return { selectable, selected: undefined, picked: new Set(ui.pick.units), targets, path };
  }
  for (const unit of actingUnits(legal)) selectable.set(unit, `Select ${unit}`);
  const unit = ui.selected;
  if (unit !== undefined) {
    if (ui.plan?.flight)
      path = [unitHex(view, unit), ...ui.plan.flight.path].filter((h): h is Hex => h !== undefined);
    for (const destination of destinationsOf(legal, unit)) {
      const kind = destination.moves.length > 0 ? "move" : "fly";
      const words =
        destination.moves.length > 0 && destination.flights.length > 0
          ? "Move or fly"
          : kind === "move"
            ? "Move"
            : "Fly";
      targets.push({
        kind,
        hex: destination.hex,
        label: `${words} ${unit} to ${hexKey(destination.hex)}`,
        choose: () => chooseDestination(ctx, unit, destination),
      });
    }
    for (const battle of battlesOf(legal, unit)) {
      if (battle.glory) continue;
      const hex = unitHex(view, battle.target);
      if (hex === undefined) continue;
      targets.push({
        kind: "battle",
        hex,
        unit: battle.target,
        label: describe(battle),
        choose: () => ctx.send(battle),
      });
    }
  }
  return { selectable, selected: unit, picked: new Set(), targets, path };
}

/** A tap on a piece the player may pick: orders it (order phase) or selects it. */
export function tapUnit(ctx: Context, unit: string): void {
  if (ctx.view.phase === "order") ctx.setUi({ ...ctx.ui, pick: toggleUnit(ctx.ui.pick, unit) });
  else
    ctx.setUi({
      ...ctx.ui,
      selected: ctx.ui.selected === unit ? undefined : unit,
      plan: undefined,
    });
}

export function unitHex(view: BoardView, unit: string): Hex | undefined {
  return view.units.find((u) => u.id === unit)?.hex;
}

export function unitWords(view: BoardView, unit: string): string {
  const found = view.units.find((u) => u.id === unit);
  if (!found) return unit;
  const kind = found.kind.replace(/_/g, " ");
  const figures = found.figures === null ? "" : `, ${found.figures} figures`;
  return `${unit} (${kind}${figures}, at ${hexKey(found.hex)})`;
}
