import { and, count, eq, isNull } from "drizzle-orm";
import type { ApiKeyScope } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { randomToken, sha256 } from "../../auth/tokens";
import type { AppDeps } from "../../context";
import { apiKeys } from "../../db/schema";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit";

export const MAX_ACTIVE_API_KEYS = 20;
export const API_KEY_PREFIX = "cw_";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * A new key acting as the caller (`Authorization: Bearer <key>`). Only its sha256 is stored, so the
 * full key exists in this answer alone; the first characters stay visible to tell keys apart.
 */
export async function createApiKey(deps: AppDeps, input: { actor: UserRow; name: string; scope: ApiKeyScope }): Promise<{ row: ApiKeyRow; key: string }> {
  const { actor, name, scope } = input;
  const now = deps.now();
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = await deps.db.transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw conflict(`You already have ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ companyId: actor.companyId, userId: actor.id, name, scope, prefix: key.slice(0, 10), keyHash: sha256(key), createdAt: now })
      .returning();
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "api_key.create", entityType: "api_key", entityId: inserted!.id, now, data: { name, scope } });
    return inserted!;
  });
  return { row, key };
}
