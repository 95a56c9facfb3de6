import { COLLAB_EVENTS } from "@clausewise/shared";
import type { AppDeps } from "../../context";

/**
 * Tells realtime that a member's access shrank or changed, so their open live-document connections
 * are re-checked at once (read-only or closed) instead of at the next periodic check.
 */
export async function publishAccessChanged(deps: AppDeps, input: { companyId: string; userId: string; contractId?: string }): Promise<void> {
  await deps.bus.publish({
    type: COLLAB_EVENTS.accessRevoked,
    companyId: input.companyId,
    ...(input.contractId ? { contractId: input.contractId } : {}),
    payload: input.contractId ? { userId: input.userId, contractId: input.contractId } : { userId: input.userId },
  });
}

/** A suspended company's live connections (documents and pushes) are closed at once; its sessions are already gone. */
export async function publishCompanySuspended(deps: AppDeps, companyId: string): Promise<void> {
  await deps.bus.publish({ type: COLLAB_EVENTS.companySuspended, companyId, payload: {} });
}

/** A deactivated member's live connections are closed at once (their sessions are already gone). */
export async function publishUserDeactivated(deps: AppDeps, input: { companyId: string; userId: string }): Promise<void> {
  await deps.bus.publish({ type: COLLAB_EVENTS.userDeactivated, companyId: input.companyId, userIds: [input.userId], payload: { userId: input.userId } });
}
