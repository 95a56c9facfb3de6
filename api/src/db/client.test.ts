import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { createTestDatabase } from "../test/db";
import { openDatabase, RecurringStatements } from "./client";
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

  // PGlite only, like the test above.
  it.skipIf(Boolean(config.databaseUrl))("creates a new embedded cluster in a process of its own before the serving thread opens it", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "cw-pglite-")), "data");
    dirs.push(path.dirname(dir));
    const database = await openDatabase({ dataDir: dir, pgliteThread: true });
    try {
      expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
      await database.migrate();
      const [company] = await database.db.insert(companies).values({ name: "First Start Ltd." }).returning();
      expect(company?.name).toBe("First Start Ltd.");
    } finally {
      await database.close();
    }
    // A directory the cluster cannot be made in is reported as such, before any thread starts.
    const blocked = mkdtempSync(path.join(tmpdir(), "cw-pglite-"));
    dirs.push(blocked);
    writeFileSync(path.join(blocked, "base"), "a file where initdb needs a directory");
    await expect(openDatabase({ dataDir: blocked, pgliteThread: true })).rejects.toThrow(/Could not create the embedded database/);
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

describe("recurring statements are prepared", () => {
  it("prepares a text the second time it is seen, and never more texts than the cap", () => {
    const statements = new RecurringStatements(2, 100);
    expect(statements.prepare("select 1")).toBe(false);
    expect(statements.prepare("select 1")).toBe(true);
    expect(statements.prepare("select 1")).toBe(true);
    for (const text of ["select 2", "select 3"]) statements.prepare(text);
    expect(statements.prepare("select 2")).toBe(true);
    // The cap is reached: a third recurring text runs unnamed, the prepared ones stay prepared.
    expect(statements.prepare("select 3")).toBe(false);
    expect(statements.prepare("select 3")).toBe(false);
    expect(statements.prepare("select 1")).toBe(true);
    expect(statements.preparedCount).toBe(2);
  });

  it("forgets texts seen once when too many pile up", () => {
    const statements = new RecurringStatements(10, 3);
    for (const text of ["a", "b", "c"]) statements.prepare(text);
    statements.prepare("d"); // the set of texts seen once starts over
    expect(statements.prepare("a")).toBe(false);
    expect(statements.prepare("a")).toBe(true);
  });

  // PostgreSQL only: PGlite has no statements to prepare across a connection.
  it.runIf(Boolean(config.databaseUrl))("runs a recurring drizzle query as one prepared statement on the server (PostgreSQL)", async () => {
    const one = await openDatabase({ url: config.databaseUrl, maxConnections: 1 });
    try {
      const marker = `recurring_${Date.now()}`;
      const column = sql.raw(marker);
      for (let n = 0; n < 4; n++) {
        const rows = (await one.db.execute(sql`select ${n}::int + 1 as ${column}`)) as unknown as Record<string, number>[];
        expect(rows[0]![marker]).toBe(n + 1);
      }
      // Also inside a transaction.
      await one.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as ${column}`);
        await tx.execute(sql`select ${2}::int as ${column}`);
      });
      const prepared = (await one.db.execute(sql.raw(`select statement from pg_prepared_statements where statement like '%${marker}%'`))) as unknown as { statement: string }[];
      expect(prepared.map((p) => p.statement).sort()).toEqual([`select $1::int + 1 as ${marker}`, `select $1::int as ${marker}`]);
    } finally {
      await one.close();
    }
  });
});
