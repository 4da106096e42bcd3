/**
 * One game as this page plays it: the board (the view, the server's SVG of it, the legal
 * actions of each seat the page plays), the log, the dice as they fall, kept current by the
 * game's stream (through the SDK, which resumes it after a dropped network with
 * Last-Event-ID: each event comes once, in order). Nothing polls: a read follows an event or
 * a command's answer.
 */
import {
  isApiError,
  type AuditVerdict,
  type BoardView,
  type Command,
  type Game,
  type GameEvent,
  type LegalActions,
  type PublicDice,
  type Subscription,
  type Table,
} from "@lorekeeper/client";
import { lk } from "../api.js";
import { refusalOf, type Refusal } from "../errors.js";
import { gameNotes, type Player } from "../session.js";

/** One line of the log: from the history read when the page opened, or from the stream. */
export interface LogLine {
  version: number;
  type: string;
  text: string;
  source: "history" | "stream";
}

export interface Roll {
  version: number;
  who: string;
  faces: string[];
  result: string;
}

export type Live = "connecting" | "live" | "offline" | "over" | "lost";

export interface Snapshot {
  view: BoardView | undefined;
  svg: string | undefined;
  /** Each of the page's seats' legal actions (at the view's version). */
  legal: Map<number, LegalActions>;
  /** The seats this page plays. */
  mySeats: number[];
  /** The seat the game waits on, if any (a decision's, else the active seat's). */
  toAct: number | undefined;
  table: Table | undefined;
  dice: PublicDice | undefined;
  seeded: number[];
  log: LogLine[];
  rolls: Roll[];
  live: Live;
  busy: boolean;
  refusal: Refusal | undefined;
  audit: AuditVerdict | undefined;
  /** When the view arrived (Date.now()), for the clocks' ticking. */
  receivedAt: number;
}

const SEED_EVENTS = new Set(["ClientSeedGiven", "ClientSeedCommitted", "ClientSeedRevealed"]);
const MAX_ROUNDS = 6;

export class GameStore {
  private snap: Snapshot = {
    view: undefined,
    svg: undefined,
    legal: new Map(),
    mySeats: [],
    toAct: undefined,
    table: undefined,
    dice: undefined,
    seeded: [],
    log: [],
    rolls: [],
    live: "connecting",
    busy: false,
    refusal: undefined,
    audit: undefined,
    receivedAt: 0,
  };
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | undefined;
  private wanted = 0;
  private dirty = false;
  private running: Promise<void> | undefined;
  private lastStreamed = 0;
  private stopped = false;
  private forced = false;
  private sending = 0;
  private heardUpTo = 0;
  private pendingRead: ReturnType<typeof setTimeout> | undefined;
  private readingLog = false;
  private readonly tokens: Record<string, string>;

  constructor(
    readonly gameId: string,
    private readonly player: Player,
  ) {
    this.tokens = gameNotes(gameId).tokens;
  }

  get state(): Snapshot {
    return this.snap;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(change: Partial<Snapshot>): void {
    this.snap = { ...this.snap, ...change };
    for (const listener of this.listeners) listener();
  }

  /** The game as `seat` acts in it: with its token where this page holds one, else with
   * the player's key. */
  seatGame(seat: number | undefined): Game {
    const token = seat === undefined ? undefined : this.tokens[String(seat)];
    return token === undefined ? lk.game(this.gameId) : lk.game(this.gameId, token);
  }

  /** Reads as the seat to act when it is this page's (its cards), else as the player. */
  private reader(): Game {
    const { toAct, mySeats } = this.snap;
    return this.seatGame(toAct !== undefined && mySeats.includes(toAct) ? toAct : mySeats[0]);
  }

  async start(): Promise<void> {
    addEventListener("offline", this.wentOffline);
    addEventListener("online", this.cameOnline);
    try {
      const table = await lk.game(this.gameId).table();
      this.set({ table, mySeats: this.seatsIn(table) });
      const [page, log] = await Promise.all([
        this.reader().events({ from: 1, limit: 100 }),
        this.reader().log(),
      ]);
      const created = page.events[0]?.payload as { dice?: PublicDice } | undefined;
      this.set({
        dice: created?.dice,
        seeded: page.events.filter((e) => SEED_EVENTS.has(e.type)).map(seatOf),
        log: log.entries.map((e) => ({ ...e, source: "history" as const })),
      });
      this.lastStreamed = log.version;
      await this.sync(log.version);
      this.follow();
      if (log.over) void this.loadEnd();
    } catch (error) {
      this.set({ refusal: refusalOf(error), live: "lost" });
    }
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.close();
    removeEventListener("offline", this.wentOffline);
    removeEventListener("online", this.cameOnline);
  }

  private readonly wentOffline = () => {
    if (this.snap.live !== "over") this.set({ live: "offline" });
  };

  private readonly cameOnline = () => {
    if (this.snap.live === "lost") this.follow();
    else if (this.snap.live === "offline") this.set({ live: "live" });
    this.forced = true; // what the page read while offline may have failed: read again
    void this.sync(this.lastStreamed);
  };

  private seatsIn(table: Table): number[] {
    const held = table.seats.filter((s) => s.player?.id === this.player.id).map((s) => s.seat);
    const tokens = Object.keys(this.tokens).map(Number);
    return [...new Set([...held, ...tokens])].sort((a, b) => a - b);
  }

  /** The game's events from the last one seen on, each once (the SDK resumes a dropped
   * stream after the last version it gave). */
  private follow(): void {
    this.subscription?.close();
    this.set({ live: "live" });
    this.subscription = this.reader().subscribe(
      {
        onItem: (event) => this.heard(event),
        onEnd: () => {
          this.set({ live: "over" });
          void this.sync(this.lastStreamed).then(() => this.loadEnd());
        },
        onError: (error) => this.set({ live: "lost", refusal: refusalOf(error) }),
      },
      { after: this.lastStreamed },
    );
  }

  private heard(event: GameEvent): void {
    this.lastStreamed = event.version;
    const line: LogLine = { version: event.version, type: event.type, text: "", source: "stream" };
    const change: Partial<Snapshot> = { log: [...this.snap.log, line], live: "live" };
    const roll = rollOf(event);
    if (roll) change.rolls = [...this.snap.rolls, roll].slice(-12);
    if (SEED_EVENTS.has(event.type)) change.seeded = [...this.snap.seeded, seatOf(event)];
    this.set(change);
    // The events of one append come together: one read after the last of them. While this
    // page's own command is on its way, the read after its answer covers them.
    this.heardUpTo = Math.max(this.heardUpTo, event.version);
    this.pendingRead ??= setTimeout(() => {
      this.pendingRead = undefined;
      if (this.sending === 0) void this.sync(this.heardUpTo);
    }, 0);
  }

  /** Reads the board until it is at `version` at least (several events coming together
   * make one read). Resolves once the page shows it. */
  sync(version = 0): Promise<void> {
    this.wanted = Math.max(this.wanted, version);
    this.dirty = true;
    this.running ??= this.syncLoop();
    return this.running;
  }

  private async syncLoop(): Promise<void> {
    try {
      for (let round = 0; this.dirty && round < MAX_ROUNDS && !this.stopped; round += 1) {
        this.dirty = false;
        await this.load(this.wanted);
      }
    } catch (error) {
      this.forced = true; // the next event, or the browser coming back online, reads again
      this.set({ refusal: refusalOf(error) });
    } finally {
      this.running = undefined; // in the same turn as the last check of `dirty`
    }
  }

  private async load(wanted: number): Promise<void> {
    const known = this.snap.view?.version ?? 0;
    const forced = this.forced;
    this.forced = false;
    if (!forced && wanted > 0 && known >= wanted) {
      void this.fillLog();
      return;
    }
    const reader = this.reader();
    const at = wanted > known ? wanted : undefined;
    const seats = this.snap.mySeats;
    const [view, svg, legal] = await Promise.all([
      reader.view(at === undefined ? {} : { minVersion: at }),
      at === undefined ? undefined : reader.boardSvg({ version: at }),
      Promise.all(
        seats.map((s) =>
          this.seatGame(s)
            .legalActions()
            .catch(() => undefined),
        ),
      ),
    ]);
    const picture =
      view.version === at && svg !== undefined
        ? svg
        : await reader.boardSvg({ version: view.version });
    const legalBySeat = new Map<number, LegalActions>();
    seats.forEach((seat, i) => {
      const listing = legal[i];
      if (listing === undefined) return;
      legalBySeat.set(seat, listing);
      if (listing.version !== view.version) {
        // The game moved on between the two reads: read both again, even when the view
        // is already at the version wanted (a listing older than the view is stale).
        this.wanted = Math.max(this.wanted, listing.version);
        this.forced = true;
        this.dirty = true;
      }
    });
    this.set({
      view,
      svg: picture,
      legal: legalBySeat,
      toAct: seatToAct(view),
      receivedAt: Date.now(),
      ...(this.snap.refusal?.code === "network" ? { refusal: undefined } : {}),
    });
    void this.fillLog();
  }

  /** The plain words of the lines the stream brought: read beside the board, never before
   * it is drawn. */
  private async fillLog(): Promise<void> {
    if (this.readingLog || !this.needsText()) return;
    this.readingLog = true;
    let filled = false;
    try {
      const log = await this.reader().log();
      const texts = new Map(log.entries.map((e) => [e.version, e.text]));
      const lines = this.snap.log.map((l) =>
        l.text ? l : { ...l, text: texts.get(l.version) ?? "" },
      );
      filled = lines.some((l, i) => l.text !== this.snap.log[i]?.text);
      this.set({ log: lines });
    } catch {
      // the next read fills them
    } finally {
      this.readingLog = false;
    }
    if (filled && this.needsText()) void this.fillLog(); // lines came while it read
  }

  private needsText(): boolean {
    return this.snap.log.some((line) => line.text === "");
  }

  /** Sends `command` as `seat` (the seat to act, by default), on the board the page shows
   * (If-Match): a game that moved on is read again, not acted on blindly. */
  async send(command: Command, seat = this.snap.toAct): Promise<boolean> {
    const version = this.snap.view?.version;
    this.set({ busy: true, refusal: undefined });
    this.sending += 1;
    try {
      const game = this.seatGame(seat);
      const reply = await game.send(command, version === undefined ? {} : { ifMatch: version });
      await this.sync(reply.version);
      return true;
    } catch (error) {
      const moved = isApiError(error, "version_mismatch") || isApiError(error, "version_conflict");
      if (isApiError(error)) void this.sync(error.currentVersion ?? 0);
      this.set({ refusal: moved ? undefined : refusalOf(error) });
      return false;
    } finally {
      this.sending -= 1;
      this.set({ busy: false });
      if (this.heardUpTo > (this.snap.view?.version ?? 0)) void this.sync(this.heardUpTo);
    }
  }

  /** A new game of the same scenario (a game that is over); its id. */
  async rematch(): Promise<string | undefined> {
    this.set({ busy: true, refusal: undefined });
    try {
      const created = await lk.game(this.gameId).rematch();
      return created.game_id;
    } catch (error) {
      this.set({ refusal: refusalOf(error) });
      return undefined;
    } finally {
      this.set({ busy: false });
    }
  }

  /** Reads the table again (a seat taken, an invitation declined). */
  async refreshTable(): Promise<void> {
    try {
      const table = await lk.game(this.gameId).table();
      this.set({ table, mySeats: this.seatsIn(table) });
    } catch {
      // the next notification reads it again
    }
  }

  private async loadEnd(): Promise<void> {
    try {
      const [audit, table] = await Promise.all([
        this.reader().audit(),
        lk.game(this.gameId).table(),
      ]);
      this.set({ audit, table });
    } catch (error) {
      this.set({ refusal: refusalOf(error) });
    }
  }
}

/** The seat the game waits on: a decision's owner, else the active seat; none before the
 * first turn, in a breath phase (the server's) and once it is over. */
export function seatToAct(view: BoardView): number | undefined {
  if (view.turn === 0 || view.phase === "over" || view.phase === "breath") return undefined;
  if (view.pending) return view.pending.seat ?? undefined;
  return view.active_seat;
}

function seatOf(event: GameEvent): number {
  return Number((event.payload as { seat?: unknown }).seat ?? -1);
}

function rollOf(event: GameEvent): Roll | undefined {
  const p = event.payload as Record<string, unknown>;
  if (!Array.isArray(p["faces"])) return undefined;
  const faces = p["faces"] as string[];
  if (event.type === "BattleRolled") {
    const back = p["battle_back"] ? " (battle back)" : "";
    return {
      version: event.version,
      who: `${String(p["attacker"])} against ${String(p["target"])}${back}`,
      faces,
      result: `${String(p["hits"])} hits, ${String(p["flags"])} flags`,
    };
  }
  if (event.type === "BreathRolled") {
    return {
      version: event.version,
      who: `${String(p["dragon"])} breathes on ${String(p["target"])}`,
      faces,
      result: `${String(p["tokens"])} ${String(p["effect"])} tokens`,
    };
  }
  return {
    version: event.version,
    who: `critical hit check on ${String(p["unit"])}`,
    faces,
    result: p["killed"] ? "destroyed" : `${String(p["hits"])} hits`,
  };
}
