import { describe, expect, it } from "vitest";
import { PROVINCE_CODES, salesTaxFor, taxOn } from "./tax";

describe("GST/HST by province", () => {
  it("has one rate for each of the thirteen provinces and territories", () => {
    const at = new Date("2026-06-01T00:00:00Z");
    const table = Object.fromEntries(PROVINCE_CODES.map((p) => [p, `${salesTaxFor(p, at).label} ${salesTaxFor(p, at).rateBps}`]));
    expect(table).toEqual({
      AB: "GST 500", BC: "GST 500", MB: "GST 500", NT: "GST 500", NU: "GST 500", QC: "GST 500", SK: "GST 500", YT: "GST 500",
      ON: "HST 1300", NB: "HST 1500", NL: "HST 1500", NS: "HST 1400", PE: "HST 1500",
    });
  });

  it("Nova Scotia: 15 % HST until March 31, 2025, 14 % from April 1, 2025", () => {
    expect(salesTaxFor("NS", new Date("2025-03-31T23:59:59Z")).rateBps).toBe(1500);
    expect(salesTaxFor("NS", new Date("2025-04-01T00:00:00Z")).rateBps).toBe(1400);
  });

  it("without a (known) province, federal GST only; tax rounds to the cent", () => {
    expect(salesTaxFor(null, new Date())).toEqual({ label: "GST", rateBps: 500 });
    expect(salesTaxFor("FED", new Date())).toEqual({ label: "GST", rateBps: 500 });
    expect(taxOn(29_900, 1300)).toBe(3887);
    expect(taxOn(9_900, 500)).toBe(495);
    expect(taxOn(79_900, 1400)).toBe(11_186);
  });
});
