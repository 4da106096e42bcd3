import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  ApiError,
  createLorekeeper,
  isApiError,
  NetworkError,
  type Command,
} from "../dist/index.js";
import { parseRetryAfter } from "../dist/retry.js";
import { FakeClock, json, problem, ScriptedServer } from "./helpers.js";

const REPLY = { game_id: "g1", seat: 0, version: 3, head_hash: "h", duplicate: false, events: [] };
const END_TURN: Command = { type: "end_turn" };

function client(server: ScriptedServer, clock = new FakeClock(), retry = {}) {
  return createLorekeeper({
    baseUrl: "http://api.test",
    key: "lkp_k",
    fetch: server.fetch,
    clock,
    retry,
  });
}

describe("a command", () => {
  it("is sent again with the same idempotency key after a 503, once Retry-After has passed", async () => {
    const server = new ScriptedServer([
      problem(503, "store_unavailable", { "Retry-After": "1" }),
      json(200, REPLY),
    ]);
    const clock = new FakeClock();
    const reply = await client(server, clock).game("g1", "lks_seat").send(END_TURN);
    assert.deepEqual(reply, REPLY);
    assert.deepEqual(clock.waits, [1000]);
    const keys = server.seen.map((r) => r.headers.get("Idempotency-Key"));
    assert.equal(keys.length, 2);
    assert.match(
      keys[0] ?? "",
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    assert.equal(keys[1], keys[0]);
    assert.deepEqual(
      server.seen.map((r) => JSON.parse(r.body)),
      [END_TURN, END_TURN],
    );
    assert.equal(server.seen[1]?.headers.get("Authorization"), "Bearer lks_seat"); // the seat's token wins
  });

  it("waits out a 429 until the HTTP date its Retry-After names", async () => {
    const clock = new FakeClock();
    const at = new Date(clock.now() + 3000).toUTCString();
    const server = new ScriptedServer([
      problem(429, "rate_limited", { "Retry-After": at }),
      json(200, REPLY),
    ]);
    await client(server, clock).game("g1").send(END_TURN);
    assert.deepEqual(clock.waits, [3000]);
    assert.equal(server.seen[0]?.headers.get("Authorization"), "Bearer lkp_k"); // the client's key
  });

  it("is sent again after no answer, with a growing, bounded backoff and the same key", async () => {
    const lost = () => new TypeError("fetch failed");
    const server = new ScriptedServer([lost(), lost(), lost(), json(200, REPLY)]);
    const clock = new FakeClock();
    await client(server, clock).game("g1").send(END_TURN, { idempotencyKey: "turn-3" });
    assert.deepEqual(clock.waits, [125, 250, 500]); // half (FakeClock.random) of 250 ms doubling
    assert.deepEqual(
      new Set(server.seen.map((r) => r.headers.get("Idempotency-Key"))),
      new Set(["turn-3"]),
    );
  });

  it("gives up after its retries: a NetworkError when nothing answered", async () => {
    const server = new ScriptedServer(
      Array.from({ length: 3 }, () => new TypeError("fetch failed")),
    );
    const error = await client(server, new FakeClock(), { retries: 2 })
      .game("g1")
      .send(END_TURN)
      .catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError, String(error));
    assert.match(error.message, /3 tries/);
    assert.equal(server.seen.length, 3);
  });

  it("gives up after its retries: the last answer's problem when the server kept refusing", async () => {
    const busy = () => problem(503, "store_unavailable", { "Retry-After": "1" });
    const server = new ScriptedServer([busy(), busy(), busy()]);
    const clock = new FakeClock();
    const error = await client(server, clock, { retries: 2 })
      .game("g1")
      .send(END_TURN)
      .catch((e: unknown) => e);
    assert.ok(isApiError(error, "store_unavailable"));
    assert.equal(error.retryAfterMs, 1000);
    assert.deepEqual(clock.waits, [1000, 1000]);
  });

  it("does not wait longer than the policy allows, in one wait or in all", async () => {
    const long = new ScriptedServer([problem(503, "store_full", { "Retry-After": "120" })]);
    const tooLong = await client(long)
      .game("g1")
      .send(END_TURN)
      .catch((e: unknown) => e);
    assert.ok(isApiError(tooLong, "store_full"));
    assert.equal(long.seen.length, 1);
    const busy = () => problem(503, "store_unavailable", { "Retry-After": "20" });
    const slow = new ScriptedServer([busy(), busy(), busy(), busy()]);
    const clock = new FakeClock();
    await client(slow, clock, { maxElapsedMs: 45_000 })
      .game("g1")
      .send(END_TURN)
      .catch(() => undefined);
    assert.deepEqual(clock.waits, [20_000, 20_000]); // a third wait would end past 45 s
  });

  it("gets a new key each time it is sent anew", async () => {
    const server = new ScriptedServer([json(200, REPLY), json(200, REPLY)]);
    const game = client(server).game("g1");
    await game.send(END_TURN);
    await game.send(END_TURN);
    const [first, second] = server.seen.map((r) => r.headers.get("Idempotency-Key"));
    assert.notEqual(first, second);
  });

  it("is not retried on a refusal that waiting does not cure", async () => {
    const server = new ScriptedServer([problem(409, "not_your_turn", {}, { rule: "R-TRN-1" })]);
    const error = await client(server)
      .game("g1")
      .send(END_TURN)
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.rule, "R-TRN-1");
    assert.equal(server.seen.length, 1);
  });

  it("sends If-Match as an entity tag", async () => {
    const server = new ScriptedServer([json(200, REPLY)]);
    await client(server).game("g1").send(END_TURN, { ifMatch: 12 });
    assert.equal(server.seen[0]?.headers.get("If-Match"), '"12"');
  });
});

describe("a request that is not safe to repeat", () => {
  it("is not sent again after a 503 or after no answer", async () => {
    const refused = new ScriptedServer([problem(503, "store_unavailable", { "Retry-After": "1" })]);
    assert.ok(
      isApiError(
        await client(refused)
          .signUp("Ann")
          .catch((e: unknown) => e),
        "store_unavailable",
      ),
    );
    assert.equal(refused.seen.length, 1);
    const lost = new ScriptedServer([new TypeError("fetch failed")]);
    assert.ok(
      (await client(lost)
        .signUp("Ann")
        .catch((e: unknown) => e)) instanceof NetworkError,
    );
    assert.equal(lost.seen.length, 1);
  });

  it("is sent again after a 429: the server refused it before running it", async () => {
    const server = new ScriptedServer([
      problem(429, "rate_limited", { "Retry-After": "2" }),
      json(201, { id: "p", key: "k" }),
    ]);
    const clock = new FakeClock();
    await client(server, clock).signUp("Ann");
    assert.deepEqual(clock.waits, [2000]);
  });
});

describe("a read", () => {
  it("is not retried on a 429 without Retry-After (a cap on open streams or waits)", async () => {
    const server = new ScriptedServer([problem(429, "too_many_waits")]);
    const error = await client(server)
      .game("g1")
      .view({ minVersion: 9 })
      .catch((e: unknown) => e);
    assert.ok(isApiError(error, "too_many_waits"));
    assert.equal(server.seen[0]?.url.search, "?min_version=9");
  });

  it("is retried with a backoff on a 503 that a proxy sent", async () => {
    const proxy = new Response("<html>down</html>", {
      status: 503,
      headers: { "Content-Type": "text/html" },
    });
    const server = new ScriptedServer([proxy, json(200, { version: 2 })]);
    const clock = new FakeClock();
    assert.equal((await client(server, clock).game("g1").view()).version, 2);
    assert.deepEqual(clock.waits, [125]);
  });

  it("stops waiting when its signal aborts", async () => {
    const server = new ScriptedServer([problem(429, "rate_limited", { "Retry-After": "5" })]);
    const stop = new AbortController();
    const clock = new FakeClock();
    clock.sleep = async (_ms, signal) => {
      stop.abort(new Error("left the page"));
      throw signal?.reason;
    };
    const error = await client(server, clock)
      .game("g1")
      .view({ signal: stop.signal })
      .catch((e: unknown) => e);
    assert.equal((error as Error).message, "left the page");
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    assert.equal(parseRetryAfter("7", 0), 7000);
    assert.equal(parseRetryAfter("Thu, 01 Jan 1970 00:00:03 GMT", 1000), 2000);
    assert.equal(parseRetryAfter("Thu, 01 Jan 1970 00:00:03 GMT", 9000), 0);
    assert.equal(parseRetryAfter("soon", 0), null);
    assert.equal(parseRetryAfter(null, 0), null);
  });
});
