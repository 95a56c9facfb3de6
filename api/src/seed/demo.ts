import { sql } from "drizzle-orm";
import { addDaysToDateOnly, dateOnlyIn } from "@clausewise/shared";
import { DEFAULT_TIME_ZONE } from "../commands/contracts/dates";
import type { AppDeps } from "../context";
import type { Db } from "../db/client";
import { hashPassword } from "../auth/password";
import { insertDocumentState, seedFromHtml } from "../collab/store";
import {
  analyses,
  companies,
  companySettings,
  contractApprovalSteps,
  contracts,
  exhibitFiles,
  exhibits,
  markups,
  notificationPreferences,
  notifications,
  subscriptions,
  userSettings,
  users,
} from "../db/schema";
import { recordAudit } from "../commands/audit";
import { renderContract, type RenderedContract } from "./contracts/render";
import { analyzeContract } from "../analysis/engine";
import { textHash } from "../analysis/refresh";
import { issueInvoice, payInvoices } from "../billing/invoices";
import { DEMO_COMPANY, DEMO_CONTRACTS, DEMO_NOTIFICATIONS, DEMO_PASSWORD, DEMO_USERS, type DemoContract, type DemoMarkup, type DemoUserKey } from "./demo-data";

export type SeedDeps = Pick<AppDeps, "db" | "logger" | "now">;

export interface DemoSeedResult {
  seeded: boolean;
  companyId: string | null;
}

// Any constant works; it only has to be the same for every process that may seed at start-up.
const SEED_LOCK_KEY = 0x636c_7764; // "clwd"

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Creates the demo company of DESIGN.md §2 when the database holds no company at all. The caller
 * decides whether demo data is wanted (runtime: SEED_DEMO; `pnpm seed`: always). One transaction,
 * under an advisory lock, so instances starting together seed once and a failure leaves nothing.
 */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<DemoSeedResult> {
  if (await hasAnyCompany(deps.db)) return { seeded: false, companyId: null };

  // Hashing is slow on purpose; do it before taking the lock.
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const now = deps.now();

  const companyId = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasAnyCompany(tx)) return null;
    return insertDemo(tx, now, passwordHashes);
  });

  if (companyId) deps.logger.info({ companyId, contracts: DEMO_CONTRACTS.length }, "demo data seeded");
  return { seeded: companyId !== null, companyId };
}

/**
 * The audit trail of a demo contract's history, as the commands would have recorded it: the upload,
 * the submission for approval, each decided approval step. The Audit Log and Team Performance of the
 * demo then tell the same story as its contracts.
 */
async function recordDemoHistory(
  tx: Db,
  input: { companyId: string; contractId: string; demo: DemoContract; userId: (key: DemoUserKey) => string; ago: (ms: number) => Date },
): Promise<void> {
  const { companyId, contractId, demo, userId, ago } = input;
  const onContract = { companyId, entityType: "contract", entityId: contractId };
  await recordAudit(tx, { ...onContract, userId: userId("admin"), action: "contract.upload", now: ago(demo.createdDaysAgo * DAY), data: { priority: demo.priority } });
  if (demo.submittedDaysAgo !== null) {
    await recordAudit(tx, { ...onContract, userId: userId("reviewer"), action: "contract.submit", now: ago(demo.submittedDaysAgo * DAY), data: { from: "under_review", to: "pending_approval" } });
  }
  for (const step of demo.approvalSteps) {
    if (!step.decidedBy || step.decidedDaysAgo === undefined) continue;
    await recordAudit(tx, {
      ...onContract,
      userId: userId(step.decidedBy),
      action: "approval_step.decide",
      now: ago(step.decidedDaysAgo * DAY),
      data: { stage: step.stage, decision: step.status, ...(step.comment ? { comment: step.comment } : {}) },
    });
  }
}

async function hasAnyCompany(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}

async function insertDemo(tx: Db, now: Date, passwordHashes: string[]): Promise<string> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** A date-only value `days` from today in the demo company's zone (issue 17). */
  const inDays = (days: number) => addDaysToDateOnly(dateOnlyIn(DEFAULT_TIME_ZONE, now), days);
  const joined = ago(46 * DAY);
  const periodStart = ago(16 * DAY);
  const periodEnd = addMonths(periodStart, 1);

  const [company] = await tx
    .insert(companies)
    .values({
      name: DEMO_COMPANY.name,
      industry: DEMO_COMPANY.industry,
      companySize: DEMO_COMPANY.companySize,
      address: DEMO_COMPANY.address,
      province: DEMO_COMPANY.province,
      website: DEMO_COMPANY.website,
      subscriptionPlan: DEMO_COMPANY.plan,
      accountStatus: "active",
      lastPaymentDate: periodStart,
      nextPaymentDue: periodEnd,
      createdAt: joined,
      updatedAt: joined,
    })
    .returning({ id: companies.id });
  const companyId = company!.id;

  await tx.insert(companySettings).values({ companyId, aiReviewEnabled: true });
  await tx.insert(subscriptions).values({
    companyId,
    plan: DEMO_COMPANY.plan,
    status: "active",
    provider: "manual",
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
  });
  // The current period's invoice, paid the day it was issued (Settings › Billing lists and downloads it).
  const invoice = await issueInvoice(tx, { companyId, plan: DEMO_COMPANY.plan, periodStart, periodEnd, now: periodStart });
  await payInvoices(tx, { companyId, amountCents: invoice.total, note: "Wire transfer", now: periodStart });

  const userRows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u, i) => ({
        companyId,
        email: u.email,
        passwordHash: passwordHashes[i]!,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        isActive: true,
        emailVerifiedAt: joined,
        createdAt: joined,
        updatedAt: joined,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userId = (key: DemoUserKey): string => {
    const email = DEMO_USERS.find((u) => u.key === key)!.email;
    return userRows.find((row) => row.email === email)!.id;
  };

  // Defaults of billing-team-admin §9 come from the column defaults; only personal fields are set.
  await tx.insert(userSettings).values(DEMO_USERS.map((u) => ({ userId: userId(u.key), phone: u.phone, jobTitle: u.jobTitle })));
  await tx.insert(notificationPreferences).values(DEMO_USERS.map((u) => ({ userId: userId(u.key) })));

  const contractIds = new Map<DemoContract["key"], string>();
  for (const demo of DEMO_CONTRACTS) {
    const rendered = renderContract(demo.source);
    // The live document is seeded with the contract (DESIGN.md §4); its text is the rendered text.
    const seeded = seedFromHtml(rendered.html);
    const [row] = await tx
      .insert(contracts)
      .values({
        companyId,
        title: demo.title,
        client: demo.client,
        status: demo.status,
        priority: demo.priority,
        contractType: demo.contractType,
        version: 1,
        content: seeded.content,
        plainText: seeded.plainText,
        storageConsent: false,
        reviewerId: userId("reviewer"),
        createdBy: userId("admin"),
        reviewDeadline: demo.reviewDeadlineInDays === null ? null : inDays(demo.reviewDeadlineInDays),
        approvalDeadline: demo.approvalDeadlineInDays === null ? null : inDays(demo.approvalDeadlineInDays),
        submittedAt: demo.submittedDaysAgo === null ? null : ago(demo.submittedDaysAgo * DAY),
        completedAt: demo.completedDaysAgo === null ? null : ago(demo.completedDaysAgo * DAY),
        createdAt: ago(demo.createdDaysAgo * DAY),
        updatedAt: ago(demo.updatedHoursAgo * HOUR),
      })
      .returning({ id: contracts.id });
    const contractId = row!.id;
    contractIds.set(demo.key, contractId);
    await insertDocumentState(tx, contractId, seeded.state);
    // The demo contracts come analysed (by the local engine, as an upload's job would).
    // Judged from Demo EPC's side in each contract, found by its name among the parties.
    const analysis = analyzeContract(seeded.plainText, { title: demo.title, companyName: DEMO_COMPANY.name });
    await tx.insert(analyses).values({
      companyId,
      contractId,
      status: "done",
      progress: 100,
      engine: "local",
      overallRisk: analysis.overallRisk,
      contractType: analysis.contractType,
      result: { ...analysis, model: null },
      textHash: textHash(seeded.plainText),
      createdAt: ago(demo.createdDaysAgo * DAY),
      completedAt: ago(demo.createdDaysAgo * DAY),
    });

    await recordDemoHistory(tx, { companyId, contractId, demo, userId, ago });

    await tx.insert(contractApprovalSteps).values(
      demo.approvalSteps.map((step, position) => ({
        companyId,
        contractId,
        stage: step.stage,
        position: position + 1,
        status: step.status,
        decidedBy: step.decidedBy ? userId(step.decidedBy) : null,
        decidedAt: step.decidedDaysAgo === undefined ? null : ago(step.decidedDaysAgo * DAY),
        comment: step.comment ?? null,
      })),
    );

    for (const exhibit of demo.exhibits) {
      const bytes = exhibit.file ? new TextEncoder().encode(exhibit.file.text) : null;
      const [exhibitRow] = await tx
        .insert(exhibits)
        .values({
          companyId,
          contractId,
          title: exhibit.title,
          description: exhibit.description,
          exhibitNumber: exhibit.exhibitNumber,
          isRequired: exhibit.isRequired,
          isPlanned: exhibit.planned !== undefined,
          expectedDate: exhibit.planned ? inDays(exhibit.planned.expectedInDays) : null,
          assignedTo: exhibit.planned ? userId(exhibit.planned.assignedTo) : null,
          plannedNotes: exhibit.planned?.notes ?? null,
          tags: exhibit.tags,
          fileName: exhibit.file?.name ?? null,
          fileSize: bytes?.byteLength ?? null,
          mimeType: bytes ? "text/plain" : null,
          uploadedBy: exhibit.uploadedBy ? userId(exhibit.uploadedBy) : null,
          status: exhibit.status,
          reviewNotes: exhibit.review?.notes ?? null,
          reviewedBy: exhibit.review ? userId(exhibit.review.by) : null,
          reviewedAt: exhibit.review ? ago(demo.updatedHoursAgo * HOUR) : null,
          createdAt: ago(demo.createdDaysAgo * DAY),
          updatedAt: ago(demo.updatedHoursAgo * HOUR),
        })
        .returning({ id: exhibits.id });
      if (bytes) await tx.insert(exhibitFiles).values({ exhibitId: exhibitRow!.id, companyId, bytes });
    }

    if (demo.markups.length > 0) {
      await tx.insert(markups).values(
        demo.markups.map((markup) => ({
          companyId,
          contractId,
          userId: userId(markup.author),
          type: markup.type,
          content: markup.content,
          position: locateQuote(rendered, markup, demo.key),
          createdAt: ago(markup.hoursAgo * HOUR),
        })),
      );
    }
  }

  await tx.insert(notifications).values(
    DEMO_NOTIFICATIONS.map((n) => ({
      companyId,
      userId: userId(n.user),
      type: n.type,
      title: n.title,
      message: n.message,
      read: n.read,
      actionUrl: n.contract ? `/contracts/${contractIds.get(n.contract)!}` : null,
      createdAt: ago(n.hoursAgo * HOUR),
    })),
  );

  return companyId;
}

/** A markup's position: the paragraph holding its quote and the quote's offsets in the plain text. */
export function locateQuote(rendered: RenderedContract, markup: Pick<DemoMarkup, "quote">, contractKey: string) {
  const paragraph = rendered.blocks.findIndex((block) => block.includes(markup.quote));
  const start = rendered.plainText.indexOf(markup.quote);
  if (paragraph < 0 || start < 0) throw new Error(`Demo markup quote not found in ${contractKey}: "${markup.quote}"`);
  return { paragraph, start, end: start + markup.quote.length };
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
