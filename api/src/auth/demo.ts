import { eq } from "drizzle-orm";
import type { AuthConfig } from "@clausewise/shared";
import type { AppDeps } from "../context";
import { companies } from "../db/schema";
import { DEMO_COMPANY, DEMO_PASSWORD, DEMO_USERS } from "../seed/demo-data";

/** Demo mode: SEED_DEMO is on and the demo company exists (the seed only runs on an empty database). */
export async function isDemoMode(deps: Pick<AppDeps, "config" | "db">): Promise<boolean> {
  if (!deps.config.seedDemo) return false;
  const rows = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY.name)).limit(1);
  return rows.length > 0;
}

/** What the sign-in page shows before anyone signs in; the demo credentials only in demo mode (DESIGN.md §2). */
export async function loadAuthConfig(deps: Pick<AppDeps, "config" | "db">): Promise<AuthConfig> {
  const demoMode = await isDemoMode(deps);
  return {
    demoMode,
    demoUsers: demoMode ? DEMO_USERS.map((u) => ({ email: u.email, role: u.role })) : [],
    ...(demoMode ? { demoPassword: DEMO_PASSWORD } : {}),
    sso: Boolean(deps.config.oidc),
    rememberDays: Math.round(deps.config.sessions.rememberMaxMs / (24 * 60 * 60 * 1000)),
  };
}
