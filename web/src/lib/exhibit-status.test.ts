import { describe, expect, it } from "vitest";
import { EXHIBIT_STATUSES } from "@clausewise/shared";
import { exhibitStatusLabel, exhibitStatusTone, reviewButtonState } from "./exhibit-status";

describe("exhibit status", () => {
  it("labels every status and shows unknown ones as they are", () => {
    expect(EXHIBIT_STATUSES.map(exhibitStatusLabel)).toEqual(["Pending", "Planned", "Reviewed", "Approved", "Rejected", "Overdue"]);
    expect(exhibitStatusLabel("archived")).toBe("archived");
  });

  it("shows overdue and rejected in red, approved in green", () => {
    expect(exhibitStatusTone("overdue")).toBe("danger");
    expect(exhibitStatusTone("rejected")).toBe("danger");
    expect(exhibitStatusTone("approved")).toBe("success");
    expect(exhibitStatusTone("archived")).toBe("neutral");
  });
});

describe("reviewButtonState", () => {
  it("is an enabled 'Review' for a pending, reviewed or rejected exhibit", () => {
    for (const status of ["pending", "reviewed", "rejected", "overdue"] as const) {
      expect(reviewButtonState({ status, isPlanned: false })).toEqual({ label: "Review", disabled: false, reason: null });
    }
  });

  it("is disabled once approved", () => {
    const state = reviewButtonState({ status: "approved", isPlanned: false });
    expect(state.disabled).toBe(true);
    expect(state.reason).toMatch(/final/);
  });

  it("reads 'Update Status' for planned exhibits, overdue ones included, and is still disabled once approved", () => {
    expect(reviewButtonState({ status: "planned", isPlanned: true })).toMatchObject({ label: "Update Status", disabled: false });
    expect(reviewButtonState({ status: "overdue", isPlanned: true })).toMatchObject({ label: "Update Status", disabled: false });
    expect(reviewButtonState({ status: "approved", isPlanned: true })).toMatchObject({ label: "Update Status", disabled: true });
  });
});
