import type { SupportContact } from "@clausewise/shared";
import type { Config } from "../env";

/**
 * Billing spec §2 Contact Info. Every kind of enquiry goes to the deployment's one SUPPORT_EMAIL, the
 * address that also receives new tickets, so no enquiry lands in a mailbox nobody reads.
 */
export function supportContact(config: Pick<Config, "supportEmail">): SupportContact {
  const email = config.supportEmail;
  return {
    emails: { general: email, technical: email, billing: email, sales: email },
    postalAddress: ["ClauseWise Support", "Calgary, Alberta", "Canada"],
  };
}
