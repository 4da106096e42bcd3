/**
 * The panel of choices for the seat to act: the order, the moves, the battles and trades,
 * and every decision the game asks of the seat (a retreat, a battle back, a reaction), each a
 * clear prompt of buttons. The board offers the same choices (turn.ts makes both).
 */
import type { Command, LegalActions } from "@lorekeeper/client";
import {
  actingUnits,
  actionsOf,
  battlesOf,
  describe,
  destinationsOf,
  flightPlans,
  hexKey,
} from "./choices.js";
import {
  cost,
  fits,
  orderCommand,
  toggleRole,
  toggleUnit,
  tokenCount,
  unitOrders,
} from "./orders.js";
import { candidates, chooseDestination, planFlight, unitWords, type Context } from "./turn.js";

export function Choices({ ctx }: { ctx: Context }) {
  const pending = ctx.view.pending;
  if (pending && pending.seat === ctx.seat) return <Decision ctx={ctx} />;
  if (ctx.view.phase === "order") return <Orders ctx={ctx} />;
  if (ctx.view.phase === "movement") return <Movement ctx={ctx} />;
  if (ctx.view.phase === "combat") return <Combat ctx={ctx} />;
  return null;
}

function Send({
  ctx,
  command,
  label,
  primary,
}: {
  ctx: Context;
  command: Command;
  label?: string;
  primary?: boolean;
}) {
  return (
    <button type="button" class={primary ? "primary" : ""} onClick={() => ctx.send(command)}>
      {label ?? describe(command)}
    </button>
  );
}

function EndButtons({ ctx }: { ctx: Context }) {
  const ends = (ctx.legal?.actions ?? []).filter(
    (a) => a.type === "end_movement" || a.type === "end_turn",
  );
  return (
    <>
      <p class="buttons">
        {ends.map((command) => (
          <Send key={command.type} ctx={ctx} command={command} />
        ))}
      </p>
      <TakebackAsk ctx={ctx} />
    </>
  );
}

/** TKB-2: the seat asks to take back its moves; then it may wait, or play on (TKB-5). */
function TakebackAsk({ ctx }: { ctx: Context }) {
  const ask = actionsOf(ctx.legal, "request_takeback")[0];
  if (ctx.view.takebacks?.request === ctx.seat) {
    return (
      <p class="hint" role="status">
        You asked to take back your moves. The other player answers. If you play on, the request
        lapses.
      </p>
    );
  }
  if (ask === undefined) return null;
  return (
    <p class="buttons">
      <Send ctx={ctx} command={ask} />
    </p>
  );
}

/** TKB-3: the answer to a takeback request, for whichever of the page's seats may give it:
 * the other seat than the one asking, so often not the seat to act. */
export function TakebackAnswer(props: {
  legal: LegalActions;
  asker: string;
  answerer: string | undefined;
  send: (command: Command) => void;
}) {
  const answers = actionsOf(props.legal, "answer_takeback");
  return (
    <div class="prompt decision" role="group" aria-labelledby="takeback-title">
      <h3 id="takeback-title">
        {props.answerer === undefined
          ? "A takeback request"
          : `${props.answerer}: a takeback request`}
      </h3>
      <p>
        {capitalized(props.asker)} asks to take back its last moves. If you accept, the board goes
        back to how it stood before them (TKB-3).
      </p>
      <p class="buttons">
        {answers.map((answer, i) => (
          <button
            key={String(answer.accept)}
            type="button"
            class={i === 0 ? "primary" : ""}
            onClick={() => props.send(answer)}
          >
            {describe(answer)}
          </button>
        ))}
      </p>
    </div>
  );
}

function Orders({ ctx }: { ctx: Context }) {
  const options = unitOrders(ctx.legal);
  const how = ctx.legal?.order;
  const pick = ctx.ui.pick;
  const setPick = (next: typeof pick) => ctx.setUi({ ...ctx.ui, pick: next });
  const allowed = (next: typeof pick) => fits(next, options, ctx.legal);
  const spent = cost(pick, options, ctx.legal);
  return (
    <div class="prompt">
      <h3>Order phase: choose up to {how?.max_units ?? 0} units to act this turn</h3>
      <p>
        Lore: {how?.lore ?? 0}, this order costs {spent}. A breathing dragon and removing tokens
        cost lore (R-TRN-4, R-BRE-1, R-BRE-9).
      </p>
      <ul class="order-list">
        {options.map((option) => {
          const ordered = pick.units.includes(option.unit);
          const toggled = toggleUnit(pick, option.unit);
          return (
            <li key={option.unit}>
              <label class="choice">
                <input
                  type="checkbox"
                  checked={ordered}
                  disabled={!ordered && !allowed(toggled)}
                  onChange={() => setPick(toggled)}
                />
                Order {unitWords(ctx.view, option.unit)}
              </label>
              {option.breath && (
                <Role
                  ctx={ctx}
                  unit={option.unit}
                  role="breath"
                  label={`breathe (${how?.breath_cost[option.unit] ?? 0} lore)`}
                />
              )}
              {option.roost && <Role ctx={ctx} unit={option.unit} role="roost" label="roost" />}
              {option.tokens && (
                <Role
                  ctx={ctx}
                  unit={option.unit}
                  role="clear"
                  label={`remove its ${tokenCount(option.tokens)} tokens (${tokenCount(option.tokens) * (how?.token_cost ?? 0)} lore)`}
                />
              )}
            </li>
          );
        })}
      </ul>
      <p class="buttons">
        <button
          type="button"
          class="primary"
          disabled={!allowed(pick)}
          onClick={() => ctx.send(orderCommand(pick, options))}
        >
          {pick.units.length === 0
            ? "Order no units"
            : `Order ${pick.units.length} ${pick.units.length === 1 ? "unit" : "units"}`}
        </button>
      </p>
      <EndButtons ctx={ctx} />
    </div>
  );
}

function Role(props: {
  ctx: Context;
  unit: string;
  role: "breath" | "roost" | "clear";
  label: string;
}) {
  const { ctx, unit, role } = props;
  const pick = ctx.ui.pick;
  const on = pick[role].includes(unit);
  const next = toggleRole(pick, unit, role);
  const ok = on || fits(next, unitOrders(ctx.legal), ctx.legal);
  return (
    <label class="choice role">
      <input
        type="checkbox"
        checked={on}
        disabled={!ok}
        onChange={() => ctx.setUi({ ...ctx.ui, pick: next })}
      />
      {unit}: {props.label}
    </label>
  );
}

function UnitPicker({ ctx, title }: { ctx: Context; title: string }) {
  const units = actingUnits(ctx.legal);
  if (units.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <p class="buttons units">
        {units.map((unit) => (
          <button
            key={unit}
            type="button"
            aria-pressed={ctx.ui.selected === unit}
            onClick={() =>
              ctx.setUi({
                ...ctx.ui,
                selected: ctx.ui.selected === unit ? undefined : unit,
                plan: undefined,
              })
            }
          >
            {unitWords(ctx.view, unit)}
          </button>
        ))}
      </p>
    </>
  );
}

function Movement({ ctx }: { ctx: Context }) {
  const unit = ctx.ui.selected;
  if (ctx.ui.plan) return <PlanPrompt ctx={ctx} />;
  return (
    <div class="prompt">
      <h3>Movement phase: move your ordered units, one at a time</h3>
      <UnitPicker ctx={ctx} title="Units that may move" />
      {unit !== undefined && (
        <>
          <h4>Where {unit} may go</h4>
          <p class="buttons targets">
            {destinationsOf(ctx.legal, unit).map((d) => (
              <button
                key={hexKey(d.hex)}
                type="button"
                onClick={() => chooseDestination(ctx, unit, d)}
              >
                {d.moves.length > 0 && d.flights.length > 0
                  ? "Move or fly"
                  : d.moves.length > 0
                    ? "Move"
                    : "Fly"}{" "}
                to {hexKey(d.hex)}
                {d.moves.every((m) => m.glory) && d.flights.every((f) => f.glory)
                  ? " (spends glory)"
                  : ""}
              </button>
            ))}
          </p>
        </>
      )}
      <EndButtons ctx={ctx} />
    </div>
  );
}

/** One more word for a destination: walk or which flight, and the breath's targets. */
function PlanPrompt({ ctx }: { ctx: Context }) {
  const plan = ctx.ui.plan;
  if (!plan) return null;
  const plans = flightPlans(plan.destination.flights);
  const breathing = ctx.view.turn_state.breath_paid.includes(plan.unit);
  const flight = plan.flight;
  const over = flight ? candidates(ctx, flight) : [];
  const setPlan = (change: Partial<typeof plan>) =>
    ctx.setUi({ ...ctx.ui, plan: { ...plan, ...change } });
  const sendable = flight ? planFlight(ctx, plan) : plan.destination.moves[0];
  return (
    <div class="prompt" role="group" aria-labelledby="plan-title">
      <h3 id="plan-title">
        {plan.unit} to {hexKey(plan.destination.hex)}
      </h3>
      <fieldset>
        <legend>How</legend>
        {plan.destination.moves.map((move, i) => (
          <label key={`m${i}`} class="choice">
            <input
              type="radio"
              name="how"
              checked={flight === undefined && i === 0}
              onChange={() => setPlan({ flight: undefined, targets: [] })}
            />
            {describe(move)}
          </label>
        ))}
        {plans.map((f, i) => (
          <label key={`f${i}`} class="choice">
            <input
              type="radio"
              name="how"
              checked={flight === f}
              onChange={() =>
                setPlan({ flight: f, targets: breathing ? candidates(ctx, f).slice(0, 3) : [] })
              }
            />
            {describe(f)}
          </label>
        ))}
      </fieldset>
      {flight && breathing && (
        <fieldset>
          <legend>Breath targets: at most 3 of the enemies flown over (R-BRE-2)</legend>
          {over.length === 0 && <p>This path flies over no enemy: the breath marks nobody.</p>}
          {over.map((target) => {
            const on = plan.targets.includes(target);
            return (
              <label key={target} class="choice">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && plan.targets.length >= 3}
                  onChange={() =>
                    setPlan({
                      targets: on
                        ? plan.targets.filter((t) => t !== target)
                        : [...plan.targets, target],
                    })
                  }
                />
                Breathe on {unitWords(ctx.view, target)}
              </label>
            );
          })}
        </fieldset>
      )}
      <p class="buttons">
        <button
          type="button"
          class="primary"
          disabled={sendable === undefined}
          onClick={() => sendable && ctx.send(sendable)}
        >
          {flight ? "Fly" : "Move"}
        </button>
        <button type="button" onClick={() => ctx.setUi({ ...ctx.ui, plan: undefined })}>
          Back
        </button>
      </p>
    </div>
  );
}

function Combat({ ctx }: { ctx: Context }) {
  const blood = ctx.view.players[ctx.seat]?.blood ?? 0;
  const battles = actingUnits(ctx.legal).flatMap((u) => battlesOf(ctx.legal, u));
  const trades = actionsOf(ctx.legal, "trade");
  return (
    <div class="prompt">
      <h3>Combat phase: battle where you are engaged, trade in villages</h3>
      {battles.length > 0 && (
        <>
          <h4>Battles</h4>
          <p class="buttons">
            {battles.map((b, i) => (
              <Send key={i} ctx={ctx} command={b} />
            ))}
          </p>
        </>
      )}
      {trades.length > 0 && (
        <>
          <h4>Trades (you have {blood} blood)</h4>
          <p class="buttons">
            {trades.flatMap((t) =>
              [1, 2, 3]
                .filter((k) => t.blood * k <= blood)
                .map((k) => {
                  const command = { ...t, blood: t.blood * k };
                  return <Send key={`${t.unit}-${t.for}-${k}`} ctx={ctx} command={command} />;
                }),
            )}
          </p>
        </>
      )}
      <EndButtons ctx={ctx} />
    </div>
  );
}

function Decision({ ctx }: { ctx: Context }) {
  const pending = ctx.view.pending;
  if (!pending) return null;
  const answers = (ctx.legal?.actions ?? []).filter((a) => a.type !== "resign");
  const me = ctx.view.players[ctx.seat];
  const intro =
    pending.kind === "retreat"
      ? `Your ${unitWords(ctx.view, pending.unit)} must retreat ${pending.hexes ?? 0} ${pending.hexes === 1 ? "hex" : "hexes"}: choose where (R-RET-1).`
      : pending.kind === "battle_back"
        ? `${pending.target ?? "An enemy"} battled your ${pending.unit}. Battle back (R-BAT-5)?`
        : `${pending.unit} flies over ${(pending.path ?? []).map(hexKey).join(" → ")}: play a card against it, or let it pass (R-FLY-4).`;
  return (
    <div class="prompt decision" role="group" aria-labelledby="decision-title">
      <h3 id="decision-title">Your decision</h3>
      <p>{intro}</p>
      <p class="buttons">
        {answers.map((a, i) => (
          <Send key={i} ctx={ctx} command={a} primary={i === 0} />
        ))}
      </p>
      {pending.kind === "reaction" && me && (
        <label class="choice">
          <input
            type="checkbox"
            checked={me.auto_pass}
            onChange={() => ctx.send({ type: "auto_pass", enabled: !me.auto_pass })}
          />
          Let every flight pass from now on
        </label>
      )}
    </div>
  );
}

function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
