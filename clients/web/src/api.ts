/** The one client of the server: the TypeScript SDK, on this page's own origin. */
import { createLorekeeper } from "@lorekeeper/client";

export const lk = createLorekeeper({ baseUrl: location.origin });
