/**
 * The page's marks on the server's board picture (the history viewer's drawing, one drawing
 * for both): it finds hexes and pieces by their `data-hex` and `data-unit` and adds, on top,
 * what the player may choose (each a focusable button with its words) and a shape per side
 * beside the colours, so that no mark depends on colour alone.
 */
import { hexKey, type Hex } from "./choices.js";

const SVG = "http://www.w3.org/2000/svg";

export type TargetKind = "move" | "fly" | "battle" | "retreat" | "react" | "flag";

export interface Target {
  kind: TargetKind;
  hex: Hex;
  /** A unit the choice is about (a battle's target): the mark goes on the piece. */
  unit?: string;
  label: string;
  choose: () => void;
}

export interface Marks {
  /** Units the player may pick now, with the words a screen reader says. */
  selectable: Map<string, string>;
  selected: string | undefined;
  /** Units already in the order being made. */
  picked: Set<string>;
  targets: Target[];
  /** A path to draw (a flight being planned, a flight that may be reacted to). */
  path: Hex[] | undefined;
}

export const NO_MARKS: Marks = {
  selectable: new Map(),
  selected: undefined,
  picked: new Set(),
  targets: [],
  path: undefined,
};

/** Side shapes, as `ui.tsx`'s SEAT_SHAPES: triangle, disc, diamond, square, star, pentagon;
 * paths in a 2×2 box around the origin. */
const SEAT_PATHS = [
  "M0,-1L.95,.75H-.95Z",
  "M-1,0A1,1 0 1 0 1,0A1,1 0 1 0-1,0Z",
  "M0,-1.1L.8,0L0,1.1L-.8,0Z",
  "M-.85,-.85H.85V.85H-.85Z",
  "M0,-1L.24,-.33L.95,-.31L.38,.12L.59,.81L0,.4L-.59,.81L-.38,.12L-.95,-.31L-.24,-.33Z",
  "M0,-1L.95,-.31L.59,.81H-.59L-.95,-.31Z",
];

/** Marks every piece with its side's shape, once per picture. */
export function markSides(svg: SVGSVGElement): void {
  for (const unit of svg.querySelectorAll<SVGGElement>("g.unit[data-owner]")) {
    if (unit.querySelector(".lk-side")) continue;
    const seat = Number(unit.dataset["owner"]);
    const size = pieceSize(unit);
    const badge = document.createElementNS(SVG, "path");
    badge.setAttribute("class", `lk-side lk-side-${seat % SEAT_PATHS.length}`);
    badge.setAttribute("d", SEAT_PATHS[seat % SEAT_PATHS.length] ?? "");
    const r = Math.max(3.5, size * 0.3);
    badge.setAttribute("transform", `translate(0,${-size - r - 1}) scale(${r})`);
    badge.setAttribute("vector-effect", "non-scaling-stroke");
    unit.appendChild(badge);
  }
}

/** Applies `marks` to the picture, replacing the previous ones. */
export function applyMarks(svg: SVGSVGElement, marks: Marks): void {
  svg.querySelector("g.lk-marks")?.remove();
  for (const unit of svg.querySelectorAll<SVGGElement>("g.unit[data-unit]")) {
    const id = unit.dataset["unit"] ?? "";
    const label = marks.selectable.get(id);
    unit.classList.toggle("lk-selectable", label !== undefined);
    unit.classList.toggle("lk-selected", id === marks.selected);
    unit.classList.toggle("lk-picked", marks.picked.has(id));
    if (label !== undefined) {
      unit.setAttribute("role", "button");
      unit.setAttribute("tabindex", "0");
      unit.setAttribute("aria-label", label);
      unit.setAttribute("aria-pressed", String(id === marks.selected || marks.picked.has(id)));
    } else {
      for (const name of ["role", "tabindex", "aria-label", "aria-pressed"])
        unit.removeAttribute(name);
    }
  }
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "lk-marks");
  if (marks.path) layer.appendChild(pathLine(svg, marks.path));
  marks.targets.forEach((target, index) => {
    const mark = targetMark(svg, target);
    if (mark === undefined) return;
    mark.setAttribute("data-choice", String(index));
    layer.appendChild(mark);
  });
  svg.appendChild(layer);
}

function targetMark(svg: SVGSVGElement, target: Target): SVGGElement | undefined {
  const cell = svg.querySelector<SVGPolygonElement>(
    `polygon.hex[data-hex="${hexKey(target.hex)}"]`,
  );
  if (cell === null) return undefined;
  const group = document.createElementNS(SVG, "g");
  group.setAttribute("class", `lk-target lk-${target.kind}`);
  group.setAttribute("role", "button");
  group.setAttribute("tabindex", "0");
  group.setAttribute("aria-label", target.label);
  const title = document.createElementNS(SVG, "title");
  title.textContent = target.label;
  const area = document.createElementNS(SVG, "polygon");
  area.setAttribute("points", cell.getAttribute("points") ?? "");
  area.setAttribute("class", "lk-area");
  const [x, y] = target.unit ? (unitCentre(svg, target.unit) ?? centre(cell)) : centre(cell);
  group.append(title, area, icon(target.kind, x, y));
  return group;
}

/** A shape per kind of choice (with its own colour and dash, but told apart by the shape). */
function icon(kind: TargetKind, x: number, y: number): SVGElement {
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("class", "lk-icon");
  const shapes: Record<TargetKind, string> = {
    move: "M-7,0A7,7 0 1 0 7,0A7,7 0 1 0-7,0Z",
    fly: "M-11,2L0,-8L11,2L6,2L0,-3L-6,2Z",
    battle: "M-12,0H12M0,-12V12M-8,0A8,8 0 1 0 8,0A8,8 0 1 0-8,0",
    retreat: "M0,9L-9,-6H9Z",
    react: "M0,-10L10,0L0,10L-10,0Z",
    flag: "M-4,-10V10M-4,-10H8L4,-5L8,0H-4",
  };
  path.setAttribute("d", shapes[kind]);
  path.setAttribute("transform", `translate(${x},${y})`);
  return path;
}

function pathLine(svg: SVGSVGElement, path: Hex[]): SVGElement {
  const points = path
    .map((hex) => svg.querySelector<SVGPolygonElement>(`polygon.hex[data-hex="${hexKey(hex)}"]`))
    .flatMap((cell) => (cell === null ? [] : [centre(cell).join(",")]));
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("class", "lk-path");
  line.setAttribute("points", points.join(" "));
  return line;
}

/** The middle of a hex: the mean of its corners. */
function centre(cell: SVGPolygonElement): [number, number] {
  const numbers = (cell.getAttribute("points") ?? "").split(/[\s,]+/).map(Number);
  let [sx, sy, n] = [0, 0, 0];
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    sx += numbers[i] ?? 0;
    sy += numbers[i + 1] ?? 0;
    n += 1;
  }
  return n === 0 ? [0, 0] : [sx / n, sy / n];
}

function unitCentre(svg: SVGSVGElement, unit: string): [number, number] | undefined {
  const group = svg.querySelector<SVGGElement>(`g.unit[data-unit="${CSS.escape(unit)}"]`);
  const match = /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(group?.getAttribute("transform") ?? "");
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function pieceSize(unit: SVGGElement): number {
  const body = unit.querySelector(".body");
  if (body instanceof SVGCircleElement) return Number(body.getAttribute("r")) || 15;
  if (body instanceof SVGRectElement) return (Number(body.getAttribute("width")) || 28) / 2;
  return 15;
}
