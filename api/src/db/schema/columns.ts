import { customType, date, timestamp, uuid } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return "bytea";
  },
});

export const id = () => uuid("id").primaryKey().defaultRandom();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** A calendar date without a time zone (a deadline, an expected date): 'YYYY-MM-DD' in and out (issue 17). */
export const dateOnly = (name: string) => date(name, { mode: "string" });
export const createdAt = () => tstz("created_at").notNull().defaultNow();
export const updatedAt = () => tstz("updated_at").notNull().defaultNow();
