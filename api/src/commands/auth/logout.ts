import type { AppDeps } from "../../context";
import { destroySession, type AuthState } from "../../auth/sessions";
import { publishAccessChanged } from "../team/events";
import { recordAuthEvent } from "./audit";

/** Ends the browser's session (if any). Safe to call twice; only a real sign-out is audited. */
export async function logout(deps: AppDeps, input: { sessionToken: string | undefined; auth: AuthState | null }): Promise<void> {
  if (!input.sessionToken) return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await destroySession(tx, input.sessionToken!);
    if (input.auth?.sessionId) {
      await recordAuthEvent(tx, { action: "auth.logout", companyId: input.auth.company.id, userId: input.auth.user.id, now });
    }
  });
  // Live connections opened with this session (documents, pushes) re-check it and close at once.
  if (input.auth) await publishAccessChanged(deps, { companyId: input.auth.company.id, userId: input.auth.user.id });
}
