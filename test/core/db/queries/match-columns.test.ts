// src/core/db/queries/match-columns.ts: the list projection is the MatchListItem schema, key for key and type for type.
import type { GetColumnData } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { listItemColumns } from "../../../../src/core/db/queries/match-columns";
import { MatchListItem } from "../../../../src/core/domain/schemas";

type ProjectedRow = { [K in keyof typeof listItemColumns]: GetColumnData<(typeof listItemColumns)[K]> };

describe("the match list projection and the MatchListItem schema", () => {
  it("select the same keys", () => {
    expect(Object.keys(listItemColumns).sort()).toEqual(Object.keys(MatchListItem.shape).sort());
  });

  it("agree on each value's type (checked by tsc)", () => {
    expectTypeOf<ProjectedRow>().toEqualTypeOf<MatchListItem>();
  });
});
