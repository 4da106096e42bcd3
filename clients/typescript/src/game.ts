/**
 * One game, as one seat (or reader) sees it: the board, the legal actions, commands, the
 * live stream of its events, and its table (seats, invitations, grants, rematch).
 */
import type { Clock } from "./clock.js";
import type { components } from "./generated/openapi.js";
import type {
  AuditVerdict,
  BoardView,
  Command,
  CommandReply,
  CreatedGame,
  Declined,
  EventPage,
  GameLog,
  Grant,
  Invitation,
  Joined,
  LeftGame,
  LegalActions,
  NewGrant,
  Table,
} from "./types.js";
import { newIdempotencyKey } from "./ids.js";
import { resumable, type StreamOptions } from "./resume.js";
import { gameEvents, type GameEvent } from "./streams.js";
import { subscribe, type Handlers, type Subscription } from "./subscribe.js";
import { answered, streamBody, bearer, type ApiClient } from "./transport.js";

type Schemas = components["schemas"];

export interface SendOptions {
  /** Names the command; a new random key if not given. Resend a command that may have gone
   * through (after a crash, say) with the key it was first sent with. */
  idempotencyKey?: string;
  /** Act only if the game is still at this version (412 `version_mismatch` otherwise). */
  ifMatch?: number;
  signal?: AbortSignal;
}

export interface FollowOptions {
  /** The version of the last event you have (a view's `version`): the stream starts after
   * it. Without it, from the game's first event. */
  after?: number;
  /** A fresh single-use stream ticket for each connection, for a page that does not hold
   * the player key (its backend asks `POST /players/me/stream-tickets` with the key). The
   * stream reads the game as the ticket's player. */
  ticket?: () => Promise<string>;
  signal?: AbortSignal;
}

export interface GameContext {
  api: ApiClient;
  clock: Clock;
  stream: StreamOptions;
  /** Opens a stream connection (its own fetch: no retries, no time limit on the body). */
  connectFetch: (request: Request) => Promise<Response>;
}

export class Game {
  /**
   * @param token a seat token (`lks_…`) or read-only token (`lkv_…`) of this game; without
   *   one, calls carry the client's player key, or nothing.
   */
  constructor(
    private readonly context: GameContext,
    readonly id: string,
    readonly token?: string,
  ) {}

  private get path(): { path: { game_id: string } } {
    return { path: { game_id: this.id } };
  }

  private get headers(): Record<string, string> {
    return bearer(this.token);
  }

  private done<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    return answered(call, this.context.clock);
  }

  /** The board now, redacted for the caller. With `minVersion`, once the game reached it
   * (or after the server's wait, about 2 s: check `version`). */
  view(options: { minVersion?: number; signal?: AbortSignal } = {}): Promise<BoardView> {
    const query = options.minVersion === undefined ? {} : { min_version: options.minVersion };
    return this.done(
      this.context.api.GET("/games/{game_id}", {
        params: { ...this.path, query },
        headers: this.headers,
        ...signalOf(options),
      }),
    );
  }

  /** The board as it was after event `version`. */
  state(version: number): Promise<BoardView> {
    return this.done(
      this.context.api.GET("/games/{game_id}/state", {
        params: { ...this.path, query: { version } },
        headers: this.headers,
      }),
    );
  }

  /** Every command the caller's seat may send now. */
  legalActions(options: { signal?: AbortSignal } = {}): Promise<LegalActions> {
    return this.done(
      this.context.api.GET("/games/{game_id}/legal-actions", {
        params: this.path,
        headers: this.headers,
        ...signalOf(options),
      }),
    );
  }

  /**
   * Sends a command as the caller's seat. It carries one idempotency key across all its
   * retries (503, 429, no answer), so it is applied at most once; a retry's answer is the
   * first one's (`duplicate: true`). A refusal throws an `ApiError` naming the rule.
   */
  send(command: Command, options: SendOptions = {}): Promise<CommandReply> {
    const header = {
      "Idempotency-Key": options.idempotencyKey ?? newIdempotencyKey(),
      ...(options.ifMatch === undefined ? {} : { "If-Match": `"${options.ifMatch}"` }),
    };
    return this.done(
      this.context.api.POST("/games/{game_id}/commands", {
        params: { ...this.path, header },
        body: command,
        headers: this.headers,
        ...signalOf(options),
      }),
    );
  }

  /** A page of events from `from` (default 1); `next` is the following page's `from`. */
  async events(options: { from?: number; limit?: number } = {}): Promise<EventPage> {
    const headers = { ...this.headers, Accept: "application/json" };
    const call = this.context.api.GET("/games/{game_id}/events", {
      params: { ...this.path, query: options },
      headers,
    });
    return (await this.done(call)) as EventPage; // JSON asked for: not the NDJSON text
  }

  /**
   * The game's events as they happen, each once and in order, across dropped connections
   * and the server's stream time limit (resumed after the last version seen). Ends after the
   * game's last event; ends quietly when `signal` aborts or the loop breaks.
   */
  follow(options: FollowOptions = {}): AsyncGenerator<GameEvent> {
    const source = gameEvents((lastId, signal) => this.connect(lastId, signal, options.ticket));
    const after = options.after === undefined ? undefined : String(options.after);
    return resumable(source, after, this.context.stream, this.context.clock, options.signal);
  }

  /** `follow` with callbacks: `onItem` for each event, `onEnd` after the last, `onError`
   * if the stream gives up. `close()` stops it. */
  subscribe(
    handlers: Handlers<GameEvent>,
    options: Omit<FollowOptions, "signal"> = {},
  ): Subscription {
    return subscribe((signal) => this.follow({ ...options, signal }), handlers);
  }

  private async connect(
    lastId: string | undefined,
    signal: AbortSignal,
    ticketOf?: () => Promise<string>,
  ): Promise<ReadableStream<Uint8Array>> {
    const header = lastId === undefined ? {} : { "Last-Event-ID": lastId };
    const ticket = ticketOf === undefined ? undefined : await ticketOf();
    const query = ticket === undefined ? {} : { ticket };
    const call = this.context.api.GET("/games/{game_id}/stream", {
      params: { ...this.path, header, query },
      headers: { ...this.headers, Accept: "text/event-stream" },
      parseAs: "stream",
      fetch: this.context.connectFetch,
      signal,
    });
    return streamBody(call, this.context.clock);
  }

  /** Who holds each seat. */
  table(): Promise<Table> {
    return this.done(
      this.context.api.GET("/games/{game_id}/table", { params: this.path, headers: this.headers }),
    );
  }

  /** Takes a seat (with the client's player key): by `invitation`, a `seat`, or the first
   * open one. The answer holds the seat's token; the key acts for the seat as well. */
  join(body: Schemas["Join"] = {}): Promise<Joined> {
    return this.done(this.context.api.POST("/games/{game_id}/join", { params: this.path, body }));
  }

  /** Turns down a seat: the one `invitation` is for (no key needed), or without it the seat
   * reserved for the client's player (a named seat, a rematch). */
  decline(body: Schemas["Decline"] = {}): Promise<Declined> {
    return this.done(
      this.context.api.POST("/games/{game_id}/decline", { params: this.path, body }),
    );
  }

  /** Frees the caller's seat of a game not started. */
  leave(): Promise<LeftGame> {
    return this.done(this.context.api.POST("/games/{game_id}/leave", { params: this.path }));
  }

  /** A new single-use invitation for a free seat (the seat's earlier one dies). */
  invite(body: Schemas["Invite"] = {}): Promise<Invitation> {
    return this.done(
      this.context.api.POST("/games/{game_id}/invitations", {
        params: this.path,
        body,
        headers: this.headers,
      }),
    );
  }

  /** The same scenario again, seats rotated (a game that is over); asking again answers the
   * same rematch. */
  rematch(): Promise<CreatedGame> {
    return this.done(this.context.api.POST("/games/{game_id}/rematch", { params: this.path }));
  }

  /** A read-only token (`spectator` or `auditor`), shown once. */
  grant(role: Schemas["NewGrant"]["role"]): Promise<NewGrant> {
    return this.done(
      this.context.api.POST("/games/{game_id}/grants", {
        params: this.path,
        body: { role },
        headers: this.headers,
      }),
    );
  }

  /** The game's read-only tokens (their ids, never the tokens). */
  async grants(): Promise<Grant[]> {
    return (
      await this.done(
        this.context.api.GET("/games/{game_id}/grants", {
          params: this.path,
          headers: this.headers,
        }),
      )
    ).grants;
  }

  /** Revokes a read-only token at once. */
  async revokeGrant(grantId: string): Promise<void> {
    const params = { path: { game_id: this.id, grant_id: grantId } };
    await this.done(
      this.context.api.DELETE("/games/{game_id}/grants/{grant_id}", {
        params,
        headers: this.headers,
      }),
    );
  }

  /** The history in plain words, a line per event. */
  log(): Promise<GameLog> {
    const params = { ...this.path, query: { format: "json" as const } };
    return this.done(
      this.context.api.GET("/games/{game_id}/log", { params, headers: this.headers }),
    ) as Promise<GameLog>;
  }

  /**
   * The board as an SVG picture (the history viewer's drawing), after event `version` or
   * now. Every hex is a `polygon.hex` with `data-hex="col,row"`, every piece a `g.unit` with
   * `data-unit`, `data-hex` and `data-owner`, so a page can mark them; the picture's words
   * are JSON in its `<metadata class="lk-status">`. A given version never changes.
   */
  boardSvg(options: { version?: number; signal?: AbortSignal } = {}): Promise<string> {
    const query = options.version === undefined ? {} : { version: options.version };
    return this.done(
      this.context.api.GET("/games/{game_id}/board.svg", {
        params: { ...this.path, query },
        headers: this.headers,
        parseAs: "text",
        ...signalOf(options),
      }),
    ) as Promise<string>;
  }

  /** The server's verdict on the game's history (`verified`, `failed` …). */
  audit(): Promise<AuditVerdict> {
    return this.done(
      this.context.api.GET("/games/{game_id}/audit", { params: this.path, headers: this.headers }),
    );
  }

  /** The whole history as NDJSON text, checkable offline (`python -m lorekeeper verify`). */
  exportText(): Promise<string> {
    return this.done(
      this.context.api.GET("/games/{game_id}/export", {
        params: this.path,
        headers: this.headers,
        parseAs: "text",
      }),
    );
  }
}

function signalOf(options: { signal?: AbortSignal }): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}
