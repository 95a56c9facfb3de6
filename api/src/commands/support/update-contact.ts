import type { SupportContactSettings } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import type { AppDeps } from "../../context";
import { supportContactSettings } from "../../db/schema";
import { CONTACT_SETTINGS_KEY } from "../../support/contact";
import { recordAudit } from "../audit";

/** Saves the contact details every visitor of Support › Contact Info reads; a field left out is cleared. */
export async function updateSupportContact(deps: AppDeps, input: { actor: UserRow; settings: SupportContactSettings }): Promise<void> {
  const { actor, settings } = input;
  const now = deps.now();
  const values = {
    generalEmail: settings.generalEmail ?? null,
    technicalEmail: settings.technicalEmail ?? null,
    billingEmail: settings.billingEmail ?? null,
    salesEmail: settings.salesEmail ?? null,
    organization: settings.organization ?? null,
    addressLine1: settings.addressLine1 ?? null,
    addressLine2: settings.addressLine2 ?? null,
    city: settings.city ?? null,
    province: settings.province ?? null,
    postalCode: settings.postalCode ? settings.postalCode.toUpperCase() : null,
    country: settings.country ?? null,
    updatedBy: actor.id,
    updatedAt: now,
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(supportContactSettings)
      .values({ key: CONTACT_SETTINGS_KEY, ...values })
      .onConflictDoUpdate({ target: supportContactSettings.key, set: values });
    // Platform-wide, not any company's: no company's log shows it.
    await recordAudit(tx, { companyId: null, userId: actor.id, action: "support_contact.update", entityType: "support_contact", entityId: CONTACT_SETTINGS_KEY, now });
  });
}
