import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError, createLorekeeper, isApiError } from "../dist/index.js";
import { FakeClock, problem, ScriptedServer } from "./helpers.js";

function lorekeeper(server: ScriptedServer) {
  return createLorekeeper({
    baseUrl: "http://api.test/v1/",
    fetch: server.fetch,
    clock: new FakeClock(),
  });
}

describe("an error answer", () => {
  it("is an ApiError with the problem's code, rule, field errors and version", async () => {
    const body = {
      errors: { units: ["Missing data for required field."] },
      current_version: 7,
      rule: "R-TRN-4",
    };
    const server = new ScriptedServer([problem(422, "invalid_body", {}, body)]);
    const error = await lorekeeper(server)
      .game("g1")
      .send({ type: "end_turn" })
      .catch((e: unknown) => e);
    assert.ok(isApiError(error, "invalid_body"));
    assert.equal(error.status, 422);
    assert.equal(error.rule, "R-TRN-4");
    assert.deepEqual(error.fieldErrors, { units: ["Missing data for required field."] });
    assert.equal(error.currentVersion, 7);
    assert.equal(error.problem.type, "tag:lorekeeper,2026:problem:invalid_body");
    assert.equal(server.seen[0]?.url.pathname, "/v1/games/g1/commands");
  });

  it("that is not a problem still has a code to switch on", async () => {
    const page = new Response("<html>Bad gateway</html>", {
      status: 502,
      statusText: "Bad Gateway",
    });
    const error = await lorekeeper(new ScriptedServer([page]))
      .signUp("Ann")
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, "http_502");
    assert.equal(error.problem.title, "Bad Gateway");
    assert.equal(error.problem.detail, "<html>Bad gateway</html>");
    assert.equal(isApiError(error, "http_404"), false);
  });
});
