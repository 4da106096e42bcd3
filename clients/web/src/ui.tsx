/** Small pieces shared by every screen. */
import type { ComponentChildren } from "preact";
import type { Refusal } from "./errors.js";

export function RefusalNote({ refusal }: { refusal: Refusal | undefined }) {
  if (refusal === undefined) return null;
  return (
    <p class="refusal" role="alert" data-code={refusal.code} data-rule={refusal.rule ?? ""}>
      <strong>{refusal.rule ? `Refused (rule ${refusal.rule}): ` : "Refused: "}</strong>
      {refusal.message}
      <span class="code"> [{refusal.code}]</span>
    </p>
  );
}

export function Section(props: { title: string; children: ComponentChildren; class?: string }) {
  const id = `section-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} class={props.class}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** The shape that stands beside a seat's colour everywhere (a colour-blind player tells
 * the sides apart by it): the same shapes mark the pieces on the board. */
export const SEAT_SHAPES = ["▲", "●", "◆", "■", "★", "⬟"];

export function seatShape(seat: number): string {
  return SEAT_SHAPES[seat % SEAT_SHAPES.length] ?? "●";
}

export function scenarioTitle(name: string | undefined): string {
  const words = (name ?? "game").replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
