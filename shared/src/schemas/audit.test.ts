import { describe, expect, it } from "vitest";
import { auditActionLabel, auditPageQuery, auditRange, AUDIT_MESSAGES } from "./audit";

describe("audit filters", () => {
  it("reads dates alone as whole UTC days and date-times as given", () => {
    expect(auditRange({ from: "2026-03-01", to: "2026-03-02" })).toEqual({ from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-03-03T00:00:00Z") });
    expect(auditRange({ from: "2026-03-01T09:00:00-07:00" })).toEqual({ from: new Date("2026-03-01T16:00:00Z"), to: null });
  });

  it("refuses a reversed range, a bad date, an unknown page size and a malformed action", () => {
    const message = (query: Record<string, string>) => auditPageQuery.safeParse(query).error?.issues[0]?.message;
    expect(message({ from: "2026-03-02", to: "2026-03-01" })).toBe(AUDIT_MESSAGES.badRange);
    expect(message({ from: "yesterday" })).toBe(AUDIT_MESSAGES.badDate);
    expect(message({ from: "2026-02-30" })).toBe(AUDIT_MESSAGES.badDate);
    expect(message({ from: "2026-13-01" })).toBe(AUDIT_MESSAGES.badDate);
    expect(message({ limit: "0" })).toMatch(/limit must be/);
    expect(message({ limit: "abc" })).toMatch(/limit must be/);
    expect(message({ action: "DROP TABLE" })).toBe(AUDIT_MESSAGES.badAction);
    // Blank values are absent filters.
    expect(auditPageQuery.parse({ userId: "", from: "", limit: "" })).toEqual({ limit: 50 });
  });

  it("labels known actions and turns unknown codes into words", () => {
    expect(auditActionLabel("change.approve")).toBe("Approved a proposed change");
    expect(auditActionLabel("subscription.end")).toBe("Subscription ended at the end of its period");
    expect(auditActionLabel("subscription.pause")).toBe("Subscription pause");
  });
});
