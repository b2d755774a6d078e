// The recorded real answers (test/fixtures/real/<provider>/*.json, each naming its source): what the adapters are
// proven on. Bundled into the test by Vite as text, so they read the same inside workerd.
const FILES = import.meta.glob("../../../fixtures/real/*/*.json", { query: "?raw", import: "default", eager: true });

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
