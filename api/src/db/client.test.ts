import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { createTestDatabase } from "../test/db";
import { openDatabase } from "./client";
import { companies } from "./schema";

const config = loadConfig();
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("database", () => {
  // PGlite only: with DATABASE_URL the suite runs on PostgreSQL, whose persistence is the server's own.
  it.skipIf(Boolean(config.databaseUrl))("keeps PGlite data across a restart of the process's database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cw-pglite-"));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    const [company] = await first.db.insert(companies).values({ name: "Survives Restart Ltd." }).returning();
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    await second.migrate(); // a second start runs the migrations again: nothing to do, nothing lost
    const rows = await second.db.select().from(companies).where(eq(companies.id, company!.id));
    await second.close();
    expect(rows.map((r) => r.name)).toEqual(["Survives Restart Ltd."]);
  });

  it("applies every migration on the configured engine, and applying them again changes nothing", async () => {
    const database = await createTestDatabase(config.databaseUrl);
    try {
      expect(database.kind).toBe(config.databaseUrl ? "postgres" : "pglite");
      await database.migrate();
      const result: unknown = await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
      // postgres-js answers an array of rows; PGlite answers { rows }.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { table_name: string }[];
      const names = rows.map((r) => r.table_name);
      for (const table of ["companies", "users", "sessions", "contracts", "document_changes", "yjs_updates", "jobs", "audit_events", "api_keys", "knowledge_base_articles"]) {
        expect(names).toContain(table);
      }
    } finally {
      await database.close();
    }
  });
});
