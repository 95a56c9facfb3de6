import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { PUSH_EVENTS, markup as markupSchema, type Markup } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markups, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createSession } from "../auth/sessions";
import { createTeam, createUser } from "../test/factories";
import { captureEvents, createReviewSetup, notificationsOf, readContract, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (contractId: string) => `/api/contracts/${contractId}/markups`;

async function storedMarkups(contractId: string) {
  return t.deps.db.select().from(markups).where(eq(markups.contractId, contractId));
}

describe("POST /api/contracts/:id/markups", () => {
  it("saves a trimmed markup with its author's name and answers 201", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const res = await signedIn(t, setup.reviewer.token).post<Markup>(path(setup.contract.id), { type: "comment", content: "  Is 30 days market?  ", position: { paragraph: 0 } });
    expect(res.status).toBe(201);
    const body = markupSchema.strict().parse(res.body);
    expect(body).toMatchObject({ type: "comment", content: "Is 30 days market?", position: { paragraph: 0 }, userId: setup.reviewer.user.id, authorName: "Test User" });
  });

  it("keeps a range inside the document, and defaults the position to paragraph 0", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const length = setup.contract.plainText.length;
    const ranged = await signedIn(t, setup.reviewer.token).post<Markup>(path(setup.contract.id), { type: "flag", content: "Whole text", position: { paragraph: 1, start: 0, end: length } });
    expect(ranged.status).toBe(201);
    expect(ranged.body.position).toEqual({ paragraph: 1, start: 0, end: length });
    const bare = await signedIn(t, setup.reviewer.token).post<Markup>(path(setup.contract.id), { type: "approval", content: "Fine" });
    expect(bare.body.position).toEqual({ paragraph: 0 });
  });

  it("notifies the creator, the assigned reviewer and earlier markup authors who can read it, never the author or another company", async () => {
    const setup = await createReviewSetup(t.deps.db, { title: "Steel Subcontract" });
    const other = await createTeam(t.deps.db);
    const earlier = await createUser(t.deps.db, { companyId: setup.company.id, role: "reviewer", firstName: "Earl", lastName: "Ier" });
    const gone = await createUser(t.deps.db, { companyId: setup.company.id, role: "reviewer" });
    for (const author of [earlier, gone]) {
      const res = await signedIn(t, await createSession(t.deps.db, author.id)).post(path(setup.contract.id), { type: "comment", content: "Earlier note" });
      expect(res.status).toBe(201);
    }
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const bystander = await createUser(t.deps.db, { companyId: setup.company.id, role: "approver" });
    const before = await readContract(t.deps.db, setup.contract.id);

    const { result: res, events } = await captureEvents(t, () => signedIn(t, setup.approver.token).post<Markup>(path(setup.contract.id), { type: "suggestion", content: "Use 45 days" }));
    expect(res.status).toBe(201);

    const titled = async (userId: string) => (await notificationsOf(t.deps.db, userId)).filter((n) => n.title === "New suggestion on Steel Subcontract");
    for (const id of [setup.admin.user.id, setup.reviewer.user.id, earlier.id]) {
      const [note] = await titled(id);
      expect(note, id).toMatchObject({ type: "markup_added", actionUrl: `/contracts/${setup.contract.id}`, message: "Test User: Use 45 days" });
    }
    for (const id of [setup.approver.user.id, gone.id, bystander.id, other.admin.user.id]) expect(await titled(id)).toEqual([]);

    expect(events.find((e) => e.type === PUSH_EVENTS.markupNew)).toEqual({
      type: PUSH_EVENTS.markupNew,
      companyId: setup.company.id,
      contractId: setup.contract.id,
      payload: { contractId: setup.contract.id, id: res.body.id },
    });
    expect(events.filter((e) => e.type === PUSH_EVENTS.notificationNew)).toHaveLength(3);
    expect((await readContract(t.deps.db, setup.contract.id)).updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
  });

  it("rejects bad input with 400 naming the field, and stores nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const length = setup.contract.plainText.length;
    const cases: [unknown, string, string?][] = [
      [{ type: "comment", content: "   " }, "content", "Markup text is required"],
      [{ type: "comment" }, "content", "Markup text is required"],
      [{ type: "remark", content: "x" }, "type"],
      [{ type: "comment", content: "x".repeat(5001) }, "content"],
      [{ type: "comment", content: "x", position: { paragraph: 0, start: 0, end: length + 1 } }, "position.end"],
      [{ type: "comment", content: "x", position: { paragraph: 0, start: length + 5 } }, "position.start"],
      [{ type: "comment", content: "x", position: { paragraph: 0, start: 10, end: 2 } }, "position.end"],
      [{ type: "comment", content: "x", position: { paragraph: -1 } }, "position.paragraph"],
    ];
    for (const [body, field, message] of cases) {
      const res = await signedIn(t, setup.reviewer.token).post(path(setup.contract.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { [field]: message ?? expect.any(String) } });
    }
    expect(await storedMarkups(setup.contract.id)).toEqual([]);
  });

  it("is refused with 403 to someone with read-only access", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.reviewer.user.id, accessLevel: "read" });
    const res = await signedIn(t, setup.reviewer.token).post(path(setup.contract.id), { type: "comment", content: "Hello" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });
    expect(await storedMarkups(setup.contract.id)).toEqual([]);
  });

  it("answers another company's contract exactly like a missing one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const body = { type: "comment", content: "Hello" };
    const cross = await signedIn(t, other.admin.token).post(path(setup.contract.id), body);
    const missing = await signedIn(t, other.admin.token).post(path(randomUUID()), body);
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ error: "not_found", message: "Contract not found." });
    expect(cross.text).toBe(missing.text);
    expect((await t.client().post(path(setup.contract.id), body)).status).toBe(401);
    expect(await storedMarkups(setup.contract.id)).toEqual([]);
  });
});

describe("GET /api/contracts/:id/markups", () => {
  it("lists newest first with authors' names, and is open to read-only members", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const named = await createUser(t.deps.db, { companyId: setup.company.id, role: "approver", firstName: "Dana", lastName: "Whitford" });
    const unnamed = await createUser(t.deps.db, { companyId: setup.company.id, role: "reviewer", firstName: "", lastName: "", email: `nameless-${randomUUID()}@example.test` });
    try {
      t.setNow(new Date("2026-11-01T09:00:00Z"));
      await signedIn(t, await createSession(t.deps.db, named.id)).post(path(setup.contract.id), { type: "comment", content: "First" });
      t.setNow(new Date("2026-11-02T09:00:00Z"));
      await signedIn(t, await createSession(t.deps.db, unnamed.id)).post(path(setup.contract.id), { type: "flag", content: "Second" });
    } finally {
      t.setNow(null);
    }
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    const res = await signedIn(t, setup.approver.token).get<Markup[]>(path(setup.contract.id));
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.content, m.authorName])).toEqual([
      ["Second", unnamed.email],
      ["First", "Dana Whitford"],
    ]);
    expect(res.body[0]!.createdAt).toBe("2026-11-02T09:00:00.000Z");
  });

  it("answers 404 for another company's contract and 401 when signed out", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const cross = await signedIn(t, other.reviewer.token).get(path(setup.contract.id));
    const missing = await signedIn(t, other.reviewer.token).get(path(randomUUID()));
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(missing.text);
    expect((await t.client().get(path(setup.contract.id))).status).toBe(401);
  });
});
