import { accessRevokedPayload, COLLAB_EVENTS, contractDeletedPayload, textLockChangedPayload, userDeactivatedPayload } from "@clausewise/shared";
import { parseCollabUpdateEvent } from "@clausewise/api/collab/index";
import type { DomainEvent, EventBus } from "@clausewise/api/events/bus";
import type { Logger } from "@clausewise/api/logger";
import { STORED_ELSEWHERE } from "./document";
import { updateHasContent } from "./protocol";
import type { DocumentRegistry } from "./registry";

export interface AccessChange {
  companyId: string;
  /** Every user of the company when absent (the company was suspended). */
  userId?: string | undefined;
  /** Only this contract's connections; all of the user's when absent. */
  contractId?: string | undefined;
  /** The contract was erased: its connections close as "not found", which the client does not retry. */
  erased?: boolean;
}

/**
 * Domain events that concern live documents: a REST edit the API stored (`collab:update`, applied
 * and relayed where the document is loaded) and access changes (the user's connections are
 * re-checked at once).
 */
export function subscribeCollabEvents(bus: EventBus, registry: DocumentRegistry, onAccessChange: (change: AccessChange) => void, logger: Logger): () => void {
  return bus.subscribe((event: DomainEvent) => {
    switch (event.type) {
      case COLLAB_EVENTS.update: {
        const edit = parseCollabUpdateEvent(event);
        if (!edit) return logger.warn({ type: event.type }, "collab: unreadable collab:update event");
        try {
          if (updateHasContent(edit.update)) registry.deliverStored(edit.contractId, edit.update, STORED_ELSEWHERE.bus);
        } catch (error) {
          logger.warn({ err: error, contractId: edit.contractId }, "collab: undecodable update on the bus");
        }
        return;
      }
      case COLLAB_EVENTS.accessRevoked: {
        const parsed = accessRevokedPayload.safeParse(event.payload);
        if (parsed.success) onAccessChange({ companyId: event.companyId, userId: parsed.data.userId, contractId: parsed.data.contractId ?? event.contractId });
        return;
      }
      case COLLAB_EVENTS.userDeactivated: {
        const parsed = userDeactivatedPayload.safeParse(event.payload);
        if (parsed.success) onAccessChange({ companyId: event.companyId, userId: parsed.data.userId });
        return;
      }
      case COLLAB_EVENTS.companySuspended:
        onAccessChange({ companyId: event.companyId });
        return;
      case COLLAB_EVENTS.textLockChanged: {
        // Approved, pending, or reopened: every connection to the contract takes its new mode now.
        const parsed = textLockChangedPayload.safeParse(event.payload);
        if (parsed.success) onAccessChange({ companyId: event.companyId, contractId: parsed.data.contractId });
        return;
      }
      case COLLAB_EVENTS.contractDeleted: {
        const parsed = contractDeletedPayload.safeParse(event.payload);
        if (!parsed.success) return;
        // Nothing of it may be written again: the document is dropped, not stored, when it unloads.
        registry.markErased(parsed.data.contractId);
        onAccessChange({ companyId: event.companyId, contractId: parsed.data.contractId, erased: true });
        return;
      }
    }
  });
}
