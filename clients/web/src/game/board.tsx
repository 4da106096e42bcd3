/**
 * The board: the server's SVG picture of the game (GET board.svg, the history viewer's one
 * drawing), shown inline, its own status panel cropped off (the page shows those words in
 * HTML), with the page's marks on top. A tap on a marked piece or hex chooses it; so do
 * Enter and Space on one focused with Tab.
 */
import { useEffect, useRef } from "preact/hooks";
import { applyMarks, markSides, type Marks } from "./marks.js";
import { PanZoom } from "./zoom.js";

/** The words the picture carries (`<metadata class="lk-status">`, api/board_panel.py). */
export interface Status {
  title: string;
  headline: string;
  notes: string[];
  facts: string;
  seats: {
    seat: number;
    name: string;
    colour: string;
    lore: number;
    banners: number;
    blood: number;
    cards: number;
    active: boolean;
    out: string | null;
  }[];
}

export function readPicture(text: string): { svg: SVGSVGElement; status: Status | undefined } {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true) as unknown as SVGSVGElement;
  let status: Status | undefined;
  try {
    status = JSON.parse(svg.querySelector("metadata.lk-status")?.textContent ?? "") as Status;
  } catch {
    status = undefined;
  }
  svg.querySelector("g.panel")?.remove();
  const height = Number(svg.dataset["boardHeight"]);
  const box = (svg.getAttribute("viewBox") ?? "").split(/\s+/);
  if (height > 0 && box.length === 4)
    svg.setAttribute("viewBox", [box[0], box[1], box[2], height].join(" "));
  svg.removeAttribute("role");
  svg.setAttribute("aria-label", svg.querySelector("title")?.textContent ?? "The board");
  markSides(svg);
  return { svg, status };
}

export function Board(props: {
  picture: SVGSVGElement | undefined;
  marks: Marks;
  onUnit: (unit: string) => void;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const zoom = useRef<PanZoom | undefined>(undefined);
  const marks = useRef(props.marks);
  marks.current = props.marks;
  const onUnit = useRef(props.onUnit);
  onUnit.current = props.onUnit;

  useEffect(() => {
    if (!viewport.current || !stage.current) return undefined;
    const panZoom = new PanZoom(viewport.current, stage.current);
    zoom.current = panZoom;
    return () => panZoom.dispose();
  }, []);

  useEffect(() => {
    const holder = stage.current;
    if (!holder || !props.picture) return;
    if (holder.firstElementChild !== props.picture) holder.replaceChildren(props.picture);
    applyMarks(props.picture, props.marks);
  }, [props.picture, props.marks]);

  const choose = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return false;
    const choice = target.closest("[data-choice]");
    if (choice) {
      marks.current.targets[Number(choice.getAttribute("data-choice"))]?.choose();
      return true;
    }
    const unit = target.closest<SVGGElement>("g.unit.lk-selectable");
    if (unit?.dataset["unit"]) {
      onUnit.current(unit.dataset["unit"]);
      return true;
    }
    return false;
  };

  return (
    <div class="board-pane">
      <div
        class="board-viewport"
        ref={viewport}
        onClick={(e) => choose(e.target)}
        onKeyDown={(e) => {
          if ((e.key === "Enter" || e.key === " ") && choose(e.target)) e.preventDefault();
        }}
      >
        <div class="board-stage" ref={stage} />
      </div>
      <div class="board-tools" role="group" aria-label="Zoom">
        <button type="button" onClick={() => zoom.current?.zoomBy(1.4)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom.current?.zoomBy(1 / 1.4)} aria-label="Zoom out">
          −
        </button>
        <button
          type="button"
          onClick={() => zoom.current?.reset()}
          aria-label="Show the whole board"
        >
          ⤢
        </button>
      </div>
    </div>
  );
}
