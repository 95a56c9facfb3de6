import { describe, expect, it } from "vitest";
import { CONTRACT_STATUSES, type ApprovalStep } from "@clausewise/shared";
import { approveBlockedReason, availableTransitions, canDecideStep, canReopenForChanges } from "./workflow-actions";
import { APPROVER_ABILITIES, makeContract, REVIEWER_ABILITIES } from "./testing";

const abilities = (granted: string[]) => makeContract({}, granted as never).abilities;
const reviewer = abilities(REVIEWER_ABILITIES);
const approver = abilities(APPROVER_ABILITIES);
const readOnly = abilities(["read"]);

function steps(legal: ApprovalStep["status"], finance: ApprovalStep["status"], final: ApprovalStep["status"]): ApprovalStep[] {
  const step = (stage: ApprovalStep["stage"], label: string, status: ApprovalStep["status"]): ApprovalStep => ({ stage, label, status, decidedBy: null, decider: null, decidedAt: null, comment: null });
  return [step("legal", "Legal Review", legal), step("finance", "Finance Review", finance), step("final", "Final Approval", final)];
}

describe("availableTransitions (status × abilities)", () => {
  it("lets whoever may submit send an under-review contract for approval", () => {
    expect(availableTransitions("under_review", reviewer)).toEqual(["submit"]);
    expect(availableTransitions("under_review", approver)).toEqual(["submit"]);
    expect(availableTransitions("under_review", readOnly)).toEqual([]);
  });

  it("offers Approve and Reject on a pending contract only with the approve ability (not to reviewers)", () => {
    expect(availableTransitions("pending_approval", approver)).toEqual(["approve", "reject"]);
    expect(availableTransitions("pending_approval", reviewer)).toEqual([]);
    expect(availableTransitions("pending_approval", readOnly)).toEqual([]);
  });

  it("offers Reopen on a rejected contract to those who may submit", () => {
    expect(availableTransitions("rejected", reviewer)).toEqual(["reopen"]);
    expect(availableTransitions("rejected", readOnly)).toEqual([]);
  });

  it("offers Reopen for changes on a locked contract to approvers and admins only", () => {
    expect(canReopenForChanges("approved", approver)).toBe(true);
    expect(canReopenForChanges("pending_approval", approver)).toBe(true);
    expect(canReopenForChanges("approved", reviewer)).toBe(false);
    expect(canReopenForChanges("under_review", approver)).toBe(false);
    expect(canReopenForChanges("rejected", approver)).toBe(false);
  });

  it("offers nothing on an approved contract or an unknown status", () => {
    expect(availableTransitions("approved", approver)).toEqual([]);
    expect(availableTransitions("archived", approver)).toEqual([]);
  });

  it("never offers an action that the status does not allow, whatever the abilities", () => {
    const all = abilities(["read", "submitForApproval", "approve"]);
    const byStatus = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, availableTransitions(s, all)]));
    expect(byStatus).toEqual({ under_review: ["submit"], pending_approval: ["approve", "reject"], approved: [], rejected: ["reopen"] });
  });
});

describe("approveBlockedReason", () => {
  it("names the stages that must be approved before the contract", () => {
    expect(approveBlockedReason(steps("pending", "waiting", "waiting"))).toBe("Legal Review and Finance Review must be approved before the contract can be approved.");
    expect(approveBlockedReason(steps("approved", "pending", "waiting"))).toBe("Finance Review must be approved before the contract can be approved.");
  });

  it("lets Approve go ahead at Final Approval, or when the pipeline is not known", () => {
    expect(approveBlockedReason(steps("approved", "approved", "pending"))).toBeNull();
    expect(approveBlockedReason(undefined)).toBeNull();
    expect(approveBlockedReason([])).toBeNull();
  });
});

describe("canDecideStep", () => {
  const pending = makeContract({ status: "pending_approval" }, APPROVER_ABILITIES);
  it("is the pending step, while the contract is pending approval, for an approver", () => {
    const [legal, finance] = steps("pending", "waiting", "waiting");
    expect(canDecideStep(legal!, pending)).toBe(true);
    expect(canDecideStep(finance!, pending)).toBe(false);
  });

  it("is nothing while under review (Legal shows pending but opens on submission) or for a reviewer", () => {
    const [legal] = steps("pending", "waiting", "waiting");
    expect(canDecideStep(legal!, makeContract({ status: "under_review" }, APPROVER_ABILITIES))).toBe(false);
    expect(canDecideStep(legal!, makeContract({ status: "pending_approval" }, REVIEWER_ABILITIES))).toBe(false);
  });
});
