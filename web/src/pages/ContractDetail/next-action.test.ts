import { describe, expect, it } from "vitest";
import { CONTRACT_ABILITIES, type ApprovalStep, type ContractAbility, type ContractDetail } from "@clausewise/shared";
import { nextAction } from "./next-action";

function contract(status: ContractDetail["status"], granted: ContractAbility[]): Pick<ContractDetail, "status" | "abilities"> {
  return { status, abilities: Object.fromEntries(CONTRACT_ABILITIES.map((a) => [a, granted.includes(a)])) as ContractDetail["abilities"] };
}

function pipeline(pending: ApprovalStep["stage"] | null): ApprovalStep[] {
  const order = ["legal", "finance", "final"] as const;
  const at = pending ? order.indexOf(pending) : 3;
  return order.map((stage, i) => ({
    stage,
    label: { legal: "Legal Review", finance: "Finance Review", final: "Final Approval" }[stage],
    status: i < at ? "approved" : i === at ? "pending" : "waiting",
    decidedBy: null,
    decider: null,
    decidedAt: null,
    comment: null,
  }));
}

const REVIEWER: ContractAbility[] = ["read", "comment", "suggest", "submitForApproval", "analyze"];
const APPROVER: ContractAbility[] = [...REVIEWER, "edit", "approve", "decideChanges"];

describe("nextAction", () => {
  it("asks those who may mark up to review a contract under review; a read-only user waits", () => {
    expect(nextAction(contract("under_review", REVIEWER), undefined)).toEqual({ label: "Review this contract", tab: "analysis", actionable: true });
    expect(nextAction(contract("under_review", ["read"]), undefined)).toMatchObject({ label: "Under review by the team", actionable: false });
  });

  it("names the pending stage for an approver, and waiting for anyone else", () => {
    expect(nextAction(contract("pending_approval", APPROVER), pipeline("legal"))).toEqual({ label: "Approve Legal Review", tab: "approval", actionable: true });
    expect(nextAction(contract("pending_approval", APPROVER), pipeline("finance")).label).toBe("Approve Finance Review");
    expect(nextAction(contract("pending_approval", APPROVER), pipeline("final")).label).toBe("Give Final Approval");
    expect(nextAction(contract("pending_approval", REVIEWER), pipeline("legal"))).toEqual({ label: "Waiting for approval", tab: "approval", actionable: false });
  });

  it("has nothing to do on an approved contract, and offers the reopening of a rejected one to those who may", () => {
    expect(nextAction(contract("approved", APPROVER), pipeline(null))).toMatchObject({ label: "Approved: no action needed", actionable: false });
    expect(nextAction(contract("rejected", REVIEWER), undefined)).toEqual({ label: "Reopen for another review", tab: "approval", actionable: true });
    expect(nextAction(contract("rejected", ["read"]), undefined).actionable).toBe(false);
  });
});
