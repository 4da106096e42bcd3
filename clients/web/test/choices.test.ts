import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BoardView, LegalActions } from "@lorekeeper/client";
import {
  actingUnits,
  answeringSeat,
  defaultTargets,
  describe as words,
  destinationsOf,
  flightPlans,
  flownOver,
} from "../src/game/choices.js";
import { formatTime, timeLeft } from "../src/game/clock.js";

const unit = (id: string, owner: number, hex: number[]) =>
  ({ id, owner, hex }) as BoardView["units"][number];
const VIEW = {
  units: [unit("w", 0, [0, 0]), unit("a", 1, [1, 0]), unit("b", 1, [2, 0]), unit("c", 1, [3, 0])],
} as BoardView;
const LEGAL = {
  seat: 0,
  version: 9,
  head_hash: "0".repeat(64),
  actions: [
    { type: "resign" },
    { type: "move", unit: "w", path: [[0, 1]] },
    {
      type: "fly",
      unit: "w",
      path: [
        [1, 0],
        [2, 0],
        [3, 1],
      ],
    },
    {
      type: "fly",
      unit: "w",
      path: [
        [1, 0],
        [2, 0],
        [3, 1],
      ],
      breath_targets: ["b"],
    },
    {
      type: "fly",
      unit: "w",
      path: [
        [0, 1],
        [0, 2],
      ],
    },
    { type: "end_movement" },
  ],
} as LegalActions;

describe("the movement phase's choices", () => {
  it("gathers a unit's moves and flights by destination", () => {
    assert.deepEqual(actingUnits(LEGAL), ["w"]);
    const byHex = destinationsOf(LEGAL, "w").map((d) => [d.hex, d.moves.length, d.flights.length]);
    assert.deepEqual(byHex, [
      [[0, 1], 1, 0],
      [[0, 2], 0, 1],
      [[3, 1], 0, 2],
    ]);
  });

  it("offers one plan per path, and targets among the enemies flown over (R-BRE-2)", () => {
    const flights = destinationsOf(LEGAL, "w").find((d) => d.hex[0] === 3)?.flights ?? [];
    const [plan] = flightPlans(flights);
    assert.equal(flightPlans(flights).length, 1);
    assert.ok(plan);
    assert.deepEqual(flownOver(VIEW, plan.path, 0), ["a", "b"]); // not c, on the landing's side
    assert.deepEqual(defaultTargets(VIEW, plan, 0), ["a", "b"]);
    assert.deepEqual(defaultTargets(VIEW, { ...plan, breath_targets: ["b"] }, 0), ["b"]);
  });

  it("says each choice in words", () => {
    assert.equal(
      words({ type: "move", unit: "w", path: [[0, 1]], glory: "extra_hex" }),
      "Move w to 0,1 (spends glory: one hex more)",
    );
    assert.equal(words({ type: "choose_retreat", unit: "w", path: [] }), "w stays where it is");
    assert.equal(words({ type: "react", card: "web", hex: [2, 3] }), "Play web on 2,3");
  });
});

describe("takebacks", () => {
  const listing = (seat: number, version: number, actions: LegalActions["actions"]) =>
    ({ seat, version, head_hash: "0".repeat(64), actions }) as LegalActions;
  const asks = listing(0, 9, [{ type: "resign" }, { type: "request_takeback" }]);
  const answers = listing(1, 9, [
    { type: "resign" },
    { type: "answer_takeback", accept: true },
    { type: "answer_takeback", accept: false },
  ]);

  it("finds the seat that answers, not the seat to act (TKB-3)", () => {
    const both = new Map([
      [0, asks],
      [1, answers],
    ]);
    assert.equal(answeringSeat(both, [0, 1], 9), 1);
    assert.equal(answeringSeat(both, [0], 9), undefined); // the other seat is not this page's
    assert.equal(answeringSeat(both, [0, 1], 10), undefined); // a listing older than the view
  });

  it("says the takeback commands in words", () => {
    assert.equal(words({ type: "request_takeback" }), "Ask to take back your moves");
    assert.equal(words({ type: "answer_takeback", accept: true }), "Accept the takeback");
    assert.equal(words({ type: "answer_takeback", accept: false }), "Decline the takeback");
  });
});

describe("the clocks", () => {
  it("count the running seat down from what the server said", () => {
    const clock = {
      control: {},
      at_ms: 0,
      running: {
        seat: 1,
        period: "turn" as const,
        since_ms: 0,
        deadline_ms: 60_000,
        remaining_ms: 30_000,
      },
      seats: [
        { seat: 0, remaining_ms: 45_000, timeouts: 0 },
        { seat: 1, remaining_ms: 30_000, timeouts: 0 },
      ],
    };
    const left = timeLeft(clock, 1_000, 6_000);
    assert.deepEqual([left.get(0), left.get(1)], [45_000, 25_000]);
    assert.equal(timeLeft(clock, 0, 90_000).get(1), 0);
  });

  it("show minutes and seconds, tenths near the end, days when long", () => {
    assert.equal(formatTime(65_000), "1:05");
    assert.equal(formatTime(9_450), "9.4");
    assert.equal(formatTime(2 * 86_400_000 + 3_723_000), "2 d 1:02:03");
  });
});
