import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createLorekeeper, isApiError } from "../dist/index.js";
import { FakeClock, json, problem, ScriptedServer } from "./helpers.js";

function lorekeeper(server: ScriptedServer) {
  return createLorekeeper({
    baseUrl: "http://api.test",
    key: "lkp_k",
    fetch: server.fetch,
    clock: new FakeClock(),
  });
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" data-version="3"></svg>';

function svgAnswer(): Response {
  return new Response(SVG, { status: 200, headers: { "Content-Type": "image/svg+xml" } });
}

describe("a game's board picture", () => {
  it("is the SVG text of the version asked for, read with the game's token", async () => {
    const server = new ScriptedServer([svgAnswer()]);
    const svg = await lorekeeper(server).game("g1", "lks_seat").boardSvg({ version: 3 });
    assert.equal(svg, SVG);
    const [seen] = server.seen;
    assert.equal(seen?.method, "GET");
    assert.equal(seen?.url.pathname, "/v1/games/g1/board.svg");
    assert.equal(seen?.url.searchParams.get("version"), "3");
    assert.equal(seen?.headers.get("Authorization"), "Bearer lks_seat");
  });

  it("is the board now without a version, and a refusal is an ApiError", async () => {
    const server = new ScriptedServer([
      svgAnswer(),
      problem(404, "version_not_found", {}, { current_version: 2 }),
    ]);
    const game = lorekeeper(server).game("g1");
    assert.equal(await game.boardSvg(), SVG);
    assert.equal(server.seen[0]?.url.search, "");
    const error = await game.boardSvg({ version: 9 }).catch((e: unknown) => e);
    assert.ok(isApiError(error, "version_not_found"));
    assert.equal(error.currentVersion, 2);
  });
});

describe("declining a seat", () => {
  it("sends the invitation it turns down, and answers the table", async () => {
    const table = { game_id: "g1", seat: 1, table: { status: "open" } };
    const server = new ScriptedServer([json(200, table), json(200, table)]);
    const client = lorekeeper(server);
    const declined = await client.game("g1").decline({ invitation: "lki_x" });
    assert.equal(declined.seat, 1);
    assert.equal(server.seen[0]?.url.pathname, "/v1/games/g1/decline");
    assert.deepEqual(JSON.parse(server.seen[0]?.body ?? ""), { invitation: "lki_x" });
    await client.game("g1").decline(); // the seat reserved for the key's player
    assert.deepEqual(JSON.parse(server.seen[1]?.body ?? ""), {});
    assert.equal(server.seen[1]?.headers.get("Authorization"), "Bearer lkp_k");
  });
});
