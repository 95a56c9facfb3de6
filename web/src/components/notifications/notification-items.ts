import { NOTIFICATION_PANEL_MAX_READ, type Notification } from "@clausewise/shared";
import { safeNextPath } from "../../lib/next-path";

/** Spec §2: every unread notification and at most 10 read ones, in the order the API gave (newest first). */
export function panelItems(list: readonly Notification[]): Notification[] {
  let read = 0;
  return list.filter((n) => !n.read || read++ < NOTIFICATION_PANEL_MAX_READ);
}

/**
 * Where clicking a notification goes: only a path inside the web app. An absolute or protocol-relative
 * URL, or an /api/ path, is ignored (a notification must not be a way to send someone off-site).
 */
export function notificationPath(actionUrl: string | null | undefined): string | null {
  const url = actionUrl?.trim();
  if (!url) return null;
  return safeNextPath(url) === url ? url : null;
}
