import { and, desc, eq, sql } from "drizzle-orm";
import { NOTIFICATION_PANEL_MAX_READ } from "@clausewise/shared";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { notFound } from "../../http/errors";

interface Owner {
  userId: string;
  companyId: string;
}

const mine = (owner: Owner) => and(eq(notifications.userId, owner.userId), eq(notifications.companyId, owner.companyId));

/** All unread notifications and the most recent read ones (spec: the panel shows at most 10 read). */
export async function listNotifications(db: Db, owner: Owner) {
  const unread = await db.select().from(notifications).where(and(mine(owner), eq(notifications.read, false))).orderBy(desc(notifications.createdAt));
  const read = await db
    .select()
    .from(notifications)
    .where(and(mine(owner), eq(notifications.read, true)))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_PANEL_MAX_READ);
  return [...unread, ...read];
}

export async function countUnread(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(notifications).where(and(mine(owner), eq(notifications.read, false)));
  return row?.count ?? 0;
}

/** Someone else's notification answers exactly like a missing one. */
export async function markRead(db: Db, owner: Owner, id: string) {
  const [row] = await db.update(notifications).set({ read: true }).where(and(mine(owner), eq(notifications.id, id))).returning();
  if (!row) throw notFound("Notification not found.");
  return row;
}

export async function markAllRead(db: Db, owner: Owner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(mine(owner), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
