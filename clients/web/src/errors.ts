/** A refusal or a failure, in words a player reads: what the server said, and the rule. */
import { isApiError, NetworkError } from "@lorekeeper/client";

export interface Refusal {
  message: string;
  code: string;
  rule?: string;
}

export function refusalOf(error: unknown): Refusal {
  if (isApiError(error)) {
    const detail = error.problem.detail || error.problem.title;
    const base = { message: detail, code: error.code };
    return error.rule === undefined ? base : { ...base, rule: error.rule };
  }
  if (error instanceof NetworkError) {
    return { message: "The server did not answer. Check your connection.", code: "network" };
  }
  return { message: error instanceof Error ? error.message : String(error), code: "error" };
}
