// What the bundle gives zod for `z.locales` (wrangler.toml [alias]): English only. zod's classic and core entries
// re-export every locale (about 260 KB minified) as one namespace, which a bundler cannot shake out; we never switch
// zod's language (our error messages are our own, src/http/problem.ts), so the other 60-odd locales stay out.
export { default as en } from "zod/v4/locales/en.js";
