import { and, desc, eq, sql } from "drizzle-orm";
import { NOTIFICATION_LIST_MESSAGES, NOTIFICATION_PANEL_MAX_READ } from "@clausewise/shared";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";

interface Owner {
  userId: string;
  companyId: string;
}

const mine = (owner: Owner) => and(eq(notifications.userId, owner.userId), eq(notifications.companyId, owner.companyId));

/** All unread notifications and the most recent read ones (spec: the panel shows at most 10 read). */
export async function listNotifications(db: Db, owner: Owner) {
  const unread = await db.select().from(notifications).where(and(mine(owner), eq(notifications.read, false))).orderBy(desc(notifications.createdAt), desc(notifications.id));
  const read = await db
    .select()
    .from(notifications)
    .where(and(mine(owner), eq(notifications.read, true)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PANEL_MAX_READ);
  return [...unread, ...read];
}

type NotificationRow = typeof notifications.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROSECONDS = /^\d{1,17}$/;
const badCursor = () => badRequest(NOTIFICATION_LIST_MESSAGES.badCursor);

/* A page's cursor: in the unread part, the last row's (created_at in microseconds, id); in the read
 * part (at most NOTIFICATION_PANEL_MAX_READ rows), how many of them were already answered. */
type PanelCursor = { part: "unread"; position: string; id: string } | { part: "read"; skip: number };

function encodePanelCursor(cursor: PanelCursor): string {
  const value = cursor.part === "unread" ? ["u", cursor.position, cursor.id] : ["r", cursor.skip];
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function decodePanelCursor(text: string): PanelCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (Array.isArray(value) && value[0] === "u" && value.length === 3) {
    const [, position, id] = value as unknown[];
    if (typeof position === "string" && MICROSECONDS.test(position) && typeof id === "string" && UUID.test(id)) return { part: "unread", position, id };
  }
  if (Array.isArray(value) && value[0] === "r" && value.length === 2) {
    const skip = value[1] as unknown;
    if (typeof skip === "number" && Number.isInteger(skip) && skip >= 0 && skip <= NOTIFICATION_PANEL_MAX_READ) return { part: "read", skip };
  }
  throw badCursor();
}

/**
 * The panel's list (listNotifications: unread newest first, then the newest read) a page at a
 * time; `total` is that list's length, `next` the cursor of the following page (null at the end).
 */
export async function listNotificationsPage(
  db: Db,
  owner: Owner,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ rows: NotificationRow[]; total: number; next: string | null }> {
  const after = page.cursor ? decodePanelCursor(page.cursor) : null;
  const [unreadCount, readCount] = await Promise.all([
    countUnread(db, owner),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(select 1 from ${notifications} where ${and(mine(owner), eq(notifications.read, true))} limit ${NOTIFICATION_PANEL_MAX_READ}) as shown`)
      .then(([row]) => row?.n ?? 0),
  ]);
  const total = unreadCount + readCount;
  const readPart = (skip: number, take: number) =>
    db
      .select()
      .from(notifications)
      .where(and(mine(owner), eq(notifications.read, true)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(Math.max(0, Math.min(take, NOTIFICATION_PANEL_MAX_READ - skip)))
      .offset(skip);

  if (after?.part === "read") {
    const rows = await readPart(after.skip, page.limit);
    const skip = after.skip + rows.length;
    return { rows, total, next: rows.length === page.limit && skip < readCount ? encodePanelCursor({ part: "read", skip }) : null };
  }
  const unread = await db
    .select({ row: notifications, position: sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text` })
    .from(notifications)
    .where(
      and(
        mine(owner),
        eq(notifications.read, false),
        after ? sql`(${notifications.createdAt}, ${notifications.id}) < (timestamptz 'epoch' + ${after.position}::bigint * interval '1 microsecond', ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
  if (unread.length > page.limit) {
    const last = unread[page.limit - 1]!;
    return { rows: unread.slice(0, page.limit).map((u) => u.row), total, next: encodePanelCursor({ part: "unread", position: last.position, id: last.row.id }) };
  }
  const room = page.limit - unread.length;
  const read = room > 0 ? await readPart(0, room) : [];
  const rows = [...unread.map((u) => u.row), ...read];
  const next = read.length < readCount ? encodePanelCursor({ part: "read", skip: read.length }) : null;
  return { rows, total, next };
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
