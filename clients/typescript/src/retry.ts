/**
 * The transport under every call but the streams: a `fetch` that bounds each attempt in time
 * and tries again when the answer says it may (docs/client/limits.md, docs/client/errors.md):
 *
 * - 429 with `Retry-After` (`rate_limited`): the request was refused before it ran, so any
 *   request is sent again, after the time the server asked for. A 429 without it
 *   (`too_many_streams`, `too_many_waits`) is returned: waiting alone does not help.
 * - 503 with `Retry-After` (`store_unavailable`, `store_full`, `streams_full`), and 502, 504
 *   or a 503 from something that is not our server (no problem body): sent again only when
 *   repeating it is safe (below), after `Retry-After`, else after a backoff.
 * - No answer (a network error, or the attempt's time ran out): sent again only when safe.
 *
 * Safe to repeat: GET, HEAD, OPTIONS, PUT and DELETE, and any request that carries an
 * `Idempotency-Key` (the server answers a repeat with the first result). Every attempt sends
 * the same request, headers and key included. Everything is bounded: the number of retries,
 * the longest `Retry-After` honoured, and the time since the first attempt.
 */
import type { Clock } from "./clock.js";
import { anySignal } from "./clock.js";
import { NetworkError } from "./errors.js";

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** The first backoff (ms) after a failure with no `Retry-After`; doubled each time. */
  baseDelayMs: number;
  /** The longest backoff (ms). */
  maxDelayMs: number;
  /** A longer `Retry-After` is not waited for: the answer is returned as it is. */
  maxRetryAfterMs: number;
  /** No retry whose wait would end later than this (ms) after the first attempt. */
  maxElapsedMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 4,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
  maxElapsedMs: 60_000,
};

export type Fetch = (request: Request) => Promise<Response>;

const REPEATABLE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Whether sending `request` twice does what sending it once does. */
export function isRepeatable(request: Request): boolean {
  return REPEATABLE_METHODS.has(request.method) || request.headers.has("Idempotency-Key");
}

/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null if absent. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** Full jitter: a random wait up to the capped exponential backoff of this attempt. */
export function backoffMs(
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  attempt: number,
  random: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random * ceiling);
}

/**
 * How long to wait before sending again after `response`, or null to return it. A wait the
 * server asked for that is longer than the policy allows is null too.
 */
export function retryDelay(
  response: Response,
  repeatable: boolean,
  attempt: number,
  policy: RetryPolicy,
  clock: Clock,
): number | null {
  const asked = parseRetryAfter(response.headers.get("Retry-After"), clock.now());
  if (asked !== null && asked > policy.maxRetryAfterMs) return null;
  if (response.status === 429) return asked;
  if (!repeatable) return null;
  if (response.status === 503 && asked !== null) return asked;
  const ours = (response.headers.get("Content-Type") ?? "").startsWith("application/problem+json");
  if ([502, 503, 504].includes(response.status) && !ours) {
    return backoffMs(policy, attempt, clock.random());
  }
  return null;
}

/** Time-bounded attempts of one request: each gets `timeoutMs` to answer and be read. */
export function timedFetch(fetchImpl: Fetch, timeoutMs: number): Fetch {
  return (request) =>
    fetchImpl(
      new Request(request, { signal: anySignal([request.signal, AbortSignal.timeout(timeoutMs)]) }),
    );
}

/** `fetchImpl` with the retries above. `request.signal` ends the waits too. */
export function retryingFetch(fetchImpl: Fetch, policy: RetryPolicy, clock: Clock): Fetch {
  return async (request) => {
    const started = clock.now();
    const repeatable = isRepeatable(request);
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= policy.retries;
      let wait: number | null;
      try {
        const response = await fetchImpl(request.clone());
        wait = last ? null : retryDelay(response, repeatable, attempt, policy, clock);
        if (wait === null || clock.now() + wait - started > policy.maxElapsedMs) return response;
        await response.body?.cancel().catch(() => undefined); // not read: free the connection
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason;
        wait = repeatable && !last ? backoffMs(policy, attempt, clock.random()) : null;
        if (wait === null || clock.now() + wait - started > policy.maxElapsedMs) {
          const tries = attempt + 1;
          throw new NetworkError(
            `${request.method} ${new URL(request.url).pathname}: no answer (${tries} ${tries === 1 ? "try" : "tries"})`,
            { cause: error },
          );
        }
      }
      await clock.sleep(wait, request.signal);
    }
  };
}
