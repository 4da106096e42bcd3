/** Callbacks over a stream's async iterator, for code that prefers them (a UI store, say). */

export interface Handlers<T> {
  /** Each item, in order. Items wait while a returned promise is pending. */
  onItem: (item: T) => void | Promise<void>;
  /** The stream ended for good (a game's stream: after its last event). */
  onEnd?: () => void;
  /** The stream gave up (an `ApiError` it cannot wait out, or a `NetworkError` after its
   * reconnections ran out), or `onItem` threw. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops the stream and closes its connection; no callback is called after it. */
  close(): void;
  /** Settles once the stream has stopped, however it stopped. */
  readonly closed: Promise<void>;
}

export function subscribe<T>(
  open: (signal: AbortSignal) => AsyncIterable<T>,
  handlers: Handlers<T>,
): Subscription {
  const stop = new AbortController();
  const run = async (): Promise<void> => {
    try {
      for await (const item of open(stop.signal)) {
        if (stop.signal.aborted) return;
        await handlers.onItem(item);
      }
      if (!stop.signal.aborted) handlers.onEnd?.();
    } catch (error) {
      if (!stop.signal.aborted) handlers.onError?.(error);
    }
  };
  return { close: () => stop.abort(), closed: run() };
}
