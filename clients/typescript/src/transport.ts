/**
 * The typed client every call goes through: openapi-fetch on the types generated from
 * openapi.yaml, the bearer token added, retries underneath, error answers made `ApiError`s.
 */
import createClient, { type Client } from "openapi-fetch";
import { anySignal, type Clock } from "./clock.js";
import { ApiError, NetworkError, problemFrom } from "./errors.js";
import type { paths } from "./generated/openapi.js";
import {
  parseRetryAfter,
  retryingFetch,
  timedFetch,
  type Fetch,
  type RetryPolicy,
} from "./retry.js";

export type ApiClient = Client<paths>;

export interface TransportOptions {
  /** The API's root, `/v1` included. */
  root: string;
  fetch: Fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  clock: Clock;
  /** The bearer token sent when a call names none (the player key), if any. */
  credential: () => string | undefined;
}

/** The client for plain calls: each attempt bounded by `timeoutMs`, retried by policy. */
export function typedClient(options: TransportOptions): ApiClient {
  const send = retryingFetch(
    timedFetch(options.fetch, options.timeoutMs),
    options.retry,
    options.clock,
  );
  const client = createClient<paths>({ baseUrl: options.root, fetch: send });
  client.use({
    onRequest({ request }) {
      const token = options.credential();
      if (token !== undefined && !request.headers.has("Authorization")) {
        request.headers.set("Authorization", `Bearer ${token}`);
      }
      return request;
    },
  });
  return client;
}

/** A fetch for long-lived answers (streams): only the wait for the answer to begin is
 * bounded; the body is read as long as it flows (the stream code watches it for silence). */
export function connectingFetch(fetchImpl: Fetch, timeoutMs: number): Fetch {
  return async (request) => {
    const giveUp = new AbortController();
    const timer = setTimeout(
      () => giveUp.abort(new NetworkError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      return await fetchImpl(
        new Request(request, { signal: anySignal([request.signal, giveUp.signal]) }),
      );
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      throw new NetworkError(`${request.method} ${new URL(request.url).pathname}: no answer`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Bearer headers for a call made with `token`, or none (the client's key then). */
export function bearer(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { Authorization: `Bearer ${token}` };
}

/** What an openapi-fetch call answers. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data; an `ApiError` for an error answer. */
export async function answered<T>(call: Promise<Answer<T>>, clock: Clock): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorOf(response, error, clock);
  return data as T;
}

/** A stream's body; an `ApiError` for an error answer. */
export async function streamBody(
  call: Promise<Answer<ReadableStream<Uint8Array> | null>>,
  clock: Clock,
): Promise<ReadableStream<Uint8Array>> {
  const body = await answered(call, clock);
  if (body === null || body === undefined) {
    throw new TypeError(
      "this fetch gives no readable answer body: streams need one (README.md, Streams)",
    );
  }
  return body;
}

export function errorOf(response: Response, body: unknown, clock: Clock): ApiError {
  const problem = problemFrom(response.status, response.statusText, body);
  const retryAfter = parseRetryAfter(response.headers.get("Retry-After"), clock.now());
  return new ApiError(response.status, problem, retryAfter ?? undefined);
}
