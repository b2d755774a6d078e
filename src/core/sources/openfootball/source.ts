// The openfootball history (docs/data.md): imported by `npm run import` (src/import, a tool beside the Worker) as
// quiet ingest batches with `source: "openfootball"`. Its ids are its own (slugs of its names); it ranks below every
// live source when two report one match (docs/identity.md).
import type { Source } from "../contract";

export const openfootball: Source = {
  name: "openfootball",
  rank: "history",
  sports: ["football"],
  config: { vars: [], secrets: [] },
};
