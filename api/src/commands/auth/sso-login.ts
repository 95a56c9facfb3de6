import { eq, sql } from "drizzle-orm";
import type { SsoErrorCode } from "@clausewise/shared";
import type { AppDeps } from "../../context";
import { companies, users } from "../../db/schema";
import type { OidcIdentity } from "../../auth/oidc";
import type { SessionMeta } from "../../auth/sessions";
import { AppError } from "../../http/errors";
import { openSession } from "./login";

export class SsoRefused extends Error {
  constructor(readonly reason: SsoErrorCode) {
    super(reason);
    this.name = "SsoRefused";
  }
}

/**
 * Single sign-on: the provider vouched for this e-mail. Only a verified e-mail signs in, and only
 * into an account that already exists (accounts belong to a company and are made by sign-up or
 * invitation); a first SSO sign-in also confirms the account's e-mail address.
 */
export async function ssoLogin(deps: AppDeps, identity: OidcIdentity, meta: SessionMeta & { ip: string; previousSessionToken?: string | undefined }) {
  if (!identity.emailVerified) throw new SsoRefused("email_not_verified");
  const [row] = await deps.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, identity.email))
    .limit(1);
  if (!row) throw new SsoRefused("no_account");
  try {
    return await openSession(deps, row, meta, { now: deps.now(), method: "sso", verifyEmail: true });
  } catch (error) {
    if (error instanceof AppError && error.code === "account_suspended") throw new SsoRefused("account_suspended");
    throw error;
  }
}
