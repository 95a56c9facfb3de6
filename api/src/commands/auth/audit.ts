import type { Db } from "../../db/client";
import { recordAudit } from "../audit";

export type AuthAuditAction = "auth.signup" | "auth.login" | "auth.logout" | "auth.verify_email" | "auth.resend_verification" | "auth.request_password_reset" | "auth.reset_password"
  | "auth.confirm_email_change"
  | "auth.undo_email_change";

/** A sign-in event is an audit event about the user; the action names stay a closed list. */
export function recordAuthEvent(
  db: Db,
  input: { action: AuthAuditAction; companyId: string; userId: string; now: Date; data?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(db, { ...input, entityType: "user", entityId: input.userId });
}
