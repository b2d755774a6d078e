// The shape of an operator route: validated by its schemas like the public ones, left out of the published document.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { capJson, INTERNAL_RESPONSES } from "../http/openapi-route";

/**
 * An account-management operation: validated by its schemas like the public ones, but left out of the published
 * document (internal; the webhook operations in ./admin-webhooks.ts are documented for operators).
 */
export const internal = <M extends "post" | "put" | "delete", P extends string, R extends RouteConfig["request"]>(
  method: M,
  path: P,
  request: R,
  maxBytes?: number,
) =>
  createRoute({
    method,
    path,
    hide: true,
    ...(request && "body" in request ? { middleware: capJson(maxBytes) } : {}),
    request,
    responses: INTERNAL_RESPONSES,
  });
