import { z } from "zod";
import { NOTIFICATION_TYPES } from "../enums";

export const notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  actionUrl: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;
export const unreadCount = z.object({ count: z.number().int() });

export const NOTIFICATION_PAGE_MAX = 200;
export const NOTIFICATION_LIST_MESSAGES = {
  badCursor: "This page link is no longer valid; start again from the first page.",
} as const;

/**
 * GET /api/notifications: without limit, the whole panel list (every unread, the newest read) as
 * before; with limit, that list a page at a time (the `Link` header names the next page).
 */
export const notificationListQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,9}$/, `limit must be a whole number from 1 to ${NOTIFICATION_PAGE_MAX}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= NOTIFICATION_PAGE_MAX, `limit must be a whole number from 1 to ${NOTIFICATION_PAGE_MAX}`)
    .optional(),
  cursor: z.string().min(1, "cursor must not be empty").max(200, "cursor is not valid").optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;
