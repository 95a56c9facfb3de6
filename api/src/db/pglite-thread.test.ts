import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { PGliteThread } from "./pglite-thread";
import { companies } from "./schema";

describe("PGlite in a worker thread", () => {
  let thread: PGliteThread;
  beforeAll(async () => {
    thread = new PGliteThread();
    await thread.waitReady;
    await thread.exec("create table items (id serial primary key, name text unique not null, body bytea, at timestamptz default now())");
  });
  afterAll(() => thread.close());

  it("answers queries with PGlite's rows, bytes and row modes", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await thread.query("insert into items (name, body) values ($1, $2)", ["first", bytes]);
    const objects = await thread.query("select name, body from items where name = $1", ["first"]);
    expect(objects.rows).toEqual([{ name: "first", body: bytes }]);
    const arrays = await thread.query("select name, at from items where name = $1", ["first"], { rowMode: "array", parsers: { 1184: (v: string) => v } });
    const [row] = arrays.rows as [string, string][];
    expect(row![0]).toBe("first");
    expect(typeof row![1]).toBe("string"); // the timestamp kept as PostgreSQL's text (drizzle's parsers)
  });

  it("refuses a type parser that cannot cross the thread", () => {
    expect(() => thread.query("select 1", [], { parsers: { 23: (v: string) => Number(v) } })).toThrow(/not the identity/);
  });

  it("rejects with PostgreSQL's error fields (code, constraint) as PGlite does", async () => {
    await thread.query("insert into items (name) values ($1)", ["dup"]);
    const error = await thread.query("insert into items (name) values ($1)", ["dup"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_name_key" });
    expect((error as Error).message).toMatch(/duplicate key/);
  });

  it("commits a transaction that resolves and rolls back one that throws, rethrowing its error", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into items (name) values ($1)", ["kept"]);
    });
    const failure = new Error("changed my mind");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items (name) values ($1)", ["dropped"]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const { rows } = await thread.query("select name from items where name in ('kept', 'dropped') order by name");
    expect(rows).toEqual([{ name: "kept" }]);
  });

  it("holds other statements until a transaction ends, as PGlite does in-process", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into items (name) values ($1)", ["in-tx"]);
      order.push("tx wrote");
      await held;
      order.push("tx ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query("select count(*)::int as n from items where name = 'in-tx'").then((r) => {
      order.push("outside read");
      return r.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(["tx wrote"]);
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(["tx wrote", "tx ends", "outside read"]);
  });

  it("delivers NOTIFY to a listener until it unlistens", async () => {
    const heard: string[] = [];
    const unlisten = await thread.listen("news", (payload) => heard.push(payload));
    await thread.query("select pg_notify('news', 'one')");
    await expect.poll(() => heard).toEqual(["one"]);
    await unlisten();
    await thread.query("select pg_notify('news', 'two')");
    await thread.query("select 1");
    expect(heard).toEqual(["one"]);
  });
});

describe("openDatabase with pgliteThread", () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "cw-pglite-thread-"));
    database = await openDatabase({ dataDir: dir, pgliteThread: true });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("migrates, writes and reads through drizzle, transactions included, and keeps the data on disk", async () => {
    const [company] = await database.db.insert(companies).values({ name: "Thread Co" }).returning();
    expect(company!.createdAt).toBeInstanceOf(Date);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(companies).set({ name: "Renamed" }).where(eq(companies.id, company!.id));
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    const [read] = await database.db.select().from(companies).where(eq(companies.id, company!.id));
    expect(read!.name).toBe("Thread Co");
    await database.close();

    database = await openDatabase({ dataDir: dir, pgliteThread: true });
    const rows = await database.db.execute(sql`select name from companies where id = ${company!.id}`);
    expect((rows as unknown as { rows: { name: string }[] }).rows).toEqual([{ name: "Thread Co" }]);
  });
});
