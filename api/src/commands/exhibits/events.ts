import { PUSH_EVENTS } from "@clausewise/shared";
import type { AppDeps } from "../../context";

/** exhibit:updated goes to the contract's room: only people looking at that contract show exhibits. */
export async function publishExhibitUpdated(deps: AppDeps, exhibit: { id: string; companyId: string; contractId: string }): Promise<void> {
  await deps.bus.publish({
    type: PUSH_EVENTS.exhibitUpdated,
    companyId: exhibit.companyId,
    contractId: exhibit.contractId,
    payload: { contractId: exhibit.contractId, id: exhibit.id },
  });
}
