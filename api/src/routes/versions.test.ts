import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { PUSH_EVENTS, contractDetail, createdVersion, type ContractDetail, type CreatedVersion, type DocumentVersion } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_UPDATE_EVENT, parseCollabUpdateEvent } from "../collab/commit";
import { ydocToHtml } from "../collab/convert";
import { loadDocument, seedFromHtml } from "../collab/store";
import { auditEvents, documentVersions, yjsUpdates } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam } from "../test/factories";
import { captureEvents, createReviewSetup, readContract, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (contractId: string) => `/api/contracts/${contractId}/versions`;

async function storedVersions(contractId: string) {
  return t.deps.db.select().from(documentVersions).where(eq(documentVersions.contractId, contractId));
}

describe("POST /api/contracts/:id/versions", () => {
  it("numbers versions 1, 2, 3 from the server's document, with only the newest active", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const created: CreatedVersion[] = [];
    try {
      for (const [i, token] of [setup.reviewer.token, setup.approver.token, setup.admin.token].entries()) {
        t.setNow(new Date(Date.UTC(2026, 10, 20 + i)));
        // The client's number and content are ignored: the server decides both.
        const res = await signedIn(t, token).post<DocumentVersion>(path(setup.contract.id), { versionNumber: "7", content: "<p>client copy</p>", isActive: "true" });
        expect(res.status).toBe(201);
        created.push(createdVersion.strict().parse(res.body));
        const edited = await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: `<p>Draft ${i + 2}</p>` });
        expect(edited.status).toBe(200);
      }
    } finally {
      t.setNow(null);
    }
    expect(created.map((v) => v.versionNumber)).toEqual(["1", "2", "3"]);
    // The live document's content, in the editor's form.
    expect(created[0]).toMatchObject({ content: seedFromHtml(setup.contract.content).content, createdBy: setup.reviewer.user.id, isActive: "true", created: true });
    expect(created[1]!.content).toBe("<p>Draft 2</p>");

    const list = await signedIn(t, setup.reviewer.token).get<DocumentVersion[]>(path(setup.contract.id));
    expect(list.status).toBe(200);
    expect(list.body.map((v) => [v.versionNumber, v.isActive])).toEqual([
      ["3", "true"],
      ["2", "false"],
      ["1", "false"],
    ]);
    expect((await readContract(t.deps.db, setup.contract.id)).version).toBe(3);
  });

  it("makes no new version when nothing changed since the newest one (200, created: false), at the API as in the editor", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const first = await signedIn(t, setup.reviewer.token).post<CreatedVersion>(path(setup.contract.id));
    expect(first.status).toBe(201);
    const logBefore = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "version.create"));
    const { result: again, events } = await captureEvents(t, () => signedIn(t, setup.approver.token).post<CreatedVersion>(path(setup.contract.id)));
    expect(again.status).toBe(200);
    expect(createdVersion.strict().parse(again.body)).toEqual({ ...first.body, created: false });
    expect(events.map((e) => e.type)).not.toContain(PUSH_EVENTS.contractUpdated);
    expect(await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "version.create"))).toHaveLength(logBefore.length);
    // A save with the same content is no change either.
    expect((await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: first.body.content })).status).toBe(200);
    expect((await signedIn(t, setup.approver.token).post(path(setup.contract.id))).status).toBe(200);
    // A real edit makes version 2.
    expect((await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: "<p>Changed</p>" })).status).toBe(200);
    const second = await signedIn(t, setup.approver.token).post<CreatedVersion>(path(setup.contract.id));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ versionNumber: "2", created: true, content: "<p>Changed</p>" });
    expect(await storedVersions(setup.contract.id)).toHaveLength(2);
    expect((await readContract(t.deps.db, setup.contract.id)).version).toBe(2);
  });

  it("stores a full Yjs state snapshot with the HTML", async () => {
    const setup = await createReviewSetup(t.deps.db);
    expect((await signedIn(t, setup.approver.token).request("PUT", `/api/contracts/${setup.contract.id}`, { content: "<h2>Scope</h2><p>Draft two</p>" })).status).toBe(200);
    const res = await signedIn(t, setup.reviewer.token).post<DocumentVersion>(path(setup.contract.id));
    expect(res.status).toBe(201);
    const [row] = await storedVersions(setup.contract.id);
    const snapshot = new Y.Doc();
    Y.applyUpdate(snapshot, row!.ydocState!);
    expect(ydocToHtml(snapshot)).toBe("<h2>Scope</h2><p>Draft two</p>");
    expect(row!.content).toBe("<h2>Scope</h2><p>Draft two</p>");
    expect(res.body).not.toHaveProperty("ydocState");
  });

  it("accepts the spec's payload, an empty body, and rejects bad input with 400", async () => {
    const setup = await createReviewSetup(t.deps.db);
    expect((await signedIn(t, setup.reviewer.token).post(path(setup.contract.id))).status).toBe(201);
    for (const [body, field] of [
      [{ isActive: "yes" }, "isActive"],
      [{ versionNumber: "x".repeat(51) }, "versionNumber"],
      [{ content: 5 }, "content"],
    ] as const) {
      const res = await signedIn(t, setup.reviewer.token).post(path(setup.contract.id), body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { [field]: expect.any(String) } });
    }
    expect(await storedVersions(setup.contract.id)).toHaveLength(1);
  });

  it("is refused with 403 to someone with read-only access", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    const res = await signedIn(t, setup.approver.token).post(path(setup.contract.id), { isActive: "true" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });
    expect(await storedVersions(setup.contract.id)).toEqual([]);
    expect((await readContract(t.deps.db, setup.contract.id)).version).toBe(1);
  });

  it("answers another company's contract exactly like a missing one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    for (const method of ["GET", "POST"]) {
      const cross = await signedIn(t, other.admin.token).request(method, path(setup.contract.id));
      const missing = await signedIn(t, other.admin.token).request(method, path(randomUUID()));
      expect(cross.status).toBe(404);
      expect(cross.text).toBe(missing.text);
      expect((await t.client().request(method, path(setup.contract.id))).status).toBe(401);
    }
    expect(await storedVersions(setup.contract.id)).toEqual([]);
  });
});

describe("POST /api/contracts/:id/versions/:versionId/restore", () => {
  const restorePath = (contractId: string, versionId: string) => `/api/contracts/${contractId}/versions/${versionId}/restore`;
  const put = (token: string, contractId: string, content: string) => signedIn(t, token).request("PUT", `/api/contracts/${contractId}`, { content });

  /** A contract with version 1 ("Net 30 days"), then edited to "Net 45 days". */
  async function editedAfterVersion() {
    const setup = await createReviewSetup(t.deps.db, { content: "<h2>1. Payment</h2><p>Net 30 days.</p>" });
    const version = await signedIn(t, setup.reviewer.token).post<DocumentVersion>(path(setup.contract.id));
    expect(version.status).toBe(201);
    expect((await put(setup.approver.token, setup.contract.id, "<h2>1. Payment</h2><p>Net 45 days.</p>")).status).toBe(200);
    return { setup, version: version.body };
  }

  it("restores a version as a new edit of the live document, keeping the history and the versions", async () => {
    const { setup, version } = await editedAfterVersion();
    const logBefore = await t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, setup.contract.id));
    const { doc: replica } = await loadDocument(t.deps.db, setup.contract.id);

    const { result: res, events } = await captureEvents(t, () => signedIn(t, setup.approver.token).post<ContractDetail>(restorePath(setup.contract.id, version.id)));
    expect(res.status).toBe(200);
    const body = contractDetail.strict().parse(res.body);
    expect(body.content).toBe("<h2>1. Payment</h2><p>Net 30 days.</p>");
    const stored = await readContract(t.deps.db, setup.contract.id);
    expect(stored).toMatchObject({ content: body.content, plainText: "1. Payment\nNet 30 days.", version: 1 });

    // A new edit appended to the log, never a swap of rows: the edit it undoes is still in the history.
    const logAfter = await t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, setup.contract.id));
    expect(logAfter.length).toBe(logBefore.length + 1);
    expect(logAfter.slice(0, logBefore.length).map((r) => r.id)).toEqual(logBefore.map((r) => r.id));
    expect(ydocToHtml((await loadDocument(t.deps.db, setup.contract.id)).doc)).toBe(body.content);
    expect(await storedVersions(setup.contract.id)).toHaveLength(1);

    const collab = events.filter((e) => e.type === COLLAB_UPDATE_EVENT);
    expect(collab).toHaveLength(1);
    Y.applyUpdate(replica, parseCollabUpdateEvent(collab[0]!)!.update);
    expect(ydocToHtml(replica)).toBe(body.content);
    expect(events.map((e) => e.type)).toContain(PUSH_EVENTS.contractUpdated);
    const audits = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, version.id));
    expect(audits.map((a) => [a.action, a.userId])).toEqual(expect.arrayContaining([["version.restore", setup.approver.user.id]]));
  });

  it("is refused to a reviewer and to a read-only approver (403), and changes nothing", async () => {
    const { setup, version } = await editedAfterVersion();
    const reviewer = await signedIn(t, setup.reviewer.token).post(restorePath(setup.contract.id, version.id));
    expect(reviewer.status).toBe(403);
    expect(reviewer.body).toEqual({ error: "forbidden", message: "Reviewers propose changes; an approver applies them." });
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    const readOnly = await signedIn(t, setup.approver.token).post(restorePath(setup.contract.id, version.id));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });
    expect((await readContract(t.deps.db, setup.contract.id)).plainText).toBe("1. Payment\nNet 45 days.");
  });

  it("answers 404 for another company's contract, a version of another contract, a missing or malformed version; needs sign-in", async () => {
    const { setup, version } = await editedAfterVersion();
    const other = await createTeam(t.deps.db);
    const cross = await signedIn(t, other.admin.token).post(restorePath(setup.contract.id, version.id));
    const missingContract = await signedIn(t, other.admin.token).post(restorePath(randomUUID(), version.id));
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(missingContract.text);

    const sibling = await createReviewSetup(t.deps.db);
    const elsewhere = await signedIn(t, setup.admin.token).post(restorePath(setup.contract.id, (await signedIn(t, sibling.admin.token).post<DocumentVersion>(path(sibling.contract.id))).body.id));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ error: "not_found", message: "Version not found." });
    const missing = await signedIn(t, setup.admin.token).post(restorePath(setup.contract.id, randomUUID()));
    expect(missing.text).toBe(elsewhere.text);
    expect((await signedIn(t, setup.admin.token).post(restorePath(setup.contract.id, "not-a-uuid"))).status).toBe(404);
    expect((await t.client().post(restorePath(setup.contract.id, version.id))).status).toBe(401);
    expect((await readContract(t.deps.db, setup.contract.id)).plainText).toBe("1. Payment\nNet 45 days.");
  });
});
