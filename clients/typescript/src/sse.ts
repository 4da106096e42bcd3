/**
 * Server-sent events read over `fetch` (the WHATWG format, parsed by eventsource-parser).
 * `fetch` rather than `EventSource`: it sends headers (the bearer token, `Last-Event-ID`),
 * lets the SDK choose when and where to resume, and works the same in browsers and Node.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";

export type { EventSourceMessage };

/** The most a message may hold before the stream is taken as broken (a bound on memory). */
const MAX_MESSAGE_CHARS = 1 << 20;

/** Why a connection's messages stopped before the server ended the stream. */
export class StreamDropped extends Error {
  override readonly name = "StreamDropped";
}

/**
 * The messages of one connection, in order. A message is given only once it is whole (its
 * blank line arrived): one cut mid-way is never given. Ends when the body ends; throws
 * `StreamDropped` when nothing at all (not even a keep-alive) arrives for `idleMs`, or the
 * body fails, and `signal`'s reason when it aborts (whether or not the fetch under it ends
 * its body then). `abort` is called to end the connection when the reading stops.
 */
export async function* readMessages(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  signal: AbortSignal,
  abort: (reason: unknown) => void,
): AsyncGenerator<EventSourceMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parsed: EventSourceMessage[] = [];
  let broken: string | undefined;
  const parser = createParser({
    onEvent: (message) => parsed.push(message),
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") broken = error.message;
    },
    maxBufferSize: MAX_MESSAGE_CHARS,
  });
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleMs, signal, abort);
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      if (broken !== undefined) throw new StreamDropped(broken);
      while (parsed.length > 0) yield parsed.shift() as EventSourceMessage;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The next chunk, unless `idleMs` pass first or `signal` aborts. */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleMs: number,
  signal: AbortSignal,
  abort: (reason: unknown) => void,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new StreamDropped(`nothing arrived for ${idleMs} ms`);
      abort(reason);
      reject(reason);
    }, idleMs);
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([reader.read(), stopped]);
  } catch (error) {
    if (signal.aborted || error instanceof StreamDropped) throw error;
    throw new StreamDropped("the connection failed", { cause: error });
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}
