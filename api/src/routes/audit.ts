import { Hono, type Context } from "hono";
import { AUDIT_MESSAGES, BILLING_ADMIN_MESSAGES, auditFilterQuery, auditPageQuery, csvFileSlug, type AuditPage, type AuditPageQuery } from "@clausewise/shared";
import { auditCsv } from "../audit/export";
import { encodeCursor, listAuditEvents, memberNames } from "../audit/query";
import { isPlatformAdmin } from "../auth/platform-admin";
import { companyNotFound, getCompanyInScope } from "../commands/billing-admin/load";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { pathId, queryParams } from "../http/validate";
import { authorize, billingAdminScope, canViewAuditLog, canViewCompanyAuditLog } from "../policies";
import { presentAuditEvent, type AuditViewer } from "../presenters/audit";
import { sendAttachment } from "./downloads";

async function page(c: Context<AppEnv>, companyId: string, query: AuditPageQuery, viewer: AuditViewer): Promise<AuditPage> {
  const { db } = c.get("deps");
  const { cursor, limit, ...filters } = query;
  const { rows, more } = await listAuditEvents(db, { companyId, filters, cursor, limit });
  const names = await memberNames(db, companyId, rows);
  return { events: rows.map((row) => presentAuditEvent(row, names, viewer)), nextCursor: more ? encodeCursor(rows.at(-1)!) : null };
}

async function exportCsv(c: Context<AppEnv>, company: { id: string; name: string }, viewer: AuditViewer) {
  const filters = queryParams(c, auditFilterQuery);
  const csv = await auditCsv(c.get("deps").db, { companyId: company.id, filters, viewer });
  const day = c.get("deps").now().toISOString().slice(0, 10);
  return sendAttachment(c, { bytes: new TextEncoder().encode(csv), fileName: `audit-log-${csvFileSlug(company.name)}-${day}.csv`, contentType: "text/csv; charset=utf-8" });
}

/** The caller's own company, for its admins. */
function ownLog(c: Context<AppEnv>) {
  const { user, company } = requireAuth(c);
  authorize(canViewAuditLog(user, company), AUDIT_MESSAGES.accessRestricted);
  return company;
}

/**
 * Any company's log, for platform operators (Billing Administration). Loaded in the caller's Billing
 * Administration scope first, so another company's id is a 404 to a company admin, as everywhere there.
 */
async function companyLog(c: Context<AppEnv>) {
  const { user } = requireAuth(c);
  const { db, config } = c.get("deps");
  const platform = { isPlatformAdmin: isPlatformAdmin(user, config) };
  const scope = billingAdminScope(user, platform);
  authorize(scope !== null, BILLING_ADMIN_MESSAGES.accessDenied);
  const company = await getCompanyInScope(db, { id: pathId(c, "companyId", companyNotFound), scope, actorCompanyId: user.companyId });
  authorize(canViewCompanyAuditLog(user, platform), AUDIT_MESSAGES.operatorsOnly);
  return company;
}

/** The Audit Log (issue 16): the events commands record (commands/audit.ts), filtered, a page at a time or as CSV. */
export const auditRoutes = new Hono<AppEnv>()
  .get("/audit-events", async (c) => {
    const company = ownLog(c);
    return c.json(await page(c, company.id, queryParams(c, auditPageQuery), { platform: false }));
  })
  .get("/audit-events/export", async (c) => exportCsv(c, ownLog(c), { platform: false }))
  .get("/admin/companies/:companyId/audit-events", async (c) => {
    const company = await companyLog(c);
    return c.json(await page(c, company.id, queryParams(c, auditPageQuery), { platform: true }));
  })
  .get("/admin/companies/:companyId/audit-events/export", async (c) => exportCsv(c, await companyLog(c), { platform: true }));
