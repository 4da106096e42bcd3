/**
 * Plays a whole game against a real server through the built SDK, as two players on two
 * devices would, with the network failing under them:
 *
 *   node build-test/integration/play-game.js <config.json>
 *
 * config: {"url": the server, "scenario": a scenario document or name}. Ann signs up and
 * creates a public game with an invitation for the other seat; Bob, who signs up too, finds
 * it in the lobby and joins with the invitation. Ann follows the game's stream, Bob's page
 * follows his notifications with stream tickets his "backend" mints. Each turn the seat to
 * act reads its legal actions and sends one (tests/integration/battler.ts) until the game
 * ends. Everything goes through a proxy that, mid-game, cuts every open connection once and
 * loses the answer to one command after the server applied it.
 *
 * Checks (node:assert; exit 1 on the first that fails): the stream gave every event once, in
 * order, equal to the event log; the lost answer came back on the SDK's retry as the first
 * result (`duplicate: true`); Bob heard the game start and end, each notification once; the
 * audit verifies. Then the table, the log, the export, a spectator, the scenarios and a
 * rematch (tests/integration/after-game.ts). Prints a JSON summary on stdout for the
 * caller's own checks.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  createLorekeeper,
  isApiError,
  type CreateGame,
  type Game,
  type GameEvent,
  type PlayerStreamItem,
} from "@lorekeeper/client";
import { aroundTheGame } from "./after-game.js";
import { chooseAction } from "./battler.js";
import { FaultyProxy } from "./proxy.js";

const DEADLINE_MS = 150_000;
const WAIT_MS = 30_000; // for something the server does by itself (a stream's end, a notification)
const RETRY_CODES = new Set(["version_mismatch", "version_conflict", "breath_pending"]);
const DROP_AT_COMMAND = 6; // cut every connection after this many commands
const LOSE_REPLY_AT_COMMAND = 9; // lose the answer to the first command after this many

interface Config {
  url: string;
  scenario: CreateGame["scenario"];
}

interface Table {
  seats: Game[]; // each seat's game, through its player's client
  annStream: Promise<GameEvent[]>;
  notes: PlayerStreamItem[];
}

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Config;
  const proxy = await FaultyProxy.start(new URL(config.url));
  try {
    const summary = await playThrough(proxy, config);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await proxy.close();
  }
}

async function playThrough(proxy: FaultyProxy, config: Config): Promise<Record<string, unknown>> {
  const ann = createLorekeeper({ baseUrl: proxy.url });
  const bob = createLorekeeper({ baseUrl: proxy.url });
  ann.useKey((await ann.signUp("Ann")).key);
  bob.useKey((await bob.signUp("Bob")).key);

  const notes: PlayerStreamItem[] = [];
  const bobsPage = createLorekeeper({ baseUrl: proxy.url }).subscribeNotifications(
    { onItem: (item) => void notes.push(item), onError: failed },
    // The page holds no key: its backend mints the tickets. A new player: every one it has.
    { ticket: () => bob.streamTicket(), after: "0-0" },
  );
  const created = await ann.createGame({
    scenario: config.scenario,
    seats: [{ kind: "me" }, { kind: "invite", expires_in_s: 600 }],
  });
  const invitation = created.invitations[0]?.token;
  assert.ok(invitation, "the creator receives the invitation");
  await until(
    async () =>
      (await bob.lobby({ status: "open" })).games.some((g) => g.game_id === created.game_id),
    "the game in the lobby",
  );
  const joined = await bob.game(created.game_id).join({ invitation });
  assert.equal(joined.seat, 1);

  const annGame = ann.game(created.game_id);
  const table: Table = {
    seats: [annGame, bob.game(created.game_id)],
    annStream: collect(annGame.follow()),
    notes,
  };
  const started = Date.now();
  const played = await play(table, proxy);
  const seconds = (Date.now() - started) / 1000;
  const streamed = await within(table.annStream, WAIT_MS, "the game's stream to end");
  await until(
    async () => hasNote(notes, "game_over", created.game_id),
    "Bob's game_over notification",
  );
  bobsPage.close();
  const checked = await check(annGame, streamed, notes, proxy);
  const around = await aroundTheGame(ann, bob, created.game_id);
  return { game_id: created.game_id, play_s: seconds, ...played, ...checked, ...around };
}

/** Plays until the game is over; returns what happened. */
async function play(table: Table, proxy: FaultyProxy): Promise<Record<string, unknown>> {
  const game = table.seats[0] as Game;
  const started = Date.now();
  let [version, commands, dropped] = [1, 0, false];
  let lost: { key: string; duplicate: boolean } | undefined;
  while (Date.now() - started < DEADLINE_MS) {
    const view = await game.view({ minVersion: version });
    version = Math.max(version, view.version);
    if (view.phase === "over") {
      return { version, commands, winner: view.winner, turn: view.turn, lost_reply: lost };
    }
    if (view.phase === "breath") {
      version += 1; // the server's worker resolves it: wait for its next event
      continue;
    }
    const player = table.seats[view.pending?.seat ?? view.active_seat] as Game;
    const legal = await player.legalActions();
    if (legal.version !== view.version) continue; // moved on between the two reads
    if (commands >= DROP_AT_COMMAND && !dropped) dropped = await dropEverything(game, table, proxy);
    const losing = commands >= LOSE_REPLY_AT_COMMAND && lost === undefined;
    if (losing) proxy.loseReplyTo(`POST /v1/games/${game.id}/commands `);
    const key = `sdk-test-${game.id}-${legal.version}`;
    try {
      const sent = { idempotencyKey: key, ifMatch: legal.version };
      const reply = await player.send(chooseAction(view, legal), sent);
      if (losing) lost = { key, duplicate: reply.duplicate };
      version = reply.version;
      commands += 1;
    } catch (error) {
      if (!(isApiError(error) && RETRY_CODES.has(error.code))) throw error;
      version = Math.max(version, error.currentVersion ?? version);
    }
  }
  throw new Error(`the game did not end within ${DEADLINE_MS} ms`);
}

/** Cuts every connection while both streams are open, once Bob's stream has something to
 * resume from. */
async function dropEverything(game: Game, table: Table, proxy: FaultyProxy): Promise<true> {
  const [gameStream, playerStream] = [
    `GET /v1/games/${game.id}/stream`,
    "GET /v1/players/me/stream",
  ];
  const ready = async () =>
    table.notes.some((n) => n.type === "notification") &&
    proxy.isOpen(gameStream) &&
    proxy.isOpen(playerStream);
  await until(ready, "both streams open, with a notification heard");
  const cut = proxy.dropAll();
  assert.ok(
    cut.some((head) => head.startsWith(gameStream)),
    "the drop cut the game's stream",
  );
  assert.ok(
    cut.some((head) => head.startsWith(playerStream)),
    "the drop cut Bob's stream",
  );
  return true;
}

async function check(
  game: Game,
  streamed: GameEvent[],
  notes: PlayerStreamItem[],
  proxy: FaultyProxy,
) {
  const logged = await allEvents(game);
  assert.deepEqual(
    streamed.map((e) => [e.version, e.hash]),
    logged.map((e) => [e.version, e.hash]),
    "the stream gave every event once, in order",
  );
  const streams = proxy.requests.filter((r) => r.startsWith(`GET /v1/games/${game.id}/stream`));
  assert.ok(
    streams.some((r) => /^last-event-id: \d+$/im.test(r)),
    "the game's stream resumed with Last-Event-ID",
  );
  const heard = notes.flatMap((n) => (n.type === "notification" ? [n.notification] : []));
  assert.deepEqual(
    notes.filter((n) => n.type !== "notification"),
    [],
    "no reset: nothing was lost",
  );
  assert.equal(new Set(heard.map((n) => n.id)).size, heard.length, "each notification once");
  assert.ok(hasNote(notes, "game_started", game.id), "Bob heard the game start");
  const tickets = proxy.requests.filter((r) => r.startsWith("GET /v1/players/me/stream?ticket="));
  assert.ok(tickets.length >= 2, "Bob's page reconnected with a fresh ticket");
  const audit = await game.audit();
  assert.equal(audit.verdict, "verified");
  return {
    events: logged.length,
    game_stream_connections: streams.length,
    player_stream_connections: tickets.length,
    notifications: heard.map((n) => n.type),
    lost_replies: proxy.lostReplies,
    audit: audit.verdict,
  };
}

async function allEvents(game: Game): Promise<GameEvent[]> {
  const events: GameEvent[] = [];
  for (let from: number | null = 1; from !== null;) {
    const page = await game.events({ from, limit: 1000 });
    events.push(...page.events);
    from = page.next;
  }
  return events;
}

function hasNote(notes: PlayerStreamItem[], type: string, gameId: string): boolean {
  return notes.some(
    (n) =>
      n.type === "notification" &&
      n.notification.type === type &&
      n.notification.game_id === gameId,
  );
}

function failed(error: unknown): never {
  console.error("Bob's notification stream failed:", error);
  process.exit(1);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Polls `check` until it holds, for at most WAIT_MS. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${WAIT_MS} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
