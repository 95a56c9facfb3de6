import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./client";

/*
 * Issue 17: the migration that turns deadlines and expected dates into SQL dates keeps the day each
 * stored instant meant. Found by its SQL, not its number (migrations are renumbered at merge).
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as Journal;
const dateMigration = journal.entries.find((e) => readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), "utf8").includes('"review_deadline" SET DATA TYPE date'));

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops before the date migration. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "clausewise-migrations-"));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  const kept = journal.entries.slice(0, cut);
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  for (const file of readdirSync(dir)) if (file.endsWith(".sql") && !kept.some((e) => `${e.tag}.sql` === file)) rmSync(path.join(dir, file));
  return dir;
}

describe("the date-only migration", () => {
  it("exists", () => {
    expect(dateMigration).toBeDefined();
  });

  it("turns stored instants into the day they meant (ends of days from Halifax to Vancouver, default deadlines in office hours)", async () => {
    const client = new PGlite();
    await client.waitReady;
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore(dateMigration!.tag) });
      const [company] = (await client.query<{ id: string }>(`insert into companies (name) values ('Demo EPC Ltd.') returning id`)).rows;
      const cases: [string, string][] = [
        ["2026-12-05T04:59:59.999Z", "2026-12-04"], // 4 Dec typed in Toronto: the end of that day
        ["2026-12-05T03:59:59.999Z", "2026-12-04"], // … in Halifax
        ["2026-12-05T07:59:59.999Z", "2026-12-04"], // … in Vancouver (already 02:59 on the 5th in Toronto)
        ["2026-12-05T06:59:59.999Z", "2026-12-04"], // … in Edmonton
        ["2026-12-07T14:00:00.000Z", "2026-12-07"], // a default review deadline, 09:00 in Toronto
        ["2026-07-15T03:59:59.999Z", "2026-07-14"], // summer time: 14 Jul typed in Toronto
      ];
      for (const [instant] of cases) {
        await client.query(`insert into contracts (company_id, title, review_deadline, approval_deadline) values ($1, $2, $3, $3)`, [company!.id, instant, instant]);
      }
      const [contract] = (await client.query<{ id: string }>(`select id from contracts limit 1`)).rows;
      await client.query(`insert into exhibits (company_id, contract_id, title, expected_date) values ($1, $2, 'Bond', '2026-12-05T07:59:59.999Z')`, [company!.id, contract!.id]);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const rows = (await client.query<{ title: string; review: string; approval: string }>(`select title, review_deadline::text as review, approval_deadline::text as approval from contracts`)).rows;
      expect(Object.fromEntries(rows.map((r) => [r.title, [r.review, r.approval]]))).toEqual(Object.fromEntries(cases.map(([instant, day]) => [instant, [day, day]])));
      expect((await client.query<{ d: string }>(`select expected_date::text as d from exhibits`)).rows).toEqual([{ d: "2026-12-04" }]);
      expect((await client.query<{ tz: string }>(`select timezone as tz from companies`)).rows).toEqual([{ tz: "America/Toronto" }]);
    } finally {
      await client.close();
    }
  });
});
