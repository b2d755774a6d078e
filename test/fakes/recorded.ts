// The recorded real answers (test/fixtures/real/<provider>/*.json, each naming its source): what the adapters are
// proven on. Bundled into the test by Vite as text, so they read the same inside workerd.
const FILES = import.meta.glob("../fixtures/real/*/*.json", { query: "?raw", import: "default", eager: true });

export interface Recorded {
  file: string;
  provider: "api-football" | "api-basketball" | "football-data";
  source: { repo: string | null; commit: string | null; path: string | null; what: string; kept: string; url?: string };
  call: { path: string; query: Record<string, string> };
  body: any;
}

export const recorded: Recorded[] = Object.entries(FILES).map(([path, json]) => {
  const [, provider, file] = /real\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  return {
    file: file!,
    provider: provider as Recorded["provider"],
    ...(JSON.parse(json) as Omit<Recorded, "file" | "provider">),
  };
});

export const of = (provider: Recorded["provider"]) => recorded.filter((r) => r.provider === provider);
export const named = (file: string) => recorded.find((r) => r.file === file)!;

/**
 * A provider that answers with recorded answers, as the real one would have: a season's list from the answers that
 * hold that competition-season, a detail call from the fullest recording of each match (one with events first), a
 * live call with nothing in play. Every call is logged. API-Football and football-data.org.
 */
export class RecordedProvider {
  calls: string[] = [];

  constructor(
    readonly kind: "api-football" | "football-data",
    readonly answers: Recorded[],
  ) {}

  fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    this.calls.push(`${url.pathname}${url.search}`);
    const body = this.kind === "api-football" ? this.apiFootball(url) : this.footballData(url);
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };

  private items(): any[] {
    return this.answers.flatMap((r) =>
      this.kind === "api-football"
        ? (r.body.response as any[]).filter((f) => f?.fixture?.id !== undefined)
        : Array.isArray(r.body.matches)
          ? r.body.matches.map((m: any) => ({ ...m, competition: m.competition ?? r.body.competition }))
          : [r.body],
    );
  }

  /** Each match once: its fullest recording (the most events, then the most keys). */
  private fullest(key: (x: any) => string): Map<string, any> {
    const out = new Map<string, any>();
    const size = (x: any) => (x.events?.length ?? x.goals?.length ?? 0) * 1000 + Object.keys(x).length;
    for (const x of this.items()) {
      const k = key(x);
      if (!out.has(k) || size(x) > size(out.get(k))) out.set(k, x);
    }
    return out;
  }

  private apiFootball(url: URL) {
    const q = Object.fromEntries(url.searchParams);
    const all = [...this.fullest((f) => String(f.fixture.id)).values()];
    let response: any[] = [];
    if (q.ids) response = q.ids.split("-").flatMap((id) => all.filter((f) => String(f.fixture.id) === id));
    else if (q.league && q.season)
      response = all
        .filter((f) => String(f.league.id) === q.league && String(f.league.season) === q.season)
        // A season's list carries no events (those come with a detail call).
        .map(({ events: _, lineups: __, statistics: ___, players: ____, ...f }) => f)
        .filter((f) => !q.date || String(f.fixture.date).slice(0, 10) === q.date);
    return { get: "fixtures", parameters: q, errors: [], results: response.length, response };
  }

  private footballData(url: URL) {
    const all = [...this.fullest((m) => String(m.id)).values()];
    const one = /^\/v4\/matches\/(\d+)$|^\/matches\/(\d+)$/.exec(url.pathname);
    if (one) return all.find((m) => String(m.id) === (one[1] ?? one[2])) ?? { message: "not found", errorCode: 404 };
    const comp = /\/competitions\/([^/]+)\/matches$/.exec(url.pathname)?.[1];
    const season = url.searchParams.get("season");
    const matches = all
      .filter((m) => m.competition && (String(m.competition.id) === comp || m.competition.code === comp))
      .filter((m) => !season || String(m.season?.startDate ?? "").startsWith(season))
      .map(({ goals: _, bookings: __, substitutions: ___, ...m }) => m);
    return { filters: Object.fromEntries(url.searchParams), resultSet: { count: matches.length }, matches };
  }
}
