/**
 * The client: players and keys, the lobby, scenarios, creating games, a player's stream of
 * notifications, and `game(id)` for everything about one game.
 */
import { systemClock, type Clock } from "./clock.js";
import { Game, type GameContext } from "./game.js";
import type {
  CreateGame,
  CreatedGame,
  IssuedKey,
  LobbyPage,
  LobbyQuery,
  Me,
  MyGamesQuery,
  NewPlayer,
  RotatedKey,
  ScenarioDocument,
  ScenarioSummary,
} from "./types.js";
import { newIdempotencyKey } from "./ids.js";
import { DEFAULT_STREAM, resumable, type StreamOptions } from "./resume.js";
import { DEFAULT_RETRY, type Fetch, type RetryPolicy } from "./retry.js";
import { playerNotifications, type PlayerStreamItem } from "./streams.js";
import { subscribe, type Handlers, type Subscription } from "./subscribe.js";
import { answered, streamBody, connectingFetch, typedClient, type ApiClient } from "./transport.js";

const DEFAULT_TIMEOUT_MS = 40_000;

export interface LorekeeperOptions {
  /** The server (`https://lorekeeper.example`) or its API root (`…/v1`). */
  baseUrl: string;
  /** A player key (`lkp_…`): sent with every call that names no other token. */
  key?: string;
  /** The fetch to use (default: the platform's). */
  fetch?: Fetch;
  /** The longest one attempt of a call may take, answer and body (ms; default 40 s: longer
   * than the longest `minVersion` wait a server may be set to, 30 s). */
  timeoutMs?: number;
  /** When and how often calls are tried again (see `DEFAULT_RETRY`). */
  retry?: Partial<RetryPolicy>;
  /** How streams notice a dropped connection and reconnect (see `DEFAULT_STREAM`). */
  stream?: Partial<StreamOptions>;
  /** Time, for tests. */
  clock?: Clock;
}

export interface NotificationOptions {
  /** The position of the last notification you have: the stream goes on after it. Without
   * it, from the next notification (`"0-0"`: every one the server keeps). */
  after?: string;
  /** A fresh single-use stream ticket for each connection, for a page that does not hold
   * the player key (its backend asks `POST /players/me/stream-tickets` with the key).
   * Without it, the client's key authenticates the stream. */
  ticket?: () => Promise<string>;
  signal?: AbortSignal;
}

/** The API's root: `baseUrl`, with `/v1` added unless it names it. */
export function apiRoot(baseUrl: string): string {
  const url = baseUrl.replace(/\/+$/, "");
  return url.endsWith("/v1") ? url : `${url}/v1`;
}

export class Lorekeeper {
  /** Every operation of openapi.yaml, typed (openapi-fetch), with this client's key and
   * retries: for what the methods here do not cover. */
  readonly api: ApiClient;
  readonly root: string;
  private key: string | undefined;
  private readonly context: GameContext;

  constructor(options: LorekeeperOptions) {
    const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    const clock = options.clock ?? systemClock;
    const stream = { ...DEFAULT_STREAM, ...options.stream };
    this.root = apiRoot(options.baseUrl);
    this.key = options.key;
    this.api = typedClient({
      root: this.root,
      fetch: fetchImpl,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      clock,
      credential: () => this.key,
    });
    this.context = {
      api: this.api,
      clock,
      stream,
      connectFetch: connectingFetch(fetchImpl, stream.connectTimeoutMs),
    };
  }

  /** Acts with this player key from now on (or with none). */
  useKey(key: string | undefined): void {
    this.key = key;
  }

  get hasKey(): boolean {
    return this.key !== undefined;
  }

  private done<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    return answered(call, this.context.clock);
  }

  /** A game, read and played with `token` (a seat or read-only token) or the client's key. */
  game(id: string, token?: string): Game {
    return new Game(this.context, id, token);
  }

  /** A new player and its key (shown once). The client keeps its own key: call
   * `useKey(player.key)` to act as the new player. */
  signUp(name: string): Promise<NewPlayer> {
    return this.done(this.api.POST("/players", { body: { name } }));
  }

  /** The player of the client's key: its keys' ids, limits and game counts. */
  me(): Promise<Me> {
    return this.done(this.api.GET("/players/me"));
  }

  /** One more key for the player. */
  addKey(): Promise<IssuedKey> {
    return this.done(this.api.POST("/players/me/keys"));
  }

  /** A new key in place of the client's; the client uses it from now on. */
  async rotateKey(): Promise<RotatedKey> {
    const issued = await this.done(this.api.POST("/players/me/keys/rotate"));
    this.key = issued.key;
    return issued;
  }

  /** Revokes one of the player's keys by its id. */
  async revokeKey(keyId: string): Promise<void> {
    await this.done(
      this.api.DELETE("/players/me/keys/{key_id}", { params: { path: { key_id: keyId } } }),
    );
  }

  /** The public games: `open` to join, `active`, `over`; a page, `next` for the following. */
  lobby(query: LobbyQuery = {}): Promise<LobbyPage> {
    return this.done(this.api.GET("/games", { params: { query } }));
  }

  /** The player's games: by `status` (`invited`: a seat waits for it), or `turn: "mine"`. */
  myGames(query: MyGamesQuery = {}): Promise<LobbyPage> {
    return this.done(this.api.GET("/players/me/games", { params: { query } }));
  }

  /** The shipped scenarios. */
  async scenarios(): Promise<ScenarioSummary[]> {
    return (await this.done(this.api.GET("/scenarios"))).scenarios;
  }

  /** A shipped scenario's whole document: its board, units and settings. */
  scenario(name: string): Promise<ScenarioDocument> {
    return this.done(this.api.GET("/scenarios/{name}", { params: { path: { name } } }));
  }

  /**
   * Creates a game. The creation carries one idempotency key across its retries, so a lost
   * answer never makes two games, and the resend gets the first answer's seat tokens.
   */
  createGame(body: CreateGame, options: { idempotencyKey?: string } = {}): Promise<CreatedGame> {
    const header = { "Idempotency-Key": options.idempotencyKey ?? newIdempotencyKey() };
    return this.done(this.api.POST("/games", { params: { header }, body }));
  }

  /** A single-use ticket (60 s) that opens one notification stream of this player: what a
   * backend hands a page that must not hold the key. */
  async streamTicket(): Promise<string> {
    return (await this.done(this.api.POST("/players/me/stream-tickets"))).ticket;
  }

  /**
   * The player's notifications as they come (`your_turn`, `decision_requested`,
   * `game_over` …), each once and in order, across dropped connections and the server's time
   * limit. Runs until `signal` aborts or the loop breaks.
   */
  notifications(options: NotificationOptions = {}): AsyncGenerator<PlayerStreamItem> {
    const source = playerNotifications((lastId, signal) =>
      this.connectPlayer(lastId, options, signal),
    );
    return resumable(
      source,
      options.after,
      this.context.stream,
      this.context.clock,
      options.signal,
    );
  }

  /** `notifications` with callbacks; `close()` stops it. */
  subscribeNotifications(
    handlers: Handlers<PlayerStreamItem>,
    options: Omit<NotificationOptions, "signal"> = {},
  ): Subscription {
    return subscribe((signal) => this.notifications({ ...options, signal }), handlers);
  }

  private async connectPlayer(
    lastId: string | undefined,
    options: NotificationOptions,
    signal: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>> {
    const ticket = options.ticket === undefined ? undefined : await options.ticket();
    const query = {
      ...(ticket === undefined ? {} : { ticket }),
      ...(lastId === undefined ? {} : { after: lastId }),
    };
    const call = this.api.GET("/players/me/stream", {
      params: { query },
      headers: { Accept: "text/event-stream" },
      parseAs: "stream",
      fetch: this.context.connectFetch,
      signal,
    });
    return streamBody(call, this.context.clock);
  }
}

/** A client of the API at `options.baseUrl`. */
export function createLorekeeper(options: LorekeeperOptions): Lorekeeper {
  return new Lorekeeper(options);
}
