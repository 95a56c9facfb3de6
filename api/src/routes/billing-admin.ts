import { Hono, type Context } from "hono";
import { BILLING_ADMIN_MESSAGES, reactivateCompanyRequest, recordPaymentRequest, suspendCompanyRequest } from "@clausewise/shared";
import { isPlatformAdmin } from "../auth/platform-admin";
import type { CompanyRow } from "../auth/sessions";
import { companyAdmin, companyBillingEvents, companyNotFound, getCompanyInScope, listCompaniesInScope } from "../commands/billing-admin/load";
import { processOverdueAccounts } from "../commands/billing-admin/process-overdue";
import { reactivateCompany } from "../commands/billing-admin/reactivate";
import { recordPayment } from "../commands/billing-admin/record-payment";
import { suspendCompany } from "../commands/billing-admin/suspend";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId } from "../http/validate";
import { authorize, billingAdminScope, canManageAccountStatus } from "../policies";
import { presentAdminCompany, presentAdminCompanyDetail } from "../presenters/billing-admin";

/** Who may open Billing Administration, and over which companies (policies/billing.ts). */
function adminContext(c: Context<AppEnv>) {
  const { user } = requireAuth(c);
  const platform = { isPlatformAdmin: isPlatformAdmin(user, c.get("deps").config) };
  const scope = billingAdminScope(user, platform);
  authorize(scope !== null, BILLING_ADMIN_MESSAGES.accessDenied);
  const options = { canManage: canManageAccountStatus(user, platform), actorCompanyId: user.companyId };
  return { user, scope, options };
}

/** Load in scope (a foreign company is a 404), then require an operator for changes. */
async function companyToManage(c: Context<AppEnv>) {
  const ctx = adminContext(c);
  const company = await getCompanyInScope(c.get("deps").db, { id: pathId(c, "companyId", companyNotFound), scope: ctx.scope, actorCompanyId: ctx.user.companyId });
  authorize(ctx.options.canManage, BILLING_ADMIN_MESSAGES.operatorsOnly);
  return { ...ctx, company };
}

async function detail(c: Context<AppEnv>, company: CompanyRow, options: { canManage: boolean; actorCompanyId: string }) {
  const { db } = c.get("deps");
  const [admin, events] = await Promise.all([companyAdmin(db, company.id), companyBillingEvents(db, company.id)]);
  return presentAdminCompanyDetail(company, admin, events, options);
}

/** Spec §7, Billing Administration. */
export const billingAdminRoutes = new Hono<AppEnv>()
  .get("/admin/companies", async (c) => {
    const { user, scope, options } = adminContext(c);
    const rows = await listCompaniesInScope(c.get("deps").db, scope, user.companyId);
    return c.json(rows.map((row) => presentAdminCompany(row, options)));
  })
  .get("/admin/companies/:companyId", async (c) => {
    const { user, scope, options } = adminContext(c);
    const company = await getCompanyInScope(c.get("deps").db, { id: pathId(c, "companyId", companyNotFound), scope, actorCompanyId: user.companyId });
    return c.json(await detail(c, company, options));
  })
  .post("/admin/companies/:companyId/suspend", async (c) => {
    const { user, company, options } = await companyToManage(c);
    const request = await jsonBody(c, suspendCompanyRequest);
    const updated = await suspendCompany(c.get("deps"), { actor: user, company, request });
    return c.json(await detail(c, updated, options));
  })
  .post("/admin/companies/:companyId/reactivate", async (c) => {
    const { user, company, options } = await companyToManage(c);
    const request = await jsonBody(c, reactivateCompanyRequest);
    const updated = await reactivateCompany(c.get("deps"), { actor: user, company, request });
    return c.json(await detail(c, updated, options));
  })
  .post("/admin/companies/:companyId/record-payment", async (c) => {
    const { user, company, options } = await companyToManage(c);
    const request = await jsonBody(c, recordPaymentRequest);
    const updated = await recordPayment(c.get("deps"), { actor: user, company, request });
    return c.json(await detail(c, updated, options));
  })
  .post("/admin/process-overdue", async (c) => {
    const { user, options } = adminContext(c);
    authorize(options.canManage, BILLING_ADMIN_MESSAGES.operatorsOnly);
    return c.json(await processOverdueAccounts(c.get("deps"), { actor: user }));
  });
