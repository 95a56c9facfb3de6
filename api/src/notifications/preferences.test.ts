import { describe, expect, it } from "vitest";
import { kindOf } from "./preferences";

describe("which switch governs a notification", () => {
  it("maps every notice the product emits to one of the six kinds", () => {
    expect(kindOf({ type: "contract_assigned", title: "Contract assigned" })).toBe("ContractAssigned");
    expect(kindOf({ type: "approval_required", title: "Approval required" })).toBe("ContractAssigned");
    expect(kindOf({ type: "markup_added", title: "New comment on Pipeline EPC" })).toBe("NewComments");
    expect(kindOf({ type: "contract_completed", title: "Contract approved" })).toBe("ContractApproved");
    expect(kindOf({ type: "other", title: "Contract rejected" })).toBe("ContractRejected");
    expect(kindOf({ type: "other", title: "Change Rejected" })).toBe("ContractRejected");
    expect(kindOf({ type: "other", title: "Change Approved" })).toBe("ContractApproved");
    expect(kindOf({ type: "other", title: "Exhibit assigned" })).toBe("ContractAssigned");
    expect(kindOf({ type: "other", title: "Analysis ready: Pipeline EPC" })).toBe("SystemUpdates");
    expect(kindOf({ type: "other", title: "Contract uploaded" })).toBe("SystemUpdates");
    expect(kindOf({ type: "other", title: "Analysis ready: Rejected Bids Approved EPC" })).toBe("SystemUpdates");
    expect(kindOf({ type: "other", title: "Review deadline: Pipeline EPC", kind: "DeadlineReminders" })).toBe("DeadlineReminders");
  });
});
