import type { MiddlewareHandler } from "hono";
import { API_KEY_MESSAGES, type ApiKeyScope } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { requirePlanFeature } from "../billing/features";
import { AppError } from "./errors";

export const keyNotAllowed = () => new AppError("api_key_not_allowed", API_KEY_MESSAGES.notAllowed);

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether a key of `scope` may make a `method` request to a route that takes keys of `needed`.
 * Whatever a route declares, a request that can change something needs `contracts:write`.
 */
export function keyScopeAllows(scope: ApiKeyScope, needed: ApiKeyScope, method: string): boolean {
  const need = READ_METHODS.has(method.toUpperCase()) ? needed : "contracts:write";
  return need === "read" || scope === "contracts:write";
}

/**
 * The route-level declaration that a route may be called with an API key, and with which scope
 * (DESIGN.md §3: keys carry scopes and never touch identity or security). Put it first in the
 * route's handlers. Routes without it never see a key caller (`requireAuth` answers 403
 * `api_key_not_allowed`), so a new route is closed to keys until someone decides otherwise.
 */
export function keyAccess(needed: ApiKeyScope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.get("apiKey");
    if (key) {
      if (!key.apiKeyScope || !keyScopeAllows(key.apiKeyScope, needed, c.req.method)) {
        throw new AppError("api_key_scope", API_KEY_MESSAGES.readOnly);
      }
      // A key made before a downgrade stops working with the plan that sold API access.
      requirePlanFeature(key.company, "apiAccess");
      c.set("auth", key);
    }
    await next();
  };
}
