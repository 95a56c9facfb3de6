import { JURISDICTION_CODES, JURISDICTION_NAMES, type JurisdictionCode } from "./schemas/jurisdiction";

/** The thirteen provinces and territories: where a company is, for the sales tax on its invoices. */
export const PROVINCE_CODES = JURISDICTION_CODES.filter((code): code is Exclude<JurisdictionCode, "FED"> => code !== "FED");
export type ProvinceCode = (typeof PROVINCE_CODES)[number];
export const PROVINCE_NAMES: Record<ProvinceCode, string> = JURISDICTION_NAMES;

export interface SalesTax {
  /** GST in the provinces and territories without harmonized tax, HST in the participating provinces. */
  label: "GST" | "HST";
  /** In basis points: 500 = 5 %. */
  rateBps: number;
}

interface RateFrom extends SalesTax {
  /** First day (UTC) the rate applies; rates are listed oldest first. */
  from: string;
}

const GST: RateFrom[] = [{ label: "GST", rateBps: 500, from: "2008-01-01" }];

/**
 * GST/HST on a supply of a service to a business in each province or territory (place of supply: the
 * customer's address). ClauseWise charges GST/HST only; provincial sales taxes (PST in BC, MB, SK; QST
 * in Quebec) are not charged (docs/DECISIONS.md). Source: Canada Revenue Agency, "GST/HST rates" and
 * "Nova Scotia HST rate decrease" (14 % from April 1, 2025), as of November 2026.
 */
export const SALES_TAX_RATES: Record<ProvinceCode, readonly RateFrom[]> = {
  AB: GST,
  BC: GST,
  MB: GST,
  NT: GST,
  NU: GST,
  QC: GST,
  SK: GST,
  YT: GST,
  ON: [{ label: "HST", rateBps: 1300, from: "2010-07-01" }],
  NB: [{ label: "HST", rateBps: 1500, from: "2016-07-01" }],
  NL: [{ label: "HST", rateBps: 1500, from: "2016-07-01" }],
  NS: [
    { label: "HST", rateBps: 1500, from: "2010-07-01" },
    { label: "HST", rateBps: 1400, from: "2025-04-01" },
  ],
  PE: [{ label: "HST", rateBps: 1500, from: "2016-10-01" }],
};

/** With no province on record only the federal GST is charged, and the invoice says so. */
export const DEFAULT_SALES_TAX: SalesTax = { label: "GST", rateBps: 500 };

/** The tax of a company in `province` on a supply made at `at`. */
export function salesTaxFor(province: string | null | undefined, at: Date): SalesTax {
  const rates = province && (PROVINCE_CODES as readonly string[]).includes(province) ? SALES_TAX_RATES[province as ProvinceCode] : null;
  if (!rates) return DEFAULT_SALES_TAX;
  const day = at.toISOString().slice(0, 10);
  const current = [...rates].reverse().find((r) => r.from <= day) ?? rates[0]!;
  return { label: current.label, rateBps: current.rateBps };
}

/** Tax on an amount in cents, rounded half up to the cent. */
export function taxOn(amountCents: number, rateBps: number): number {
  return Math.round((amountCents * rateBps) / 10_000);
}

/** "13%", "5%": the rate as a percentage without trailing zeros. */
export function formatTaxRate(rateBps: number): string {
  return `${(rateBps / 100).toString()}%`;
}
