import { Hono } from "hono";
import type { AppEnv } from "../context";
import { notificationListQuery } from "@clausewise/shared";
import { countUnread, listNotifications, listNotificationsPage, markAllRead, markRead } from "../commands/notifications/read";
import { requireAuth } from "../http/middleware";
import { pathId, queryParams } from "../http/validate";
import { presentNotification } from "../presenters/notification";
import { notFound } from "../http/errors";
import { keyAccess } from "../http/key-access";

const owner = (auth: ReturnType<typeof requireAuth>) => ({ userId: auth.user.id, companyId: auth.company.id });

export const notificationRoutes = new Hono<AppEnv>()
  .get("/notifications", keyAccess("read"), async (c) => {
    const auth = requireAuth(c);
    const query = queryParams(c, notificationListQuery);
    if (query.limit === undefined && query.cursor === undefined) {
      const rows = await listNotifications(c.get("deps").db, owner(auth));
      c.header("X-Total-Count", String(rows.length));
      return c.json(rows.map(presentNotification));
    }
    const limit = query.limit ?? 50;
    const page = await listNotificationsPage(c.get("deps").db, owner(auth), { limit, cursor: query.cursor });
    c.header("X-Total-Count", String(page.total));
    if (page.next) {
      const next = new URL(c.req.url);
      next.searchParams.set("limit", String(limit));
      next.searchParams.set("cursor", page.next);
      c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(page.rows.map(presentNotification));
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
