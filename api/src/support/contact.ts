import { eq } from "drizzle-orm";
import { postalAddressLines, type SupportContact, type SupportContactSettings } from "@clausewise/shared";
import type { Db } from "../db/client";
import { supportContactSettings } from "../db/schema";
import type { Config } from "../env";

/** The one row of contact settings. */
export const CONTACT_SETTINGS_KEY = "default";

/** What platform operators last saved (Support › Contact Info), or nothing yet. */
export async function loadContactSettings(db: Db): Promise<SupportContactSettings> {
  const [row] = await db.select().from(supportContactSettings).where(eq(supportContactSettings.key, CONTACT_SETTINGS_KEY)).limit(1);
  if (!row) return {};
  const { key: _key, updatedBy: _by, updatedAt: _at, ...fields } = row;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== "")) as SupportContactSettings;
}

/**
 * Billing spec §2 Contact Info. Each kind of enquiry goes to its own address where operators set one,
 * otherwise to SUPPORT_EMAIL (the address that receives new tickets), so no enquiry lands in a mailbox
 * nobody reads. The postal address is shown only once operators have entered one.
 */
export async function supportContact(db: Db, config: Pick<Config, "supportEmail">): Promise<SupportContact> {
  const s = await loadContactSettings(db);
  const fallback = config.supportEmail;
  return {
    emails: { general: s.generalEmail ?? fallback, technical: s.technicalEmail ?? fallback, billing: s.billingEmail ?? fallback, sales: s.salesEmail ?? fallback },
    postalAddress: postalAddressLines(s),
  };
}
