import type { Db } from "./client";

/**
 * Runs a finished SQL text with its parameters ($1, $2, …) on `db` or a transaction, answering rows
 * keyed by column name (both drivers). For the few statements on a hot path: drizzle builds a query
 * anew at every call, allocating its chunks each time; a constant text is prepared once per
 * connection by the driver and only bound afterwards.
 */
export async function rawRows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const result: unknown = await db._.session.prepareQuery({ sql: text, params }, undefined, undefined, false).execute();
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
