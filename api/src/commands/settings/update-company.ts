import { eq } from "drizzle-orm";
import type { companyUpdateRequest } from "@clausewise/shared";
import type { z } from "zod";
import type { CompanyRow, UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { companies } from "../../db/schema";
import { recordAudit } from "../audit";

/** Company name, industry, size, address, province, website and time zone; the route has checked the caller is an admin. */
export async function updateCompany(deps: AppDeps, input: { actor: UserRow; company: CompanyRow; settings: z.output<typeof companyUpdateRequest> }) {
  const { actor, company, settings } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(companies)
      .set({
        name: settings.companyName,
        industry: settings.industry,
        companySize: settings.companySize,
        address: settings.address,
        ...(settings.province !== undefined ? { province: settings.province } : {}),
        website: settings.website,
        ...(settings.timezone !== undefined ? { timezone: settings.timezone } : {}),
        updatedAt: now,
      })
      .where(eq(companies.id, company.id))
      .returning();
    await recordAudit(tx, {
      companyId: company.id,
      userId: actor.id,
      action: "company.update_settings",
      entityType: "company",
      entityId: company.id,
      now,
      data: { nameChanged: settings.companyName !== company.name },
    });
    return updated!;
  });
}
