import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { ApiError } from "../core/errors";
import { timingSafeEqual } from "../core/auth/keys";

/** Bearer check against a Worker secret (ADMIN_TOKEN, INGEST_TOKEN), in constant time: a timing side channel
 * must not reveal the secret prefix by prefix. */
export const requireSecret = (name: "ADMIN_TOKEN" | "INGEST_TOKEN") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.req.header("authorization") ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    const secret = c.env[name];
    if (!secret || !timingSafeEqual(token, secret)) {
      throw new ApiError(401, "invalid_token", "missing or invalid token", { "www-authenticate": "Bearer" });
    }
    await next();
  });
