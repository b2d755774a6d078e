// A source's own reference for one of its local ids (docs/identity.md "Resolution"). A provider's ids are made
// from its references with its `idPrefix` (src/core/sources/ids.ts: fixture 868001 → m_af_868001), so the reference
// is the id without its prefix; any other source's reference is the id it sent.
import { sourceNamed } from "../sources";

export type IdentityKind = "league" | "team" | "player" | "match" | "event";
const PREFIX: Partial<Record<IdentityKind, string>> = { team: "tm", player: "pl", match: "m" };

export function refOf(source: string, kind: IdentityKind, local: string): string {
  const p = PREFIX[kind];
  const idPrefix = sourceNamed(source)?.idPrefix;
  if (!p || !idPrefix) return local;
  const prefix = `${p}_${idPrefix}_`;
  return local.startsWith(prefix) ? local.slice(prefix.length) : local;
}
