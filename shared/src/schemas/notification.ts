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
