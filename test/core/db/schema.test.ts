// src/core/db/schema.ts (drizzle) must describe exactly what migrations/ create.
import { env } from "cloudflare:workers";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../../src/core/db/schema";

const tables = Object.values(schema).filter((t) => t instanceof SQLiteTable) as SQLiteTable[];

describe("drizzle schema and SQL migrations are in step", () => {
  it("every table of the migrations is in the drizzle schema", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name).sort()).toEqual(tables.map((t) => getTableConfig(t).name).sort());
  });

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))("%s: same columns and indexes", async (name, t) => {
    const config = getTableConfig(t);
    const { results: cols } = await env.DB.prepare(`PRAGMA table_xinfo(${name})`).all<{
      name: string;
      notnull: number;
    }>();
    expect(cols.map((c) => c.name).sort()).toEqual(config.columns.map((c) => c.name).sort());
    for (const c of config.columns) {
      const db = cols.find((x) => x.name === c.name)!;
      if (!c.primary) expect(Boolean(db.notnull), `${name}.${c.name} NOT NULL`).toBe(c.notNull);
    }
    const { results: idx } = await env.DB.prepare(`PRAGMA index_list(${name})`).all<{ name: string; origin: string }>();
    const created = idx
      .filter((i) => i.origin === "c")
      .map((i) => i.name)
      .sort();
    expect(created).toEqual(config.indexes.map((i) => i.config.name).sort());
  });
});
