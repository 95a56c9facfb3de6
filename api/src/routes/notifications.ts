import { Hono } from "hono";
import type { AppEnv } from "../context";
import { countUnread, listNotifications, markAllRead, markRead } from "../commands/notifications/read";
import { requireAuth } from "../http/middleware";
import { pathId } from "../http/validate";
import { presentNotification } from "../presenters/notification";
import { notFound } from "../http/errors";
import { keyAccess } from "../http/key-access";

const owner = (auth: ReturnType<typeof requireAuth>) => ({ userId: auth.user.id, companyId: auth.company.id });

export const notificationRoutes = new Hono<AppEnv>()
  .get("/notifications", keyAccess("read"), async (c) => {
    const auth = requireAuth(c);
    const rows = await listNotifications(c.get("deps").db, owner(auth));
    return c.json(rows.map(presentNotification));
  })
  .get("/notifications/unread-count", keyAccess("read"), async (c) => {
    const auth = requireAuth(c);
    return c.json({ count: await countUnread(c.get("deps").db, owner(auth)) });
  })
  .post("/notifications/mark-all-read", async (c) => {
    const auth = requireAuth(c);
    return c.json({ updated: await markAllRead(c.get("deps").db, owner(auth)) });
  })
  .post("/notifications/:id/read", async (c) => {
    const auth = requireAuth(c);
    const row = await markRead(c.get("deps").db, owner(auth), pathId(c, "id", () => notFound("Notification not found.")));
    return c.json(presentNotification(row));
  });
