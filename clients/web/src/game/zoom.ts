/**
 * Zoom and pan for the board on any screen: a pinch or the wheel zooms, a drag pans, the
 * buttons and keys (+, -, 0) do both by steps. A drag is not a tap: the click after it is
 * swallowed, so panning never picks a hex.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const FIT: View = { scale: 1, x: 0, y: 0 };
const MIN = 1;
const MAX = 5;
const DRAG = 8; // px a pointer moves before a tap becomes a drag

export class PanZoom {
  view: View = FIT;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private moved = 0;
  private pinch: { distance: number; scale: number } | undefined;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly stage: HTMLElement,
  ) {
    viewport.addEventListener("pointerdown", this.down);
    viewport.addEventListener("pointermove", this.move);
    viewport.addEventListener("pointerup", this.up);
    viewport.addEventListener("pointercancel", this.up);
    viewport.addEventListener("wheel", this.wheel, { passive: false });
    viewport.addEventListener("click", this.swallow, true);
  }

  dispose(): void {
    this.viewport.removeEventListener("pointerdown", this.down);
    this.viewport.removeEventListener("pointermove", this.move);
    this.viewport.removeEventListener("pointerup", this.up);
    this.viewport.removeEventListener("pointercancel", this.up);
    this.viewport.removeEventListener("wheel", this.wheel);
    this.viewport.removeEventListener("click", this.swallow, true);
  }

  zoomBy(factor: number, at?: { x: number; y: number }): void {
    const box = this.viewport.getBoundingClientRect();
    const point = at ?? { x: box.width / 2, y: box.height / 2 };
    const scale = clamp(this.view.scale * factor, MIN, MAX);
    const k = scale / this.view.scale;
    this.set({
      scale,
      x: point.x - (point.x - this.view.x) * k,
      y: point.y - (point.y - this.view.y) * k,
    });
  }

  panBy(dx: number, dy: number): void {
    this.set({ ...this.view, x: this.view.x + dx, y: this.view.y + dy });
  }

  reset(): void {
    this.set(FIT);
  }

  private set(view: View): void {
    const box = this.viewport.getBoundingClientRect();
    const slackX = box.width * (view.scale - 1);
    const slackY = this.stage.offsetHeight * view.scale - box.height;
    this.view = {
      scale: view.scale,
      x: clamp(view.x, -slackX, 0),
      y: clamp(view.y, -Math.max(0, slackY), 0),
    };
    this.stage.style.transform = `translate(${this.view.x}px, ${this.view.y}px) scale(${this.view.scale})`;
    this.viewport.dataset["zoom"] = this.view.scale.toFixed(2);
  }

  private readonly down = (event: PointerEvent) => {
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 1) this.moved = 0;
    if (this.pointers.size === 2) this.pinch = { distance: this.spread(), scale: this.view.scale };
  };

  private readonly move = (event: PointerEvent) => {
    const last = this.pointers.get(event.pointerId);
    if (last === undefined) return;
    const [dx, dy] = [event.clientX - last.x, event.clientY - last.y];
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    this.moved += Math.abs(dx) + Math.abs(dy);
    if (this.pinch && this.pointers.size === 2) {
      const factor = (this.pinch.scale * this.spread()) / this.pinch.distance / this.view.scale;
      this.zoomBy(factor, this.middle());
    } else if (this.pointers.size === 1 && this.moved > DRAG) {
      this.viewport.setPointerCapture?.(event.pointerId);
      this.panBy(dx, dy);
    }
  };

  private readonly up = (event: PointerEvent) => {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = undefined;
  };

  private readonly wheel = (event: WheelEvent) => {
    if (!event.ctrlKey) return; // a plain wheel scrolls the page; a pinch on a touchpad zooms
    event.preventDefault();
    const box = this.viewport.getBoundingClientRect();
    this.zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15, {
      x: event.clientX - box.left,
      y: event.clientY - box.top,
    });
  };

  private readonly swallow = (event: MouseEvent) => {
    if (this.moved > DRAG) {
      event.stopPropagation();
      event.preventDefault();
      this.moved = 0;
    }
  };

  private spread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) || 1 : 1;
  }

  private middle(): { x: number; y: number } {
    const [a, b] = [...this.pointers.values()];
    const box = this.viewport.getBoundingClientRect();
    return a && b
      ? { x: (a.x + b.x) / 2 - box.left, y: (a.y + b.y) / 2 - box.top }
      : { x: 0, y: 0 };
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
