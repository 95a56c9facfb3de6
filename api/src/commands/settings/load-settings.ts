import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSettings } from "../../db/schema";

export type UserSettingsRow = typeof userSettings.$inferSelect;

/** The user's own settings row, or undefined before their first save (the presenter fills in spec §9 defaults). */
export async function loadUserSettings(db: Db, userId: string): Promise<UserSettingsRow | undefined> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row;
}
