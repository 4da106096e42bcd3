/**
 * A stream that survives its connections: read messages, remember the last id, and when the
 * connection drops (a network error, nothing heard for too long, the server's time limit)
 * open a new one that resumes after that id. The server resends from there, so nothing is
 * missed; anything it sends twice is skipped by id, so nothing is doubled.
 */
import { ApiError, NetworkError } from "./errors.js";
import { anySignal, type Clock } from "./clock.js";
import { backoffMs } from "./retry.js";
import { readMessages, StreamDropped, type EventSourceMessage } from "./sse.js";

export interface StreamOptions {
  /** No byte for this long (ms) is a dropped connection. The server sends a keep-alive
   * after 15 s of quiet (`LOREKEEPER_SSE_KEEPALIVE_S`). */
  idleTimeoutMs: number;
  /** The longest wait (ms) for a connection's answer to begin. */
  connectTimeoutMs: number;
  /** Give up (a `NetworkError`) once this many connections in a row failed without
   * delivering anything. */
  maxFailures: number;
  /** The first wait (ms) before reconnecting after a failure; doubled each time. */
  baseDelayMs: number;
  /** The longest wait (ms) before reconnecting. */
  maxDelayMs: number;
}

export const DEFAULT_STREAM: StreamOptions = {
  idleTimeoutMs: 45_000,
  connectTimeoutMs: 15_000,
  maxFailures: 8,
  baseDelayMs: 500,
  maxDelayMs: 15_000,
};

/** What one message means to the stream: an item to give (or none, when it repeats one
 * given already) and the id to resume after from now on. */
export type Step<T> =
  | { kind: "item"; item: T | undefined; id?: string }
  | { kind: "skip" }
  | { kind: "reconnect" }
  | { kind: "end" };

export interface ResumableSource<T> {
  /** Opens a connection that resumes after `lastId` (none: where the caller asked). It
   * resolves with the answer's body, or throws an `ApiError` or a `NetworkError`. */
  connect(lastId: string | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  /** Reads one message, given the last id delivered. */
  interpret(message: EventSourceMessage, lastId: string | undefined): Step<T>;
  /** Said before each new connection after the first: an item to give first, if any. */
  reconnecting?(lastId: string | undefined): T | undefined;
}

/** The items of `source`, across as many connections as it takes, until the server ends
 * the stream, `signal` aborts (the iteration just ends) or the failures run out. */
export async function* resumable<T>(
  source: ResumableSource<T>,
  initialId: string | undefined,
  options: StreamOptions,
  clock: Clock,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  let lastId = initialId;
  let failures = 0;
  for (let first = true; !signal?.aborted; first = false) {
    const before = first ? undefined : source.reconnecting?.(lastId);
    if (before !== undefined) yield before;
    const connection = new AbortController();
    const linked = signal ? anySignal([signal, connection.signal]) : connection.signal;
    let delivered = false;
    try {
      const body = await source.connect(lastId, linked);
      const messages = readMessages(body, options.idleTimeoutMs, linked, (why) =>
        connection.abort(why),
      );
      let step: Step<T> = { kind: "skip" };
      for await (const message of messages) {
        delivered = true;
        step = source.interpret(message, lastId);
        if (step.kind === "end") return;
        if (step.kind === "reconnect") break;
        if (step.kind === "item") {
          if (step.id !== undefined) lastId = step.id;
          if (step.item !== undefined) yield step.item;
          if (signal?.aborted) return;
        }
      }
      if (step.kind !== "reconnect") throw new StreamDropped("the server closed the stream");
      failures = 0;
    } catch (error) {
      if (signal?.aborted) return;
      failures = delivered ? 1 : failures + 1;
      const wait = reconnectDelay(error, failures, options, clock);
      if (wait === null) throw error;
      if (failures >= options.maxFailures) {
        throw new NetworkError(`the stream failed ${failures} times in a row`, { cause: error });
      }
      if (!(await pause(clock, wait, signal))) return;
    } finally {
      connection.abort();
    }
  }
}

/** The wait before reconnecting after `error`, or null when reconnecting cannot help. */
function reconnectDelay(
  error: unknown,
  failures: number,
  options: StreamOptions,
  clock: Clock,
): number | null {
  const backoff = backoffMs(options, failures - 1, clock.random());
  if (error instanceof StreamDropped || error instanceof NetworkError) return backoff;
  if (
    error instanceof ApiError &&
    error.retryAfterMs !== undefined &&
    [429, 503].includes(error.status)
  ) {
    return Math.max(error.retryAfterMs, backoff);
  }
  if (error instanceof ApiError && [502, 504].includes(error.status)) return backoff;
  return null;
}

async function pause(clock: Clock, ms: number, signal?: AbortSignal): Promise<boolean> {
  try {
    await clock.sleep(ms, signal);
    return true;
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
}
