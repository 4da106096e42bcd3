/**
 * Errors as typed values: every refusal of the API is an `ApiError` carrying the problem
 * (RFC 9457) the server sent, with its stable `code`, the `rule` it names and its field
 * `errors`; a request that got no answer at all is a `NetworkError`.
 */
import type { components } from "./generated/openapi.js";

/** The API's error body (`application/problem+json`), as openapi.yaml describes it. */
export type Problem = components["schemas"]["Problem"];

/** The server answered with an error. Switch on `code` (docs/client/errors.md). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly problem: Problem;
  /** How long the server asked to wait before trying again (`Retry-After`), if it did. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, problem: Problem, retryAfterMs?: number) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.status = status;
    this.problem = problem;
    this.retryAfterMs = retryAfterMs;
  }

  /** Stable: `not_your_turn`, `illegal`, `rate_limited` … */
  get code(): string {
    return this.problem.code;
  }

  /** The rule broken (`R-TRN-1`, `CLK-5` …), for rule violations. */
  get rule(): string | undefined {
    return this.problem.rule;
  }

  /** The fields a body got wrong (`invalid_body`): `{"units": ["Missing data …"]}`. */
  get fieldErrors(): Record<string, unknown> | undefined {
    const errors = this.problem.errors;
    return isRecord(errors) ? errors : undefined;
  }

  /** The game's version now (`version_conflict`, `version_mismatch`, `time_out` …). */
  get currentVersion(): number | undefined {
    return this.problem.current_version;
  }
}

/** No answer came: the network failed, or an attempt ran past its time, every time tried. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Whether `error` is an `ApiError`, with this `code` when one is given. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * The problem in an error answer's body. A body that is not one of ours (a proxy's HTML
 * page, an empty body) becomes a problem with the code `http_<status>`, so callers always
 * have a code to switch on.
 */
export function problemFrom(status: number, statusText: string, body: unknown): Problem {
  if (isRecord(body) && typeof body["code"] === "string") {
    const problem = body as Partial<Problem>;
    return {
      ...problem,
      type: problem.type ?? "about:blank",
      title: problem.title ?? statusText,
      status: problem.status ?? status,
      code: body["code"],
      detail: problem.detail ?? "",
    };
  }
  const text = typeof body === "string" ? body.slice(0, 500) : "";
  return { type: "about:blank", title: statusText, status, code: `http_${status}`, detail: text };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
