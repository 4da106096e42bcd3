/**
 * @lorekeeper/client: a typed client of the Lorekeeper HTTP API (openapi.yaml), for
 * browsers and Node 20+. See README.md.
 */
export { apiRoot, createLorekeeper, Lorekeeper } from "./client.js";
export type { LorekeeperOptions, NotificationOptions } from "./client.js";
export { Game } from "./game.js";
export type { FollowOptions, SendOptions } from "./game.js";
export type * from "./types.js";
export { ApiError, isApiError, NetworkError } from "./errors.js";
export type { Problem } from "./errors.js";
export type { GameEvent, Notification, PlayerStreamItem } from "./streams.js";
export type { Handlers, Subscription } from "./subscribe.js";
export { DEFAULT_RETRY } from "./retry.js";
export type { Fetch, RetryPolicy } from "./retry.js";
export { DEFAULT_STREAM } from "./resume.js";
export type { StreamOptions } from "./resume.js";
export type { Clock } from "./clock.js";
export { newIdempotencyKey } from "./ids.js";
export type { components, paths } from "./generated/openapi.js";
