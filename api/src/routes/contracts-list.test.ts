import { eq } from "drizzle-orm";
import { CONTRACT_SORTS, contractSummary, openDeadline, type ContractSummary } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyses, contracts } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam } from "../test/factories";

/* GET /api/contracts pages, sorts and counts (issue 17 item 5, issue 15 "Lists without limits"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = (token: string) => {
  const client = t.client();
  client.useSession(token);
  return client;
};

const nextLink = (headers: Headers): string | null => {
  const link = headers.get("link");
  if (!link) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, `Link header: ${link}`).not.toBeNull();
  return match![1]!;
};

/** Follows Link headers from `first` to the end; every page at most `limit` rows. */
async function allPages(token: string, first: string, limit: number) {
  const client = signedIn(token);
  const ids: string[] = [];
  const totals = new Set<string | null>();
  let url: string | null = first;
  let pages = 0;
  while (url) {
    const res = await client.get<ContractSummary[]>(url);
    expect(res.status, res.text).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.map((c) => c.id));
    totals.add(res.headers.get("x-total-count"));
    url = nextLink(res.headers);
    if (url) expect(res.body).toHaveLength(limit);
    if (++pages > 100) throw new Error("Link headers never ended");
  }
  return { ids, totals: [...totals], pages };
}

/**
 * 23 contracts with many ties: three titles (in two letter cases), two clients and none, two
 * priorities, the same updated time for most, a few deadlines, risks on some.
 */
async function tiedCompany() {
  const team = await createTeam(t.deps.db);
  const db = t.deps.db;
  const companyId = team.company.id;
  const same = new Date("2026-05-01T12:00:00.123Z");
  const created = [];
  for (let i = 0; i < 23; i++) {
    const row = await createContract(db, {
      companyId,
      title: ["Alpha Works", "alpha works", "Beta Supply", "Gamma EPC"][i % 4]!,
      client: i % 3 === 0 ? null : `Client ${i % 2}`,
      status: ["under_review", "pending_approval", "approved", "rejected"][i % 4],
    });
    await db
      .update(contracts)
      .set({
        updatedAt: i % 5 === 0 ? new Date(same.getTime() + i * 1000) : same,
        priority: i % 2 === 0 ? "high" : "low",
        reviewDeadline: i % 6 === 0 ? `2026-06-0${1 + (i % 3)}` : null,
        approvalDeadline: i % 4 === 1 ? "2026-07-01" : null,
      })
      .where(eq(contracts.id, row.id));
    if (i % 3 === 1) {
      await db.insert(analyses).values({ companyId, contractId: row.id, status: "done", overallRisk: ["low", "critical", "medium", "high"][i % 4] });
    }
    created.push(row);
  }
  return { team, ids: created.map((c) => c.id) };
}

describe("GET /api/contracts pages and sorts", () => {
  it("without limit answers every row as an array, with the total", async () => {
    const { team, ids } = await tiedCompany();
    const res = await signedIn(team.reviewer.token).get<ContractSummary[]>("/api/contracts");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(23);
    expect(new Set(res.body.map((c) => c.id))).toEqual(new Set(ids));
    expect(res.headers.get("x-total-count")).toBe("23");
    expect(res.headers.get("link")).toBeNull();
    for (const row of res.body) contractSummary.strict().parse(row);
  });

  it("pages through every row exactly once under ties, for every sort and direction", async () => {
    const { team, ids } = await tiedCompany();
    const client = signedIn(team.approver.token);
    for (const sort of CONTRACT_SORTS) {
      for (const param of [sort, `-${sort}`]) {
        const whole = await client.get<ContractSummary[]>(`/api/contracts?sort=${param}`);
        const { ids: paged, totals, pages } = await allPages(team.approver.token, `/api/contracts?sort=${param}&limit=5`, 5);
        expect(pages, param).toBe(5);
        expect(new Set(paged).size, param).toBe(23);
        expect(new Set(paged), param).toEqual(new Set(ids));
        // The pages join up into the same order as the whole list.
        expect(paged, param).toEqual(whole.body.map((c) => c.id));
        expect(totals).toEqual(["23"]);
      }
    }
  });

  it("orders by each column's meaning, ties broken the same way both directions", async () => {
    const { team } = await tiedCompany();
    const client = signedIn(team.reviewer.token);
    const list = async (query: string) => (await client.get<ContractSummary[]>(`/api/contracts?${query}`)).body;

    const byTitle = await list("sort=title");
    const titles = byTitle.map((c) => c.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect(titles[0]).toBe("alpha works");
    expect((await list("sort=title&order=desc")).map((c) => c.id)).toEqual(byTitle.map((c) => c.id).reverse());
    expect((await list("sort=-title")).map((c) => c.id)).toEqual(byTitle.map((c) => c.id).reverse());

    const clients = (await list("sort=client")).map((c) => c.client ?? "");
    expect(clients).toEqual([...clients].sort());

    const statusOrder = ["under_review", "pending_approval", "approved", "rejected"];
    const statuses = (await list("sort=status")).map((c) => statusOrder.indexOf(c.status));
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));

    const priorities = (await list("sort=-priority")).map((c) => c.priority);
    expect(priorities.slice(0, 12).every((p) => p === "high")).toBe(true);
    expect(priorities.slice(12).every((p) => p === "low")).toBe(true);

    const risks = (await list("sort=-risk")).map((c) => c.risk);
    expect(risks.slice(0, 2)).toEqual(["critical", "critical"]);
    expect(risks.filter((r) => r !== null)).toHaveLength(8);
    expect(risks.slice(8).every((r) => r === null)).toBe(true);

    const deadlines = (await list("sort=deadline")).map(openDeadline);
    const dated = deadlines.filter((d): d is string => d !== null);
    expect(dated.length).toBeGreaterThan(0);
    expect(deadlines.slice(0, dated.length)).toEqual([...dated].sort());
    expect(deadlines.slice(dated.length).every((d) => d === null)).toBe(true);

    const updated = (await list("sort=-updated")).map((c) => c.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    expect((await list("")).map((c) => c.id)).toEqual((await list("sort=-updated")).map((c) => c.id));
  });

  it("pages by offset with the next offset in the Link header", async () => {
    const { team } = await tiedCompany();
    const client = signedIn(team.reviewer.token);
    const whole = (await client.get<ContractSummary[]>("/api/contracts?sort=priority")).body.map((c) => c.id);
    const first = await client.get<ContractSummary[]>("/api/contracts?sort=priority&limit=10&offset=0");
    expect(first.body.map((c) => c.id)).toEqual(whole.slice(0, 10));
    expect(first.headers.get("x-total-count")).toBe("23");
    const next = nextLink(first.headers)!;
    expect(next).toContain("offset=10");
    const second = await client.get<ContractSummary[]>(next);
    expect(second.body.map((c) => c.id)).toEqual(whole.slice(10, 20));
    const last = await client.get<ContractSummary[]>(nextLink(second.headers)!);
    expect(last.body.map((c) => c.id)).toEqual(whole.slice(20));
    expect(last.headers.get("link")).toBeNull();
  });

  it("keeps the filters on every page and counts only what matches", async () => {
    const { team } = await tiedCompany();
    const { ids, totals } = await allPages(team.reviewer.token, "/api/contracts?status=approved&search=BETA&limit=2&sort=title", 2);
    expect(totals).toEqual(["6"]);
    expect(ids).toHaveLength(6);
    const rows = (await signedIn(team.reviewer.token).get<ContractSummary[]>("/api/contracts?status=approved&search=beta")).body;
    expect(rows.every((c) => c.status === "approved" && /beta/i.test(c.title))).toBe(true);
    expect(new Set(ids)).toEqual(new Set(rows.map((c) => c.id)));
  });

  it("never shows or counts another company's contracts, and a cursor carries no company", async () => {
    const { team } = await tiedCompany();
    const other = await createTeam(t.deps.db);
    const theirs = await createContract(t.deps.db, { companyId: other.company.id, title: "Alpha Works" });
    const { ids, totals } = await allPages(team.admin.token, "/api/contracts?sort=title&limit=7", 7);
    expect(ids).not.toContain(theirs.id);
    expect(totals).toEqual(["23"]);

    // Their first page's cursor, replayed by the other company, pages through the other company's rows only.
    const mine = await signedIn(team.admin.token).get<ContractSummary[]>("/api/contracts?sort=title&limit=1");
    const cursorUrl = nextLink(mine.headers)!;
    const replayed = await signedIn(other.admin.token).get<ContractSummary[]>(cursorUrl);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("x-total-count")).toBe("1");
    expect(replayed.body.every((c) => c.id === theirs.id)).toBe(true);
  });

  it("is for members only", async () => {
    const res = await t.client().get("/api/contracts?limit=5");
    expect(res.status).toBe(401);
  });

  it("refuses bad paging and sorting with 400 {error, message}", async () => {
    const { team } = await tiedCompany();
    const client = signedIn(team.reviewer.token);
    const first = await client.get<ContractSummary[]>("/api/contracts?sort=title&limit=2");
    const titleCursor = new URL(nextLink(first.headers)!, "http://x").searchParams.get("cursor")!;
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const bad = [
      "limit=0",
      "limit=201",
      "limit=abc",
      "limit=1.5",
      "limit=-3",
      "offset=-1",
      "offset=x",
      "sort=bogus",
      "sort=--title",
      "order=up",
      "sort=-title&order=asc",
      "cursor=not-a-cursor",
      `cursor=${titleCursor}&offset=4`,
      `sort=client&cursor=${titleCursor}`,
      `sort=title&order=desc&cursor=${titleCursor}`,
      `sort=priority&cursor=${forge(["priority", "asc", "1; drop table contracts", "00000000-0000-4000-8000-000000000000"])}`,
      `sort=updated&order=asc&cursor=${forge(["updated", "asc", "2026-13-45", "00000000-0000-4000-8000-000000000000"])}`,
      `sort=updated&order=asc&cursor=${forge(["updated", "asc", "1", "not-a-uuid"])}`,
      `sort=title&cursor=${forge(["title", "asc", "a\u0000b", "00000000-0000-4000-8000-000000000000"])}`,
      `sort=title&cursor=${forge(["title", "asc", "\ud800", "00000000-0000-4000-8000-000000000000"])}`,
    ];
    for (const query of bad) {
      const res = await client.get<{ error: string; message: string }>(`/api/contracts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe("validation_failed");
      expect(typeof res.body.message, query).toBe("string");
      expect(res.body.message.length, query).toBeGreaterThan(0);
    }
    // A well-formed forged cursor is just a position.
    const forged = await client.get<ContractSummary[]>(
      `/api/contracts?sort=updated&order=asc&limit=50&cursor=${forge(["updated", "asc", "0", "00000000-0000-4000-8000-000000000000"])}`,
    );
    expect(forged.status).toBe(200);
    expect(forged.body).toHaveLength(23);
  });
});
