import { randomUUID } from "node:crypto";
import type { PlanId, Role } from "@clausewise/shared";
import { hashPassword } from "../auth/password";
import { htmlToPlainText } from "../content/text";
import { createSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { companies, contracts, notifications, users } from "../db/schema";

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

/** Every test makes its own company, so tests never share rows and can run in any order. */
export async function createCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db.insert(companies).values({ name: `Company ${randomUUID().slice(0, 8)}`, ...overrides }).returning();
  return row!;
}

export async function createUser(
  db: Db,
  options: { companyId: string; role?: Role; email?: string; verified?: boolean; isActive?: boolean; firstName?: string; lastName?: string },
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      companyId: options.companyId,
      email: options.email ?? `user-${randomUUID()}@example.test`,
      passwordHash: await passwordHash,
      firstName: options.firstName ?? "Test",
      lastName: options.lastName ?? "User",
      role: options.role ?? "reviewer",
      isActive: options.isActive ?? true,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return row!;
}

/**
 * A company with one user of each role, each with a session token. Starter unless `plan` says
 * otherwise: tests of a feature a plan sells (PLAN_FEATURES) name that plan.
 */
export async function createTeam(db: Db, options: { plan?: PlanId } = {}) {
  const company = await createCompany(db, options.plan ? { subscriptionPlan: options.plan } : {});
  const admin = await createUser(db, { companyId: company.id, role: "admin" });
  const approver = await createUser(db, { companyId: company.id, role: "approver" });
  const reviewer = await createUser(db, { companyId: company.id, role: "reviewer" });
  return {
    company,
    admin: { user: admin, token: await createSession(db, admin.id) },
    approver: { user: approver, token: await createSession(db, approver.id) },
    reviewer: { user: reviewer, token: await createSession(db, reviewer.id) },
  };
}

export async function createContract(db: Db, options: { companyId: string; title?: string; client?: string | null; status?: string; content?: string; createdBy?: string }) {
  const content = options.content ?? "<p>1. Scope of Work. The Contractor shall perform the Work.</p>";
  const [row] = await db
    .insert(contracts)
    .values({
      companyId: options.companyId,
      title: options.title ?? `Contract ${randomUUID().slice(0, 8)}`,
      client: options.client === undefined ? "Acme Energy Inc." : options.client,
      status: options.status ?? "under_review",
      content,
      plainText: htmlToPlainText(content),
      createdBy: options.createdBy ?? null,
    })
    .returning();
  return row!;
}

export interface NotificationSeed {
  companyId: string;
  userId: string;
  count: number;
  read: boolean;
  /** The i-th notification's title (default "N0", "N1", …). */
  title?: (i: number) => string;
  /** How many share each minute (ties in created time); 1 by default. Newest last, starting a day ago. */
  perMinute?: number;
}

/** `count` markup notifications for one user, one minute apart (or `perMinute` to a minute). */
export async function createNotifications(db: Db, seed: NotificationSeed): Promise<void> {
  const base = Date.now() - 24 * 60 * 60 * 1000;
  const perMinute = seed.perMinute ?? 1;
  await db.insert(notifications).values(
    Array.from({ length: seed.count }, (_, i) => ({
      companyId: seed.companyId,
      userId: seed.userId,
      type: "markup_added",
      title: seed.title ? seed.title(i) : `N${i}`,
      message: `Message ${i}`,
      actionUrl: "/contracts/x",
      read: seed.read,
      createdAt: new Date(base + Math.floor(i / perMinute) * 60_000),
    })),
  );
}
