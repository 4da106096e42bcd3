/** The one client of the server: the TypeScript SDK, on this page's own origin. */
import { createLorekeeper } from "@lorekeeper/client";

/**
 * The browser's HTTP cache stays out of the API's reads: a seat's view and legal actions
 * carry the game's version as their ETag, the same for every seat, so a cached answer of one
 * seat revalidated by another (a hot seat: two tokens, one browser) came back 304 with the
 * first seat's body. A past version's board picture is the same for everyone and never
 * changes: that one may be cached.
 */
function fetchUncached(request: Request): Promise<Response> {
  const shared = request.method === "GET" && /\/board\.svg\?version=\d+$/.test(request.url);
  return globalThis.fetch(request, shared ? {} : { cache: "no-store" });
}

export const lk = createLorekeeper({ baseUrl: location.origin, fetch: fetchUncached });
