// An API key as an account asks for one: the dashboard's form and the admin API take this one schema.
import { z } from "@hono/zod-openapi";
import { SCOPES } from "./codes";

export const NewKey = z.object({
  name: z.string().trim().min(1, "give the key a name").max(100),
  scopes: z.array(z.enum(SCOPES)).min(1, "choose at least one scope"),
});
