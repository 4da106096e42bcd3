import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LegalActions } from "@lorekeeper/client";
import {
  cost,
  fits,
  NO_PICK,
  orderCommand,
  toggleRole,
  toggleUnit,
  unitOrders,
} from "../src/game/orders.js";

const none = { breath: [], roost: [], remove_tokens: {} };
const LEGAL: LegalActions = {
  seat: 0,
  version: 5,
  head_hash: "0".repeat(64),
  actions: [
    { type: "resign" },
    { type: "order", units: [], ...none },
    { type: "order", units: ["foot"], ...none },
    {
      type: "order",
      units: ["foot"],
      ...none,
      remove_tokens: { foot: { poison: 1, frost: 0, fire: 0 } },
    },
    { type: "order", units: ["wyvern"], ...none },
    { type: "order", units: ["wyvern"], ...none, breath: ["wyvern"] },
    { type: "order", units: ["wyvern"], ...none, roost: ["wyvern"] },
    { type: "end_turn" },
  ],
  order: {
    max_units: 2,
    lore: 2,
    units: ["foot", "wyvern"],
    breath_cost: { wyvern: 1 },
    token_cost: 2,
  },
};

describe("the order phase", () => {
  it("reads each unit's listed roles", () => {
    assert.deepEqual(unitOrders(LEGAL), [
      { unit: "foot", breath: false, roost: false, tokens: { poison: 1, frost: 0, fire: 0 } },
      { unit: "wyvern", breath: true, roost: true, tokens: undefined },
    ]);
  });

  it("costs breath and token removals in lore, and keeps within it (R-TRN-4, R-BRE-9)", () => {
    const options = unitOrders(LEGAL);
    const breathing = toggleRole(NO_PICK, "wyvern", "breath");
    assert.deepEqual(breathing.units, ["wyvern"]);
    assert.equal(cost(breathing, options, LEGAL), 1);
    assert.ok(fits(breathing, options, LEGAL));
    const both = toggleRole(breathing, "foot", "clear");
    assert.equal(cost(both, options, LEGAL), 3);
    assert.equal(fits(both, options, LEGAL), false);
  });

  it("roosting and breathing exclude each other; dropping a unit drops its roles", () => {
    const roosting = toggleRole(toggleRole(NO_PICK, "wyvern", "breath"), "wyvern", "roost");
    assert.deepEqual([roosting.breath, roosting.roost], [[], ["wyvern"]]);
    assert.deepEqual(toggleUnit(roosting, "wyvern"), NO_PICK);
  });

  it("merges the pick into the one order the listing describes", () => {
    const pick = toggleRole(toggleUnit(NO_PICK, "foot"), "foot", "clear");
    assert.deepEqual(orderCommand(pick, unitOrders(LEGAL)), {
      type: "order",
      units: ["foot"],
      breath: [],
      roost: [],
      remove_tokens: { foot: { poison: 1, frost: 0, fire: 0 } },
    });
  });
});
