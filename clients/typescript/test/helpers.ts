/** Test doubles: a clock that records its waits instead of sleeping, a scripted server
 * behind a fake fetch, and SSE bodies. */
import type { Clock } from "../dist/clock.js";

export class FakeClock implements Clock {
  time = 1_767_225_600_000;
  readonly waits: number[] = [];

  now(): number {
    return this.time;
  }

  random(): number {
    return 0.5;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    this.waits.push(ms);
    this.time += ms;
  }
}

export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

type Answer = Response | Error | ((request: Seen) => Response);

/** A fetch that answers each request with the next scripted answer (an Error is thrown,
 * as fetch does when no answer comes), and keeps what it was sent. */
export class ScriptedServer {
  readonly seen: Seen[] = [];

  constructor(private readonly answers: Answer[]) {}

  readonly fetch = async (request: Request): Promise<Response> => {
    const seen = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    };
    this.seen.push(seen);
    const answer = this.answers.shift();
    if (answer === undefined) throw new Error(`no answer scripted for request ${this.seen.length}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === "function" ? answer(seen) : answer;
  };
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  const type = status >= 400 ? "application/problem+json" : "application/json";
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": type, ...headers },
  });
}

export function problem(
  status: number,
  code: string,
  headers: Record<string, string> = {},
  extra: object = {},
): Response {
  return json(
    status,
    {
      type: `tag:lorekeeper,2026:problem:${code}`,
      title: "T",
      status,
      code,
      detail: code,
      ...extra,
    },
    headers,
  );
}

/** How an SSE body ends after its chunks: closed by the server, failed (a dropped
 * connection), or left open with nothing more (a silent network). */
export type Ending = "close" | "fail" | "hang";

export function sse(chunks: string[], ending: Ending = "close"): Response {
  const encoder = new TextEncoder();
  const left = [...chunks];
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = left.shift();
        if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
        else if (ending === "close") controller.close();
        else if (ending === "fail") controller.error(new TypeError("terminated"));
        else return new Promise<void>(() => undefined); // "hang": no more, ever
        return undefined;
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

/** One game event as the server frames it. */
export function eventMessage(version: number): string {
  const event = {
    version,
    type: `Event${version}`,
    schema: 1,
    payload: {},
    seat: 0,
    command_id: null,
    command: null,
    time: "2026-01-01T00:00:00Z",
    time_ms: 0,
    prev_hash: "0",
    hash: String(version),
  };
  return `id: ${version}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function endMessage(reason: string): string {
  return `event: end\ndata: {"reason": "${reason}"}\n\n`;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
