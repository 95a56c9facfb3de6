import { count, eq, inArray } from "drizzle-orm";
import type { ContractDetail, ContractSummary } from "@clausewise/shared";
import { htmlToPlainText } from "../content/text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/password";
import { createSession } from "../auth/sessions";
import { ydocToHtml } from "../collab/convert";
import { loadDocument } from "../collab/store";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createCompany } from "../test/factories";
import { countWords } from "./contracts/render";
import { seedDemoIfEmpty } from "./demo";
import { DEMO_PASSWORD } from "./demo-data";

const DEMO_EMAILS = ["admin@demo.test", "approver@demo.test", "reviewer@demo.test"];

// Three databases: one seeded from empty, one that already has a company, one seeded twice at once.
let empty: TestApp;
let occupied: TestApp;
let raced: TestApp;
beforeAll(async () => {
  [empty, occupied, raced] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
  await createCompany(occupied.deps.db, { name: "Existing Co." });
  await seedDemoIfEmpty(empty.deps);
});
afterAll(() => Promise.all([empty?.close(), occupied?.close(), raced?.close()]));

const TABLES = {
  companies: schema.companies,
  companySettings: schema.companySettings,
  subscriptions: schema.subscriptions,
  users: schema.users,
  userSettings: schema.userSettings,
  notificationPreferences: schema.notificationPreferences,
  contracts: schema.contracts,
  contractApprovalSteps: schema.contractApprovalSteps,
  exhibits: schema.exhibits,
  exhibitFiles: schema.exhibitFiles,
  markups: schema.markups,
  notifications: schema.notifications,
};

async function rowCounts(db: Db) {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe("seedDemoIfEmpty on an empty database", () => {
  it("creates Demo EPC Ltd. on the professional plan with AI review on", async () => {
    const db = empty.deps.db;
    const [company] = await db.select().from(schema.companies);
    expect(company).toMatchObject({ name: "Demo EPC Ltd.", industry: "energy", subscriptionPlan: "professional", accountStatus: "active" });
    expect(company!.address).toContain("Calgary, AB");
    const [subscription] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.companyId, company!.id));
    expect(subscription).toMatchObject({ plan: "professional", status: "active", provider: "manual", cancelAtPeriodEnd: false });
    expect(subscription!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    const [settings] = await db.select().from(schema.companySettings).where(eq(schema.companySettings.companyId, company!.id));
    expect(settings!.aiReviewEnabled).toBe(true);
  });

  it("creates the three verified demo users with the demo password, settings and preferences", async () => {
    const db = empty.deps.db;
    const rows = await db.select().from(schema.users).where(inArray(schema.users.email, DEMO_EMAILS));
    expect(rows.map((u) => [u.email, u.role]).sort()).toEqual([
      ["admin@demo.test", "admin"],
      ["approver@demo.test", "approver"],
      ["reviewer@demo.test", "reviewer"],
    ]);
    for (const user of rows) {
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(user.isActive).toBe(true);
      expect(user.firstName && user.lastName).toBeTruthy();
      expect(await verifyPassword(user.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
    const ids = rows.map((u) => u.id);
    const settings = await db.select().from(schema.userSettings).where(inArray(schema.userSettings.userId, ids));
    expect(settings).toHaveLength(3);
    expect(settings.every((s) => s.jobTitle)).toBe(true);
    const prefs = await db.select().from(schema.notificationPreferences).where(inArray(schema.notificationPreferences.userId, ids));
    expect(prefs).toHaveLength(3);
    expect(prefs[0]).toMatchObject({ digestFrequency: "daily", reminderTiming: "24h", quietStart: "22:00", quietEnd: "08:00", timezone: "America/Toronto" });
  });

  it("creates at least three realistic contracts of 2,000 to 5,000 words in the three statuses", async () => {
    const rows = await empty.deps.db.select().from(schema.contracts);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const contract of rows) {
      const words = countWords(contract.plainText);
      expect(words, contract.title).toBeGreaterThan(2000);
      expect(words, contract.title).toBeLessThanOrEqual(5000);
      expect(contract.content).toMatch(/^<h1>/);
      expect(contract.content).toContain("<h2>");
      expect(contract.content).toContain("<h3>");
      expect(contract.content).not.toMatch(/<script|style=|on\w+=/i);
      // Each contract's live document is seeded with it; the content is derived from that document.
      expect(ydocToHtml((await loadDocument(empty.deps.db, contract.id)).doc), contract.title).toBe(contract.content);
    }
    expect(Object.fromEntries(rows.map((c) => [c.status, c.priority]))).toMatchObject({ under_review: "high", pending_approval: expect.any(String), approved: expect.any(String) });
    const byStatus = (status: string) => rows.find((c) => c.status === status)!.plainText;
    expect(byStatus("under_review")).toContain("Prompt Payment and Construction Lien Act (Alberta)");
    expect(byStatus("under_review")).toContain("Grande Prairie");
    expect(byStatus("pending_approval")).toContain("Construction Act, R.S.O. 1990, c. C.30");
    expect(byStatus("approved")).toContain("Builders Lien Act (British Columbia)");
  });

  it("gives every contract a legal, finance and final approval step, plus exhibits and markups", async () => {
    const db = empty.deps.db;
    const contracts = await db.select().from(schema.contracts);
    for (const contract of contracts) {
      const steps = await db.select().from(schema.contractApprovalSteps).where(eq(schema.contractApprovalSteps.contractId, contract.id));
      expect(steps.sort((a, b) => a.position - b.position).map((s) => s.stage)).toEqual(["legal", "finance", "final"]);
      if (contract.status === "approved") expect(steps.every((s) => s.status === "approved" && s.decidedBy)).toBe(true);
      if (contract.status === "pending_approval") expect(steps.map((s) => s.status)).toEqual(["approved", "approved", "pending"]);
      const contractExhibits = await db.select().from(schema.exhibits).where(eq(schema.exhibits.contractId, contract.id));
      expect(contractExhibits.length).toBeGreaterThan(0);
      const contractMarkups = await db.select().from(schema.markups).where(eq(schema.markups.contractId, contract.id));
      expect(contractMarkups.length).toBeGreaterThan(0);
      for (const markup of contractMarkups) {
        const { paragraph, start, end } = markup.position as { paragraph: number; start: number; end: number };
        const quote = contract.plainText.slice(start, end);
        expect(quote.length).toBeGreaterThan(10);
        expect(contract.plainText.split("\n")[paragraph]).toContain(quote);
        expect(contract.plainText).toBe(htmlToPlainText(contract.content));
      }
    }
    const files = await db.select().from(schema.exhibitFiles);
    const withFile = await db.select().from(schema.exhibits);
    expect(files).toHaveLength(withFile.filter((e) => e.fileName).length);
  });

  it("records the audit trail of that history: uploads, submissions and decided steps, on each contract", async () => {
    const db = empty.deps.db;
    for (const contract of await db.select().from(schema.contracts)) {
      const events = await db.select().from(schema.auditEvents).where(eq(schema.auditEvents.contractId, contract.id));
      const decided = (await db.select().from(schema.contractApprovalSteps).where(eq(schema.contractApprovalSteps.contractId, contract.id))).filter((s) => s.decidedAt);
      expect(events.filter((e) => e.action === "contract.upload").map((e) => e.createdAt)).toEqual([contract.createdAt]);
      expect(events.filter((e) => e.action === "contract.submit").map((e) => e.createdAt)).toEqual(contract.submittedAt ? [contract.submittedAt] : []);
      expect(events.filter((e) => e.action === "approval_step.decide").map((e) => e.createdAt.getTime()).sort()).toEqual(decided.map((s) => s.decidedAt!.getTime()).sort());
    }
  });

  it("gives each demo user notifications, some unread, linking to the contracts", async () => {
    const db = empty.deps.db;
    const rows = await db.select({ notification: schema.notifications, email: schema.users.email }).from(schema.notifications).innerJoin(schema.users, eq(schema.users.id, schema.notifications.userId));
    for (const email of DEMO_EMAILS) {
      const mine = rows.filter((r) => r.email === email).map((r) => r.notification);
      expect(mine.length, email).toBeGreaterThan(0);
      expect(mine.some((n) => !n.read), email).toBe(true);
    }
    const contractIds = new Set((await db.select({ id: schema.contracts.id }).from(schema.contracts)).map((c) => c.id));
    for (const { notification } of rows) {
      if (notification.actionUrl) expect(contractIds.has(notification.actionUrl.replace("/contracts/", ""))).toBe(true);
    }
  });

  it("lets a demo user list and open the contracts through the API", async () => {
    const [reviewer] = await empty.deps.db.select().from(schema.users).where(eq(schema.users.email, "reviewer@demo.test"));
    const client = empty.client();
    client.useSession(await createSession(empty.deps.db, reviewer!.id));
    const list = await client.get<ContractSummary[]>("/api/contracts");
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(3);
    expect(list.body[0]!.status).toBe("under_review");
    const detail = await client.get<ContractDetail>(`/api/contracts/${list.body[0]!.id}`);
    expect(detail.body.abilities).toMatchObject({ read: true, suggest: true, edit: false });
  });

  it("creates nothing when run again", async () => {
    const before = await rowCounts(empty.deps.db);
    const result = await seedDemoIfEmpty(empty.deps);
    expect(result).toEqual({ seeded: false, companyId: null });
    expect(await rowCounts(empty.deps.db)).toEqual(before);
  });
});

describe("seedDemoIfEmpty on a database that already has a company", () => {
  it("does nothing", async () => {
    const before = await rowCounts(occupied.deps.db);
    const result = await seedDemoIfEmpty(occupied.deps);
    expect(result.seeded).toBe(false);
    expect(await rowCounts(occupied.deps.db)).toEqual(before);
    const demoUsers = await occupied.deps.db.select().from(schema.users).where(inArray(schema.users.email, DEMO_EMAILS));
    expect(demoUsers).toEqual([]);
  });
});

describe("seedDemoIfEmpty started by two instances at once", () => {
  it("seeds exactly once", async () => {
    const results = await Promise.all([seedDemoIfEmpty(raced.deps), seedDemoIfEmpty(raced.deps)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const counts = await rowCounts(raced.deps.db);
    expect(counts.companies).toBe(1);
    expect(counts.users).toBe(3);
  });
});
