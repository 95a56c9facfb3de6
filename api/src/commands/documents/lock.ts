import { isTextLocked, textLockedMessage } from "@clausewise/shared";
import { AppError } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";

/**
 * Approval locks the text (DESIGN.md §4): every command that changes the document, or decides what
 * goes into it, calls this on the contract it has just locked (lockContract), so a status change
 * committed meanwhile is seen. 409 `contract_locked` with the reason and the way out.
 */
export function assertTextUnlocked(contract: Pick<ContractRow, "status">): void {
  if (isTextLocked(contract.status)) throw new AppError("contract_locked", textLockedMessage(contract.status));
}
