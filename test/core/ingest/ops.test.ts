// src/core/ingest/ops.ts: the match op validates its own ranges, but its fields are the matches table's columns.
import { describe, expect, it } from "vitest";
import { COLUMNS } from "../../../src/core/db/queries/bulk";
import { MatchOp } from "../../../src/core/ingest/ops";

describe("the match op and the matches table", () => {
  it("a feed can set every stored column but the team names, updated_at and the sources, which ingest fills in", () => {
    const fields = Object.keys(MatchOp.shape).filter((k) => k !== "op");
    // `source` and `timeline_source` come from the batch's source (docs/identity.md), never from an op.
    const filled = ["home_team", "away_team", "updated_at", "source", "timeline_source"];
    expect([...fields, ...filled].sort()).toEqual([...COLUMNS.matches].sort());
  });
});
