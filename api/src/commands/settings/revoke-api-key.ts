import { and, eq, isNull } from "drizzle-orm";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { apiKeys } from "../../db/schema";
import { notFound } from "../../http/errors";
import { recordAudit } from "../audit";

/** Revokes one of the caller's own keys at once; a foreign or already revoked key answers 404. */
export async function revokeApiKey(deps: AppDeps, input: { actor: UserRow; keyId: string }): Promise<void> {
  const { actor, keyId } = input;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, actor.id), eq(apiKeys.companyId, actor.companyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (revoked.length === 0) throw notFound("API key not found.");
    await recordAudit(tx, { companyId: actor.companyId, userId: actor.id, action: "api_key.revoke", entityType: "api_key", entityId: keyId, now });
  });
}
