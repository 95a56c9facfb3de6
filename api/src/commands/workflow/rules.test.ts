import { describe, expect, it } from "vitest";
import { CONTRACT_STATUSES, type ContractStatus } from "@clausewise/shared";
import { applyWorkflowAction, INITIAL_STEPS, isConsistent, type WorkflowAction, type WorkflowState } from "./rules";

const submitted: WorkflowState = { status: "pending_approval", steps: { ...INITIAL_STEPS } };

function run(state: WorkflowState, ...actions: WorkflowAction[]): WorkflowState {
  let current = state;
  for (const action of actions) {
    const outcome = applyWorkflowAction(current, action);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(isConsistent(outcome.state), JSON.stringify(outcome.state)).toBe(true);
    current = outcome.state;
  }
  return current;
}

function refusal(state: WorkflowState, action: WorkflowAction): string {
  const outcome = applyWorkflowAction(state, action);
  if (outcome.ok) throw new Error(`expected ${action.type} to be refused from ${state.status}`);
  return outcome.message;
}

const approveStep = (stage: "legal" | "finance" | "final"): WorkflowAction => ({ type: "decide", stage, decision: "approved" });
const rejectStep = (stage: "legal" | "finance" | "final"): WorkflowAction => ({ type: "decide", stage, decision: "rejected" });

describe("contract workflow rules", () => {
  it("walks the whole pipeline: submit, legal, finance, final → approved", () => {
    const start: WorkflowState = { status: "under_review", steps: { ...INITIAL_STEPS } };
    expect(run(start, { type: "submit" })).toEqual(submitted);
    expect(run(submitted, approveStep("legal")).steps).toEqual({ legal: "approved", finance: "pending", final: "waiting" });
    expect(run(submitted, approveStep("legal"), approveStep("finance")).steps).toEqual({ legal: "approved", finance: "approved", final: "pending" });
    const done = run(submitted, approveStep("legal"), approveStep("finance"), approveStep("final"));
    expect(done).toEqual({ status: "approved", steps: { legal: "approved", finance: "approved", final: "approved" } });
  });

  it("decides steps only in order", () => {
    expect(refusal(submitted, approveStep("finance"))).toBe("Finance Review is not open yet: Legal Review must be approved first.");
    expect(refusal(submitted, approveStep("final"))).toBe("Final Approval is not open yet: Legal Review must be approved first.");
    const afterLegal = run(submitted, approveStep("legal"));
    expect(refusal(afterLegal, approveStep("legal"))).toBe("Legal Review has already been decided.");
    expect(refusal(afterLegal, rejectStep("final"))).toBe("Final Approval is not open yet: Finance Review must be approved first.");
  });

  it("rejects the contract when any step is rejected, leaving later steps waiting", () => {
    for (const [prefix, stage] of [[[], "legal"], [["legal"], "finance"], [["legal", "finance"], "final"]] as const) {
      const state = run(submitted, ...prefix.map(approveStep), rejectStep(stage));
      expect(state.status).toBe("rejected");
      expect(state.steps[stage]).toBe("rejected");
    }
  });

  it("decides nothing unless the contract is pending approval", () => {
    const underReview: WorkflowState = { status: "under_review", steps: { ...INITIAL_STEPS } };
    expect(refusal(underReview, approveStep("legal"))).toMatch(/still under review/);
    const rejected = run(submitted, rejectStep("legal"));
    expect(refusal(rejected, approveStep("finance"))).toMatch(/was rejected/);
    const approved = run(submitted, approveStep("legal"), approveStep("finance"), approveStep("final"));
    expect(refusal(approved, rejectStep("final"))).toMatch(/already approved/);
  });

  it("approves the contract only as the final step, after legal and finance", () => {
    expect(refusal(submitted, { type: "approveContract" })).toBe("Legal Review and Finance Review must be approved before the contract can be approved.");
    expect(refusal(run(submitted, approveStep("legal")), { type: "approveContract" })).toBe("Finance Review must be approved before the contract can be approved.");
    const ready = run(submitted, approveStep("legal"), approveStep("finance"));
    expect(run(ready, { type: "approveContract" }).status).toBe("approved");
  });

  it("rejects the contract at whichever step is pending", () => {
    expect(run(submitted, { type: "rejectContract" }).steps).toEqual({ legal: "rejected", finance: "waiting", final: "waiting" });
    expect(run(submitted, approveStep("legal"), { type: "rejectContract" }).steps).toEqual({ legal: "approved", finance: "rejected", final: "waiting" });
  });

  it("reopens only a rejected contract, restarting the pipeline", () => {
    const rejected = run(submitted, approveStep("legal"), rejectStep("finance"));
    expect(run(rejected, { type: "reopen" })).toEqual({ status: "under_review", steps: INITIAL_STEPS });
    expect(run(rejected, { type: "reopen" }, { type: "submit" })).toEqual(submitted);
  });

  it("reopens an approved or pending contract for changes, restarting the pipeline; never one that is open already", () => {
    const approved = run(submitted, approveStep("legal"), approveStep("finance"), approveStep("final"));
    expect(run(approved, { type: "reopenForChanges" })).toEqual({ status: "under_review", steps: INITIAL_STEPS });
    expect(run(run(submitted, approveStep("legal")), { type: "reopenForChanges" })).toEqual({ status: "under_review", steps: INITIAL_STEPS });
    expect(refusal({ status: "under_review", steps: { ...INITIAL_STEPS } }, { type: "reopenForChanges" })).toBe("This contract is already under review, so it is open for changes.");
    expect(refusal(run(submitted, rejectStep("legal")), { type: "reopenForChanges" })).toMatch(/Reopen it for review/);
  });

  it("allows exactly the transitions of DESIGN.md §6 between statuses", () => {
    const stateFor: Record<ContractStatus, WorkflowState> = {
      under_review: { status: "under_review", steps: { ...INITIAL_STEPS } },
      pending_approval: run(submitted, approveStep("legal"), approveStep("finance")),
      approved: run(submitted, approveStep("legal"), approveStep("finance"), approveStep("final")),
      rejected: run(submitted, rejectStep("legal")),
    };
    const actions: Record<string, WorkflowAction> = {
      submit: { type: "submit" },
      approve: { type: "approveContract" },
      reject: { type: "rejectContract" },
      reopen: { type: "reopen" },
      reopenForChanges: { type: "reopenForChanges" },
    };
    const allowed = new Set([
      "under_review:submit→pending_approval",
      "pending_approval:approve→approved",
      "pending_approval:reject→rejected",
      "rejected:reopen→under_review",
      "approved:reopenForChanges→under_review",
      "pending_approval:reopenForChanges→under_review",
    ]);
    for (const status of CONTRACT_STATUSES) {
      for (const [name, action] of Object.entries(actions)) {
        const outcome = applyWorkflowAction(stateFor[status], action);
        const key = outcome.ok ? `${status}:${name}→${outcome.state.status}` : null;
        expect(outcome.ok ? allowed.has(key!) : true, `${status} ${name}`).toBe(true);
        expect(outcome.ok, `${status} ${name}`).toBe([...allowed].some((a) => a.startsWith(`${status}:${name}→`)));
        if (!outcome.ok) expect(outcome.message.length).toBeGreaterThan(10);
      }
    }
  });

  it("repairs an inconsistent pipeline when a contract is submitted", () => {
    const odd: WorkflowState = { status: "under_review", steps: { legal: "approved", finance: "waiting", final: "waiting" } };
    const outcome = applyWorkflowAction(odd, { type: "submit" });
    expect(outcome).toMatchObject({ ok: true, reset: true, state: submitted });
  });

  it("knows consistent states from inconsistent ones", () => {
    expect(isConsistent({ status: "approved", steps: { legal: "approved", finance: "approved", final: "pending" } })).toBe(false);
    expect(isConsistent({ status: "pending_approval", steps: { legal: "approved", finance: "waiting", final: "pending" } })).toBe(false);
    expect(isConsistent({ status: "rejected", steps: { legal: "approved", finance: "rejected", final: "pending" } })).toBe(false);
    expect(isConsistent({ status: "under_review", steps: { ...INITIAL_STEPS } })).toBe(true);
  });
});
