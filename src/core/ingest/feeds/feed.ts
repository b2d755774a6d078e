// Feed adapters pull a provider and return ingest ops; ingest() applies them like any other batch.
import type { Op } from "../ops";

export interface FeedAdapter {
  readonly name: string;
  /** Ops for what changed in `leagueIds` since the last poll. */
  poll(env: Env, leagueIds: string[], now: Date): Promise<Op[]>;
}
