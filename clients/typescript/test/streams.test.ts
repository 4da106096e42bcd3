import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createLorekeeper,
  isApiError,
  NetworkError,
  type GameEvent,
  type PlayerStreamItem,
} from "../dist/index.js";
import { isAfter } from "../dist/streams.js";
import {
  collect,
  endMessage,
  eventMessage,
  FakeClock,
  problem,
  ScriptedServer,
  sse,
} from "./helpers.js";

function lorekeeper(server: ScriptedServer, clock = new FakeClock(), stream = {}) {
  return createLorekeeper({
    baseUrl: "http://api.test",
    key: "lkp_k",
    fetch: server.fetch,
    clock,
    stream,
  });
}

const versions = (events: GameEvent[]): number[] => events.map((e) => e.version);

describe("a game's stream", () => {
  it("resumes after the last whole event when the connection drops, missing and doubling none", async () => {
    const cut = eventMessage(4).slice(0, 30); // event 4 cut mid-way: never given from here
    const server = new ScriptedServer([
      sse([eventMessage(1), eventMessage(2) + eventMessage(3), cut], "fail"),
      sse([eventMessage(3), eventMessage(4), eventMessage(5), endMessage("game_over")]), // 3 again
    ]);
    const events = await collect(lorekeeper(server).game("g1", "lks_seat").follow());
    assert.deepEqual(versions(events), [1, 2, 3, 4, 5]);
    assert.equal(server.seen[0]?.headers.get("Last-Event-ID"), null);
    assert.equal(server.seen[1]?.headers.get("Last-Event-ID"), "3");
    assert.equal(server.seen[1]?.headers.get("Authorization"), "Bearer lks_seat");
    assert.equal(server.seen[1]?.headers.get("Accept"), "text/event-stream");
    assert.equal(server.seen[1]?.url.pathname, "/v1/games/g1/stream");
  });

  it("opens each connection with a fresh ticket when given one", async () => {
    const server = new ScriptedServer([
      sse([eventMessage(1)], "fail"),
      sse([eventMessage(2), endMessage("game_over")]),
    ]);
    const tickets = ["lkt_1", "lkt_2"];
    const game = lorekeeper(server).game("g1");
    const ticket = async () => tickets.shift() ?? "";
    assert.deepEqual(versions(await collect(game.follow({ ticket }))), [1, 2]);
    const asked = server.seen.map((r) => r.url.searchParams.get("ticket"));
    assert.deepEqual(asked, ["lkt_1", "lkt_2"]);
    assert.equal(server.seen[1]?.headers.get("Last-Event-ID"), "1");
  });

  it("reconnects at once after the server's time limit, and ends after the game's end", async () => {
    const clock = new FakeClock();
    const server = new ScriptedServer([
      sse(["retry: 2000\n\n", eventMessage(8), ": keep-alive\n\n", endMessage("time_limit")]),
      sse([eventMessage(9), endMessage("game_over")]),
    ]);
    const events = await collect(lorekeeper(server, clock).game("g1").follow({ after: 7 }));
    assert.deepEqual(versions(events), [8, 9]);
    assert.deepEqual(
      server.seen.map((r) => r.headers.get("Last-Event-ID")),
      ["7", "8"],
    );
    assert.deepEqual(clock.waits, []);
  });

  it("takes silence longer than its idle limit for a dropped connection", async () => {
    const server = new ScriptedServer([
      sse([eventMessage(1)], "hang"),
      sse([eventMessage(2), endMessage("game_over")]),
    ]);
    const game = lorekeeper(server, new FakeClock(), { idleTimeoutMs: 20 }).game("g1");
    assert.deepEqual(versions(await collect(game.follow())), [1, 2]);
    assert.equal(server.seen[1]?.headers.get("Last-Event-ID"), "1");
  });

  it("waits out a 503 streams_full, and gives up on a refusal waiting cannot cure", async () => {
    const clock = new FakeClock();
    const full = new ScriptedServer([
      problem(503, "streams_full", { "Retry-After": "5" }),
      sse([eventMessage(1), endMessage("game_over")]),
    ]);
    assert.deepEqual(versions(await collect(lorekeeper(full, clock).game("g1").follow())), [1]);
    assert.deepEqual(clock.waits, [5000]);
    const refused = new ScriptedServer([problem(404, "game_not_found")]);
    const error = await collect(lorekeeper(refused).game("g1").follow()).catch((e: unknown) => e);
    assert.ok(isApiError(error, "game_not_found"));
  });

  it("gives up after its connections failed too many times in a row", async () => {
    const server = new ScriptedServer(
      Array.from({ length: 3 }, () => new TypeError("fetch failed")),
    );
    const clock = new FakeClock();
    const error = await collect(
      lorekeeper(server, clock, { maxFailures: 3 }).game("g1").follow(),
    ).catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError, String(error));
    assert.equal(server.seen.length, 3);
    assert.deepEqual(clock.waits, [250, 500]); // half of 500 ms doubling
  });

  it("ends quietly when its signal aborts, and gives callbacks to those who want them", async () => {
    const server = new ScriptedServer([
      sse([eventMessage(1), eventMessage(2), endMessage("game_over")]),
    ]);
    const seen: number[] = [];
    let ended = false;
    const subscription = lorekeeper(server)
      .game("g1")
      .subscribe({
        onItem: (event) => void seen.push(event.version),
        onEnd: () => (ended = true),
      });
    await subscription.closed;
    assert.deepEqual([seen, ended], [[1, 2], true]);

    const hanging = new ScriptedServer([sse([eventMessage(1)], "hang")]);
    const stop = new AbortController();
    const got: number[] = [];
    for await (const event of lorekeeper(hanging).game("g1").follow({ signal: stop.signal })) {
      got.push(event.version);
      stop.abort();
    }
    assert.deepEqual(got, [1]);
  });
});

function note(position: string, id: string, type = "your_turn"): string {
  const body = { id, type, game_id: "g1", seat: 1, version: 5 };
  return `id: ${position}\nevent: ${type}\ndata: ${JSON.stringify(body)}\n\n`;
}

const summary = (items: PlayerStreamItem[]): string[] =>
  items.map((i) =>
    i.type === "reset" ? `reset:${i.reason}` : `${i.position}:${i.notification.id}`,
  );

describe("a player's stream", () => {
  it("opens each connection with a fresh ticket and resumes after the last position", async () => {
    const server = new ScriptedServer([
      sse([note("100-0", "n_a"), note("100-1", "n_b")], "fail"),
      sse([
        note("100-1", "n_b"),
        note("205-0", "n_b"),
        note("205-1", "n_c"),
        endMessage("time_limit"),
      ]),
      sse(['event: reset\ndata: {"reason":"notes_dropped"}\n\n', note("300-0", "n_d")], "hang"),
    ]);
    const tickets = ["lkt_1", "lkt_2", "lkt_3"];
    const stop = new AbortController();
    const items: PlayerStreamItem[] = [];
    const stream = lorekeeper(server).notifications({
      ticket: async () => tickets.shift() ?? "",
      signal: stop.signal,
    });
    for await (const item of stream) {
      items.push(item);
      if (items.length === 5) stop.abort();
    }
    // 100-1 sent twice (the position) and n_b under a new position (the id): each given once
    assert.deepEqual(summary(items), [
      "100-0:n_a",
      "100-1:n_b",
      "205-1:n_c",
      "reset:notes_dropped",
      "300-0:n_d",
    ]);
    const asked = server.seen.map((r) => [
      r.url.searchParams.get("ticket"),
      r.url.searchParams.get("after"),
    ]);
    assert.deepEqual(asked, [
      ["lkt_1", null],
      ["lkt_2", "100-1"],
      ["lkt_3", "205-1"],
    ]);
  });

  it("says when a drop before the first notification may have lost some", async () => {
    const server = new ScriptedServer([
      sse(["retry: 2000\n\n"], "fail"),
      sse([note("7-0", "n_a")], "hang"),
    ]);
    const stop = new AbortController();
    const items: PlayerStreamItem[] = [];
    for await (const item of lorekeeper(server).notifications({ signal: stop.signal })) {
      items.push(item);
      if (items.length === 2) stop.abort();
    }
    assert.deepEqual(summary(items), ["reset:position_unknown", "7-0:n_a"]);
    assert.equal(server.seen[0]?.headers.get("Authorization"), "Bearer lkp_k");
  });

  it("gives a notification of a type it does not know, as its string", async () => {
    const server = new ScriptedServer([
      sse([note("8-0", "n_a", "tournament_started"), note("8-1", "n_b")], "hang"),
    ]);
    const stop = new AbortController();
    const types: string[] = [];
    for await (const item of lorekeeper(server).notifications({ signal: stop.signal })) {
      if (item.type === "notification") types.push(item.notification.type);
      if (types.length === 2) stop.abort();
    }
    assert.deepEqual(types, ["tournament_started", "your_turn"]);
  });

  it("orders positions by their time, then their sequence", () => {
    assert.equal(isAfter("1000-0", "999-5"), true);
    assert.equal(isAfter("1000-1", "1000-0"), true);
    assert.equal(isAfter("1000-0", "1000-0"), false);
    assert.equal(isAfter("99999999999999999999-0", "99999999999999999998-9"), true);
  });
});
