/** The clocks as they tick in the page between two reads of the board (CLK-6). */
import type { Clocks } from "@lorekeeper/client";

/** Each seat's time left at `now` (ms since the epoch): the running stretch counts down from
 * what the server said at `receivedAt`. */
export function timeLeft(clock: Clocks, receivedAt: number, now: number): Map<number, number> {
  const left = new Map<number, number>();
  for (const seat of clock.seats) left.set(seat.seat, seat.remaining_ms);
  const running = clock.running;
  if (running) left.set(running.seat, Math.max(0, running.remaining_ms - (now - receivedAt)));
  return left;
}

/** `1:05`, `59.4` under ten seconds, `2 d 3:04:05` for days. */
export function formatTime(ms: number): string {
  if (ms < 10_000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const total = Math.floor(ms / 1000);
  const [d, h, m, s] = [
    Math.floor(total / 86400),
    Math.floor((total % 86400) / 3600),
    Math.floor((total % 3600) / 60),
    total % 60,
  ];
  const mm = h > 0 || d > 0 ? String(m).padStart(2, "0") : String(m);
  const clock = `${h > 0 || d > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
  return d > 0 ? `${d} d ${clock}` : clock;
}
