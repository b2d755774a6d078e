// One version per match: the commit that writes a match's changes numbers its stream messages. Ingest is serial
// (workers/ingestor.ts), so the stored `matches.seq` is the last number used; this batch's messages follow it, the
// new last number is written in the same D1 batch as the data, and the rooms receive the messages already numbered.
// A REST read of the row therefore carries the seq of the last message it reflects (docs/api.md
// "One version per match").
import type { Envelope, MatchUpdates, NumberedUpdates } from "../live/messages";

/**
 * Numbers each match's updates after `seqOf(match)` (its stored seq), all stamped `ts`. Returns them with the seq each
 * match ends at.
 */
export function numberUpdates(
  all: readonly MatchUpdates[],
  seqOf: (matchId: string) => number,
  ts: number,
): { numbered: NumberedUpdates[]; seqs: { id: string; seq: number }[] } {
  const numbered: NumberedUpdates[] = [];
  const seqs: { id: string; seq: number }[] = [];
  for (const mu of all) {
    if (mu.updates.length === 0) continue;
    let seq = seqOf(mu.match_id);
    const envelopes = mu.updates.map(
      (u) => ({ ...u, match_id: mu.match_id, sport: mu.sport, seq: ++seq, ts }) as Envelope,
    );
    numbered.push({ match_id: mu.match_id, league_id: mu.league_id, envelopes });
    seqs.push({ id: mu.match_id, seq });
  }
  return { numbered, seqs };
}
