/** What a player does around a finished game, through the SDK: the table, the log, the
 * export, a spectator's token, the scenarios, and a rematch the other player accepts. */
import assert from "node:assert/strict";
import type { Lorekeeper } from "@lorekeeper/client";

export async function aroundTheGame(ann: Lorekeeper, bob: Lorekeeper, gameId: string) {
  const game = ann.game(gameId);
  const table = await game.table();
  assert.deepEqual(
    table.seats.map((s) => s.player?.name),
    ["Ann", "Bob"],
  );
  const board = await game.view();
  const log = await game.log();
  assert.equal(log.entries.length, board.version, "a line of the log per event");
  const records = (await game.exportText())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.equal(records[0].record, "header");
  assert.equal(records.at(-1).record, "trailer");

  const spectator = await game.grant("spectator");
  const seen = await ann.game(gameId, spectator.token).view();
  assert.equal(seen.version, board.version);
  assert.equal((await game.grants()).length, 1);
  await game.revokeGrant(spectator.id);

  const names = (await ann.scenarios()).map((s) => s.name);
  assert.ok(names.includes("river_crossing"));
  assert.ok(((await ann.scenario("river_crossing")).units ?? []).length > 0);

  const rematch = await game.rematch();
  assert.equal((await game.rematch()).game_id, rematch.game_id, "asking again: the same");
  const joined = await bob.game(rematch.game_id).join(); // his reserved seat
  assert.equal(joined.table.status, "started");
  return { rematch: rematch.game_id, rematch_bob_seat: joined.seat };
}
