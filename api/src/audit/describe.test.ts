import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS } from "@clausewise/shared";
import { describeAuditEvent } from "./describe";

const SRC = join(import.meta.dirname, "..");
const CODE = /"([a-z_]+\.[a-z_]+)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every action code the commands record: `action: "…"` lines, workflow verbs and the sign-in list. */
function recordedActions(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, "utf8");
    if (!/recordAudit|recordAuthEvent|runWorkflowAction/.test(source)) continue;
    const whole = file.endsWith(join("commands", "auth", "audit.ts"));
    for (const line of source.split("\n")) {
      if (!whole && !/\baction\b|AUDIT_ACTION|runWorkflowAction\(/.test(line)) continue;
      for (const match of line.matchAll(CODE)) found.add(match[1]!);
    }
  }
  return found;
}

describe("audit action labels", () => {
  it("label every kind of event the commands record", () => {
    const recorded = recordedActions();
    expect(recorded.size).toBeGreaterThan(40);
    expect([...recorded].filter((action) => !AUDIT_ACTION_LABELS[action]).sort()).toEqual([]);
  });
});

describe("describeAuditEvent", () => {
  const names = new Map([["u-2", "Riley Reviewer"]]);
  const event = (action: string, data: Record<string, unknown>, extra: Partial<{ entityType: string; entityId: string }> = {}) => ({
    action,
    userId: "u-1",
    entityType: extra.entityType ?? "contract",
    entityId: extra.entityId ?? "c-1",
    data,
  });

  it("says what changed, from the fields it knows", () => {
    expect(describeAuditEvent(event("approval_step.decide", { stage: "legal", decision: "approved", from: "pending_approval", to: "pending_approval" }), names)).toBe(
      "Legal Review approved; Pending Approval → Pending Approval",
    );
    expect(describeAuditEvent(event("user.deactivate", {}, { entityType: "user", entityId: "u-2" }), names)).toBe("Riley Reviewer");
    expect(describeAuditEvent(event("user.deactivate", {}, { entityType: "user", entityId: "u-9" }), names)).toBe("a former member");
    expect(describeAuditEvent(event("company.retention", { from: null, to: 90 }), names)).toBe("never → 90 days");
    expect(describeAuditEvent(event("contract.reject", { from: "pending_approval", to: "rejected", comment: "x".repeat(400) }), names)).toMatch(/^Pending Approval → Rejected; “x{159}…”$/);
  });

  it("keeps an erased contract's events to who and when", () => {
    expect(describeAuditEvent(event("markup.create", { contractId: "c-1", erased: true }), names)).toBe("Contract erased; details removed");
  });

  it("leaves out what it does not know", () => {
    expect(describeAuditEvent(event("something.new", { secret: "s3cr3t" }), names)).toBe("");
    expect(describeAuditEvent(event("auth.signup", { companyName: "Acme" }, { entityType: "user", entityId: "u-1" }), names)).toBe("");
  });
});
