import { eq } from "drizzle-orm";
import type { DomainEvent } from "../events/bus";
import { htmlToPlainText } from "../content/text";
import type { Db } from "../db/client";
import { contracts, jobs, notifications } from "../db/schema";
import type { TestApp, TestClient } from "./app";
import { createContract, createTeam } from "./factories";

/** A payment clause with formatting, a list and a table: what the review tests edit. */
export const REVIEW_DOCUMENT =
  "<h2>1. Payment</h2>" +
  "<p>The Owner shall pay the <strong>Contract Price</strong> within 30 days of each invoice.</p>" +
  "<ul><li>Holdback: 10% retained for 60 days.</li></ul>" +
  "<table><tbody><tr><td>Milestone</td><td>Amount</td></tr></tbody></table>";

export const signedIn = (t: TestApp, token: string): TestClient => {
  const client = t.client();
  client.useSession(token);
  return client;
};

/** A fresh company with one user per role and one contract whose plain text matches its HTML. */
export async function createReviewSetup(db: Db, options: { content?: string; title?: string } = {}) {
  const team = await createTeam(db);
  const content = options.content ?? REVIEW_DOCUMENT;
  const contract = await createContract(db, { companyId: team.company.id, content, createdBy: team.admin.user.id, ...(options.title ? { title: options.title } : {}) });
  await db.update(contracts).set({ plainText: htmlToPlainText(content), reviewerId: team.reviewer.user.id }).where(eq(contracts.id, contract.id));
  return { ...team, contract: { ...contract, plainText: htmlToPlainText(content), reviewerId: team.reviewer.user.id } };
}

/** The '{"start":n,"end":m}' position of the first occurrence of `needle` in `text`. */
export function positionOf(text: string, needle: string): string {
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`"${needle}" is not in the text`);
  return JSON.stringify({ start, end: start + needle.length });
}

export async function readContract(db: Db, id: string) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  return row!;
}

export async function notificationsOf(db: Db, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId));
}

export async function jobsOfType(db: Db, type: string) {
  return db.select().from(jobs).where(eq(jobs.type, type));
}

/** Records the bus events published while `run` runs. */
export async function captureEvents<T>(t: TestApp, run: () => Promise<T>): Promise<{ result: T; events: DomainEvent[] }> {
  const events: DomainEvent[] = [];
  const stop = t.deps.bus.subscribe((event) => events.push(event));
  try {
    return { result: await run(), events };
  } finally {
    stop();
  }
}
