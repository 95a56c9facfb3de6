import type { Notification } from "@clausewise/shared";
import type { notifications } from "../db/schema";

export function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type as Notification["type"],
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    actionUrl: row.actionUrl,
  };
}
