import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { notificationPreferences } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { notificationPreferences as preferencesTable } from "../db/schema";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { presentPreferences, savePreferences } from "../notifications/preferences";

/** GET/PUT /api/notification-preferences: the signed-in user's own preferences (spec §7). */
export const notificationPreferenceRoutes = new Hono<AppEnv>()
  .get("/notification-preferences", async (c) => {
    const { user } = requireAuth(c);
    const [row] = await c.get("deps").db.select().from(preferencesTable).where(eq(preferencesTable.userId, user.id));
    return c.json(presentPreferences(row));
  })
  .put("/notification-preferences", async (c) => {
    const { user } = requireAuth(c);
    const prefs = await jsonBody(c, notificationPreferences);
    const deps = c.get("deps");
    return c.json(await savePreferences(deps.db, user.id, prefs, deps.now()));
  });
