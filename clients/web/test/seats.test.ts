import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { holderName, type Holder } from "../src/seats.js";

const ME = "p_1111111111111111";

describe("holderName", () => {
  it("labels a bot account's seat as a bot", () => {
    const seat: Holder = { kind: "player", player: { id: "p_2", name: "Robo", bot: true } };
    assert.equal(holderName(seat, ME), "Robo (bot account)");
  });

  it("shows another player by name alone", () => {
    const seat: Holder = { kind: "player", player: { id: "p_3", name: "Ann", bot: false } };
    assert.equal(holderName(seat, ME), "Ann");
    assert.equal(holderName({ kind: "player", player: { id: "p_3", name: "Ann" } }, ME), "Ann");
  });

  it("calls the viewer's own seat you, even as a bot account", () => {
    const seat: Holder = { kind: "player", player: { id: ME, name: "Me", bot: true } };
    assert.equal(holderName(seat, ME), "you");
  });

  it("names the server's own bot, and a seat without a player by its kind", () => {
    assert.equal(holderName({ kind: "bot", bot: "battler" }, ME), "bot (battler)");
    assert.equal(holderName({ kind: "open" }, ME), "open");
    assert.equal(holderName(undefined, ME), "");
  });

  it("labels a declined seat's bot account too", () => {
    const seat: Holder = { kind: "declined", player: { id: "p_4", name: "Robo", bot: true } };
    assert.equal(holderName(seat, ME), "Robo (bot account)");
  });
});
