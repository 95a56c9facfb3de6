import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DOCUMENT_MAX_BYTES, PUSH_EVENTS, contractDetail, type ContractDetail } from "@clausewise/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_UPDATE_EVENT, parseCollabUpdateEvent } from "../collab/commit";
import { ydocToHtml } from "../collab/convert";
import { ensureSeeded, loadDocument } from "../collab/store";
import { auditEvents, yjsUpdates } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { grantContractAccess } from "../test/contract-factories";
import { createTeam } from "../test/factories";
import { captureEvents, createReviewSetup, readContract, signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (token: string, contractId: string, body: unknown) => signedIn(t, token).request<ContractDetail>("PUT", `/api/contracts/${contractId}`, body);

describe("PUT /api/contracts/:id", () => {
  it("saves content, plain text and a trimmed title, answers the contract detail and pushes contract:updated", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const content = '<h1 style="text-align: center">Master Services Agreement</h1><p>The <em>Contractor</em> shall <span style="color: #c00000; font-size: 14px">mobilise</span> within 10 days.</p>';
    const { result: res, events } = await captureEvents(t, () => put(setup.approver.token, setup.contract.id, { content, title: "  MSA – Pulp Mill  " }));
    expect(res.status).toBe(200);
    const body = contractDetail.strict().parse(res.body);
    expect(body).toMatchObject({ id: setup.contract.id, title: "MSA – Pulp Mill", abilities: { edit: true } });
    // Stored as the editor renders it: the content is derived from the live document.
    expect(body.content).toContain('<h1 style="text-align: center;">Master Services Agreement</h1>');
    expect(body.content).toContain('<span style="color: #c00000; font-size: 14px;">mobilise</span>');

    const stored = await readContract(t.deps.db, setup.contract.id);
    expect(stored.plainText).toBe("Master Services Agreement\nThe Contractor shall mobilise within 10 days.");
    expect(stored.content).toBe(body.content);
    const read = await signedIn(t, setup.reviewer.token).get<ContractDetail>(`/api/contracts/${setup.contract.id}`);
    expect(read.body).toMatchObject({ content: body.content, title: "MSA – Pulp Mill" });

    expect(events.filter((e) => e.type === PUSH_EVENTS.contractUpdated)).toEqual([
      { type: PUSH_EVENTS.contractUpdated, companyId: setup.company.id, contractId: setup.contract.id, payload: { contractId: setup.contract.id } },
    ]);
    const audits = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, setup.contract.id), eq(auditEvents.action, "document.save")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.userId).toBe(setup.approver.user.id);
  });

  it("applies the content to the live document as one edit: logged, sent to live editors, content derived from it", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await ensureSeeded(t.deps.db, { contractId: setup.contract.id });
    const { doc: replica } = await loadDocument(t.deps.db, setup.contract.id);
    const content = setup.contract.content.replace("30 days", "45 days");

    const { result: res, events } = await captureEvents(t, () => put(setup.approver.token, setup.contract.id, { content }));
    expect(res.status).toBe(200);
    const log = await t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, setup.contract.id));
    expect(log).toHaveLength(1);
    const stored = await readContract(t.deps.db, setup.contract.id);
    expect(ydocToHtml((await loadDocument(t.deps.db, setup.contract.id)).doc)).toBe(stored.content);
    expect(stored.plainText).toContain("within 45 days of each invoice");
    expect(res.body.content).toBe(stored.content);

    const collab = events.filter((e) => e.type === COLLAB_UPDATE_EVENT);
    expect(collab).toHaveLength(1);
    Y.applyUpdate(replica, parseCollabUpdateEvent(collab[0]!)!.update);
    expect(ydocToHtml(replica)).toBe(stored.content);

    // Saving the same content again changes nothing in the document.
    const { events: again } = await captureEvents(t, () => put(setup.approver.token, setup.contract.id, { content: stored.content }));
    expect(again.filter((e) => e.type === COLLAB_UPDATE_EVENT)).toEqual([]);
    expect(await t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, setup.contract.id))).toHaveLength(1);
  });

  it("keeps what the editor makes: suggestions, indentation, direction, videos", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const content = [
      '<p data-indent="2" dir="rtl">Clause <ins data-change-id="c1" data-author-name="Rae">added</ins> <del data-change-id="c2" data-author-name="Rae">removed</del></p>',
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/abc123"></iframe></div>',
      '<div data-youtube-video=""><iframe src="https://evil.example/embed/abc123"></iframe></div>',
      `<p data-suggested-break='{"kind":"insert","changeId":"c3","authorName":"Rae","extra":"<b>x</b>"}'>New paragraph.</p>`,
      `<p data-suggested-break='{"kind":"split"}'>Not a suggestion.</p>`,
    ].join("");
    const res = await put(setup.approver.token, setup.contract.id, { content });
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('data-indent="2"');
    expect(res.body.content).toContain('dir="rtl"');
    expect(res.body.content).toContain('<ins class="suggestion suggestion-insert" data-change-id="c1" data-author-name="Rae">added</ins>');
    expect(res.body.content).toContain('<del class="suggestion suggestion-delete" data-change-id="c2" data-author-name="Rae">removed</del>');
    expect(res.body.content).toContain("https://www.youtube-nocookie.com/embed/abc123");
    expect(res.body.content).not.toContain("evil.example");
    // A suggested paragraph break (issue 14) keeps its validated fields; anything else is dropped.
    expect(res.body.content).toContain('data-suggested-break="{&quot;kind&quot;:&quot;insert&quot;,&quot;changeId&quot;:&quot;c3&quot;,&quot;authorId&quot;:null,&quot;authorName&quot;:&quot;Rae&quot;,&quot;createdAt&quot;:null}"');
    expect(res.body.content).not.toContain("extra");
    expect(res.body.content).toContain("<p>Not a suggestion.</p>");
  });

  it("renames without touching the document when only a title is sent", async () => {
    const setup = await createReviewSetup(t.deps.db, { title: "Original title" });
    await ensureSeeded(t.deps.db, { contractId: setup.contract.id });
    const logBefore = await t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, setup.contract.id));
    const res = await put(setup.approver.token, setup.contract.id, { title: "  Renamed agreement  " });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Renamed agreement");
    const stored = await readContract(t.deps.db, setup.contract.id);
    expect(stored.title).toBe("Renamed agreement");
    expect(stored.plainText).toBe(setup.contract.plainText);
    const logAfter = await t.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.contractId, setup.contract.id));
    expect(logAfter).toHaveLength(logBefore.length);
  });

  it("keeps the title when none is sent", async () => {
    const setup = await createReviewSetup(t.deps.db, { title: "Original title" });
    const res = await put(setup.admin.token, setup.contract.id, { content: "<p>New text</p>" });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Original title");
  });

  it("strips scripts, event handlers and javascript: links before storing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const content = [
      "<p>Safe text<script>alert('x')</script></p>",
      '<p><img src="x" onerror="alert(1)"><img src="https://cdn.example.com/logo.png" onload="alert(2)"></p>',
      '<p><a href="javascript:alert(3)">click</a> <a href="https://example.com/terms" onclick="alert(4)">terms</a> <a href="mailto:pm@example.com">mail</a></p>',
      '<p onmouseover="alert(5)" style="background:url(javascript:alert(6))">Hover</p>',
      '<iframe src="https://evil.example"></iframe><style>p{display:none}</style><svg onload="alert(7)"><circle/></svg>',
      '<span style="color: red; position: fixed">styled</span><img src="/api/auth/logout">',
    ].join("");
    expect((await put(setup.approver.token, setup.contract.id, { content })).status).toBe(200);

    const read = await signedIn(t, setup.reviewer.token).get<ContractDetail>(`/api/contracts/${setup.contract.id}`);
    const stored = read.body.content;
    for (const bad of ["<script", "alert", "onerror", "onload", "onclick", "onmouseover", "javascript:", "<iframe", "<style", "<svg", "position", "/api/auth/logout"]) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('<img src="https://cdn.example.com/logo.png">');
    expect(stored).toContain('href="https://example.com/terms">terms</a>');
    expect(stored).toContain('href="mailto:pm@example.com">mail</a>');
    expect(stored).toContain("<p>click <a");
    expect(stored).toContain('<span style="color: red;">styled</span>');
    expect(stored).toContain("<p>Hover</p>");
    expect((await readContract(t.deps.db, setup.contract.id)).plainText).toBe("Safe text\nclick terms mail\nHover\nstyled");
  });

  it("is refused to a reviewer (403) with a message saying how their edits get in, and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const res = await put(setup.reviewer.token, setup.contract.id, { content: "<p>Rewritten</p>" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Reviewers propose changes; an approver applies them." });
    expect((await readContract(t.deps.db, setup.contract.id)).content).toBe(setup.contract.content);
  });

  it("is refused to an approver with a read grant, and allowed to a reviewer with an approve grant", async () => {
    const setup = await createReviewSetup(t.deps.db);
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.approver.user.id, accessLevel: "read" });
    await grantContractAccess(t.deps.db, { companyId: setup.company.id, contractId: setup.contract.id, userId: setup.reviewer.user.id, accessLevel: "approve" });
    const readOnly = await put(setup.approver.token, setup.contract.id, { content: "<p>x</p>" });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({ error: "forbidden", message: "You have read-only access to this contract." });
    expect((await put(setup.reviewer.token, setup.contract.id, { content: "<p>By grant</p>" })).status).toBe(200);
  });

  it("rejects bad input with 400 naming the field, and changes nothing", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const cases: [unknown, string][] = [
      [{}, "content"],
      [{ content: 42 }, "content"],
      [{ title: "   " }, "title"],
      [{ content: "<p>x</p>", title: "   " }, "title"],
      [{ content: "<p>x</p>", title: "T".repeat(301) }, "title"],
      [{ content: "é".repeat(DOCUMENT_MAX_BYTES / 2 + 1) }, "content"],
    ];
    for (const [body, field] of cases) {
      const res = await put(setup.approver.token, setup.contract.id, body);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_failed", fields: { [field]: expect.any(String) } });
    }
    const stored = await readContract(t.deps.db, setup.contract.id);
    expect(stored.content).toBe(setup.contract.content);
    expect(stored.title).toBe(setup.contract.title);
  });

  it("refuses a body far beyond the limit with 413 before reading it", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const res = await put(setup.approver.token, setup.contract.id, { content: "x".repeat(2 * DOCUMENT_MAX_BYTES + 100 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: "payload_too_large" });
    expect((await t.client().request("PUT", `/api/contracts/${setup.contract.id}`, { content: "x".repeat(2 * DOCUMENT_MAX_BYTES + 100 * 1024) })).status).toBe(401);
  });

  it("answers another company's contract exactly like a missing one (404), and needs sign-in", async () => {
    const setup = await createReviewSetup(t.deps.db);
    const other = await createTeam(t.deps.db);
    const cross = await put(other.admin.token, setup.contract.id, { content: "<p>Taken over</p>" });
    const missing = await put(other.admin.token, randomUUID(), { content: "<p>Taken over</p>" });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ error: "not_found", message: "Contract not found." });
    expect(cross.text).toBe(missing.text);
    expect((await t.client().request("PUT", `/api/contracts/${setup.contract.id}`, { content: "<p>x</p>" })).status).toBe(401);
    expect((await readContract(t.deps.db, setup.contract.id)).content).toBe(setup.contract.content);
  });
});
