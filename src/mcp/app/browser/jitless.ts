// Imported first by main.ts, so it runs before ext-apps builds its message schemas: zod would otherwise probe
// `new Function` for a faster parser as each schema is built, and hosts' CSPs refuse eval, so the probe is a
// violation report in every host. Parsing without it is as correct.
import { config } from "zod/v4";

config({ jitless: true });
