// client.replays: start a replay of a finished match (a new live match of your account, docs/replays.md) and follow
// its match from its first message; list and stop replays. Test keys only (a live deployment answers 403 test_only).
import type { RestClient } from "./rest.js";
import type { MatchStreamOptions, Subscription } from "./live/subscription.js";
import type { Problem, Replay, ReplayRequest } from "./types.js";

export interface PlayedReplay {
  replay: Replay;
  /** The replay's match from seq 1 (`since: 0`): every message of it, to the final whistle. */
  subscription: Subscription;
}

export interface Replays {
  /**
   * Starts a replay of `request.match_id` at `request.speed` (1–600, default 60) and follows its match with
   * `options` (as `client.match`, from its first message). Rejects with the problem the API answered (`400` naming
   * `speed`, `404`, `409 not_finished`, `422 no_timeline`, `429 replay_limit`, `403 test_only`).
   */
  play(request: ReplayRequest, options: Omit<MatchStreamOptions, "since" | "initial">): Promise<PlayedReplay>;
  /** The account's replays, newest first: playing, finished or stopped. */
  list(): Promise<Replay[]>;
  /** Stops a replay: no message of its match after this resolves. */
  stop(id: string): Promise<void>;
}

/** A refusal of the replays API, with its problem+json body. */
export class ReplayError extends Error {
  override readonly name = "ReplayError";
  constructor(
    readonly problem: Problem | undefined,
    readonly status: number,
  ) {
    super(problem ? `${problem.code}: ${problem.detail}` : `HTTP ${status}`);
  }
}

export function replaysOf(rest: RestClient, match: (id: string, options: MatchStreamOptions) => Subscription): Replays {
  return {
    async play(request, options) {
      const { data, error, response } = await rest.POST("/v1/replays", { body: request });
      if (!data) throw new ReplayError(error as Problem | undefined, response.status);
      return { replay: data, subscription: match(data.match_id, { ...options, since: 0 }) };
    },
    async list() {
      const { data, error, response } = await rest.GET("/v1/replays");
      if (!data) throw new ReplayError(error as Problem | undefined, response.status);
      return data.data;
    },
    async stop(id) {
      const { error, response } = await rest.DELETE("/v1/replays/{id}", { params: { path: { id } } });
      if (!response.ok) throw new ReplayError(error as Problem | undefined, response.status);
    },
  };
}
