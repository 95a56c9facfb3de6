import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type NotificationType, type PreferenceKind } from "@clausewise/shared";
import type { Db } from "../db/client";
import { notificationPreferences, users } from "../db/schema";

type Row = typeof notificationPreferences.$inferSelect;

/** Which switch governs each type of notification the product emits. */
export const KIND_OF: Record<NotificationType, PreferenceKind> = {
  contract_assigned: "ContractAssigned",
  approval_required: "ContractAssigned",
  markup_added: "NewComments",
  contract_completed: "ContractApproved",
  other: "SystemUpdates",
};

/**
 * The switch for one notification. The type list is shared with the client and has no rejection or
 * reminder type, so callers may name the kind; otherwise "other" notices are told apart by their
 * title (rejections: "Contract rejected", "Change Rejected"; "Change Approved"; "Exhibit assigned").
 */
export function kindOf(input: { type: NotificationType; title: string; kind?: PreferenceKind }): PreferenceKind {
  if (input.kind) return input.kind;
  if (input.type !== "other") return KIND_OF[input.type];
  // Anchored at the start: the rest of a title may quote a contract's name.
  if (/^(contract|change) rejected\b/i.test(input.title)) return "ContractRejected";
  if (/^(contract|change) approved\b/i.test(input.title)) return "ContractApproved";
  if (/^(contract|exhibit) assigned\b/i.test(input.title)) return "ContractAssigned";
  return "SystemUpdates";
}

export function presentPreferences(row: Row | undefined): NotificationPreferences {
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  const { userId: _userId, updatedAt: _updatedAt, ...fields } = row;
  return { ...fields, digestFrequency: fields.digestFrequency as NotificationPreferences["digestFrequency"], reminderTiming: fields.reminderTiming as NotificationPreferences["reminderTiming"] };
}

export async function preferencesOf(db: Db, userIds: string[]): Promise<Map<string, NotificationPreferences>> {
  const rows = userIds.length === 0 ? [] : await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, presentPreferences(byUser.get(id))]));
}

/** The users among `userIds` who want this kind of notification in the app. */
export async function wantInApp(db: Db, userIds: string[], kind: PreferenceKind): Promise<string[]> {
  const prefs = await preferencesOf(db, userIds);
  return userIds.filter((id) => prefs.get(id)![`inApp${kind}`]);
}

/** The users among `userIds` who want this kind of notification by e-mail. */
export async function wantEmail(db: Db, userIds: string[], kind: PreferenceKind): Promise<string[]> {
  const prefs = await preferencesOf(db, userIds);
  return userIds.filter((id) => prefs.get(id)![`email${kind}`]);
}

export async function savePreferences(db: Db, userId: string, prefs: NotificationPreferences, now: Date): Promise<NotificationPreferences> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...prefs, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...prefs, updatedAt: now } })
    .returning();
  return presentPreferences(row);
}

/** An active member of the company, with their preferences; null for anyone else. */
export async function loadRecipient(db: Db, userId: string, companyId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.isActive, true)));
  if (!user) return null;
  return { user, prefs: (await preferencesOf(db, [user.id])).get(user.id)! };
}
