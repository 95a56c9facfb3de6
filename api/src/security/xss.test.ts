import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import * as Y from "yjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exhibit, Markup, SupportTicket } from "@clausewise/shared";
import { documentFragment, ydocToHtml } from "../collab/convert";
import { contracts, emailOutbox } from "../db/schema";
import { closeExtractionPool } from "../documents";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam } from "../test/factories";
import { makeMinimalDocxZip } from "../test/fixtures";
import { multipartForm, signedIn } from "../test/lifecycle-factories";
import { XSS_CORPUS } from "../test/xss-corpus";

/*
 * HTML from users is sanitised on the server (DECISIONS.md "Editor HTML is sanitised on the server"):
 * every payload of the corpus goes in through each way users put HTML or text into the product, and
 * what comes back is parsed as a browser would (jsdom, scripts off) and searched for anything that
 * could run script. Plain-text fields are stored as typed (they are text, and the web shows them as
 * text: e2e/xss.spec.ts proves that in Chromium); where the server itself renders them into HTML
 * (e-mail), they must come out escaped.
 */

// jsdom ships no type declarations; this is the little of it the check uses.
interface DomElement {
  readonly tagName: string;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
}
interface DomDocument {
  readonly body: { readonly innerHTML: string; readonly textContent: string | null };
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new (html: string) => { window: { document: DomDocument } } };

const parse = (html: string): DomDocument => new JSDOM(`<!doctype html><html><head></head><body>${html}</body></html>`).window.document;

/** Elements that run, load or restyle something, or that hide markup from a sanitiser (mXSS). */
const SCRIPTABLE_ELEMENTS = new Set([
  "script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "link", "style", "svg", "math",
  "template", "noscript", "form", "input", "button", "textarea", "select", "video", "audio", "source", "details", "xss",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "data", "background", "poster", "srcset", "dynsrc", "lowsrc", "xlink:href", "codebase", "cite"]);
const YOUTUBE_EMBED = /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\//;

function unsafeUrl(value: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme.
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
  if (/^(javascript|vbscript|livescript):/.test(url)) return true;
  return url.startsWith("data:") && !/^data:image\/(png|jpeg|gif|webp|bmp);base64,/.test(url);
}

/** Everything in `html` that could run script once a browser parses it; empty when it is safe. */
function scriptCapable(html: string): string[] {
  const found: string[] = [];
  const check = (doc: DomDocument) => {
    for (const el of Array.from(doc.querySelectorAll("*"))) {
      const tag = el.tagName.toLowerCase();
      const src = Array.from(el.attributes).find((a) => a.name === "src")?.value ?? "";
      // A frame is allowed only as a YouTube embed, or empty (about:blank: nothing loads, nothing runs).
      if (SCRIPTABLE_ELEMENTS.has(tag) && !(tag === "iframe" && (src === "" || YOUTUBE_EMBED.test(src)))) found.push(`<${tag}>`);
      // <meta charset> is harmless (an e-mail's head has one); a refresh can navigate to javascript:.
      if (tag === "meta" && Array.from(el.attributes).some((a) => a.name.toLowerCase() !== "charset")) found.push(`<meta>`);
      for (const { name, value } of Array.from(el.attributes)) {
        const attr = name.toLowerCase();
        if (attr.startsWith("on")) found.push(`${tag}[${attr}]`);
        if (attr === "srcdoc" || attr === "is") found.push(`${tag}[${attr}]`);
        if (URL_ATTRIBUTES.has(attr) && unsafeUrl(value)) found.push(`${tag}[${attr}=${value}]`);
        if (attr === "style" && /expression|url\s*\(|javascript:|\\|@import|behavior|binding/i.test(value)) found.push(`${tag}[style=${value}]`);
      }
    }
  };
  const first = parse(html);
  check(first);
  // mXSS: what is safe once may turn into something else when serialised and parsed again.
  check(parse(first.body.innerHTML));
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await closeExtractionPool();
  await t.close();
});

const corpusHtml = () => XSS_CORPUS.map((payload, i) => `<p>Clause ${i + 1}. ${payload} The Contractor shall perform the Work.</p>`).join("");

describe("the checker itself", () => {
  it("finds script in every payload of the corpus as sent, and nothing in plain contract HTML", () => {
    // Otherwise an empty finding below could mean a blind checker rather than a safe answer. The
    // split tag is inert as markup ("scr<script" is an unknown element); it is aimed at filters that
    // delete the inner <script> and so join the outer one.
    expect(XSS_CORPUS.filter((payload) => scriptCapable(payload).length === 0)).toEqual(["<scr<script>ipt>window.__xss=1</scr</script>ipt>"]);
    expect(scriptCapable('<h2>1. Payment</h2><p style="text-align: center">The <strong>Owner</strong> <a href="https://example.com">pays</a>.</p><img src="https://example.com/a.png">')).toEqual([]);
  });
});

describe("editor HTML through PUT /api/contracts/{id}", () => {
  it("stores and answers the corpus with nothing that can run, keeping the clauses' text", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const approver = signedIn(t, team.approver.token);
    const res = await approver.request<{ content: string }>("PUT", `/api/contracts/${contract.id}`, { content: corpusHtml() });
    expect(res.status).toBe(200);

    const read = await signedIn(t, team.reviewer.token).get<{ content: string }>(`/api/contracts/${contract.id}`);
    const [row] = await t.deps.db.select({ content: contracts.content, plainText: contracts.plainText }).from(contracts).where(eq(contracts.id, contract.id));
    for (const [where, html] of [
      ["PUT answer", res.body.content],
      ["GET answer", read.body.content],
      ["stored", row!.content],
    ] as const) {
      expect(scriptCapable(html), where).toEqual([]);
      expect(html, where).not.toMatch(/javascript:|vbscript:|data:text\/html|onerror|onload/i);
    }
    // The document is still there: the sanitiser removed markup (and, like a browser, whatever an
    // unclosed <math> or <style> swallowed), not the clauses before it.
    for (let i = 0; i < 20; i++) expect(row!.plainText).toContain(`Clause ${i + 1}.`);
  });

  it("each payload alone, as the whole document, comes back inert", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const admin = signedIn(t, team.admin.token);
    for (const payload of XSS_CORPUS) {
      const res = await admin.request<{ content: string }>("PUT", `/api/contracts/${contract.id}`, { content: payload });
      expect(res.status, payload).toBe(200);
      expect(scriptCapable(res.body.content), payload).toEqual([]);
    }
  });

  it("a title made of a payload is kept as text (the web shows text) and served as JSON only", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const title = "<img src=x onerror=window.__xss=1>";
    const res = await signedIn(t, team.admin.token).request<{ title: string }>("PUT", `/api/contracts/${contract.id}`, { title });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe(title);
    expectJsonOnly(res.headers);
  });
});

describe("live-document edits", () => {
  it("a Y.Doc written by a hostile editor client renders (as contracts.content) to inert HTML", () => {
    // The realtime server stores what an editor sends; contracts.content is derived from it by ydocToHtml.
    const doc = new Y.Doc();
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.setAttribute("textAlign", 'left;background:url(javascript:alert(1))" onclick="alert(1)');
    const text = new Y.XmlText();
    const hrefs = ["javascript:window.__xss=1", " JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"];
    hrefs.forEach((href, i) => text.insert(text.length, `link ${i} `, { link: { href } }));
    text.insert(text.length, "coloured", { textStyle: { color: 'red;background:url(javascript:1)" onmouseover="alert(1)', fontFamily: "x;behavior:url(x.htc)" } });
    text.insert(text.length, XSS_CORPUS.join(" "));
    paragraph.insert(0, [text]);
    const image = new Y.XmlElement("image");
    image.setAttribute("src", "javascript:window.__xss=1");
    const video = new Y.XmlElement("youtube");
    video.setAttribute("src", 'https://www.youtube.com/watch?v=abc" onload="alert(1)');
    const frame = new Y.XmlElement("youtube");
    frame.setAttribute("src", "javascript:window.__xss=1");
    const unknown = new Y.XmlElement("script");
    unknown.insert(0, [new Y.XmlText("window.__xss=1")]);
    documentFragment(doc).insert(0, [paragraph, image, video, frame, unknown]);

    const html = ydocToHtml(doc);
    expect(scriptCapable(html)).toEqual([]);
    const attributes = Array.from(parse(html).querySelectorAll("*")).flatMap((el) => Array.from(el.attributes).map((a) => `${a.name}=${a.value}`));
    expect(attributes.join(" ")).not.toMatch(/javascript:|vbscript:|data:text\/html|onclick|onmouseover|behavior|url\(/i);
    // The corpus typed as text stays text.
    expect(parse(html).body.textContent).toContain(XSS_CORPUS[0]);
  });
});

describe("Word import", () => {
  it("a .docx whose text is the corpus and whose links are javascript: uploads as inert HTML", async () => {
    const team = await createTeam(t.deps.db);
    const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const links = ["javascript:window.__xss=1", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"];
    const bodyXml =
      XSS_CORPUS.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escape(p)}</w:t></w:r></w:p>`).join("") +
      links.map((_, i) => `<w:p><w:hyperlink r:id="rId${i + 10}"><w:r><w:t>Link ${i}</w:t></w:r></w:hyperlink></w:p>`).join("");
    const rels =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      links.map((target, i) => `<Relationship Id="rId${i + 10}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${escape(target).replace(/"/g, "&quot;")}" TargetMode="External"/>`).join("") +
      "</Relationships>";
    const docx = makeMinimalDocxZip({ bodyXml }, [{ name: "word/_rels/document.xml.rels", data: rels }]);
    const form = multipartForm(
      { title: "Imported agreement", client: "Mallory Holdings", processingConsent: "true", storageConsent: "false" },
      { file: { bytes: docx, name: "imported.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" } },
    );
    const res = await signedIn(t, team.admin.token).post<{ id: string; content: string }>("/api/contracts", form);
    expect(res.status).toBe(201);
    expect(scriptCapable(res.body.content)).toEqual([]);
    // The links are gone (the upload keeps no links at all); their words stay.
    expect(parse(res.body.content).querySelectorAll("a[href]").length).toBe(0);
    // The payloads were the document's text, so they stay as text: escaped, visible, inert.
    const text = parse(res.body.content).body.textContent ?? "";
    for (const payload of XSS_CORPUS) expect(text).toContain(payload.replace(/\s+/g, " "));
    for (let i = 0; i < links.length; i++) expect(text).toContain(`Link ${i}`);
  });
});

describe("plain-text fields", () => {
  it("markups keep each payload as its text, served as JSON", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const reviewer = signedIn(t, team.reviewer.token);
    for (const payload of XSS_CORPUS) {
      const res = await reviewer.post<Markup>(`/api/contracts/${contract.id}/markups`, { type: "comment", content: payload, position: { paragraph: 0 } });
      expect(res.status, payload).toBe(201);
      expect(res.body.content).toBe(payload);
    }
    const list = await signedIn(t, team.approver.token).get<Markup[]>(`/api/contracts/${contract.id}/markups`);
    expectJsonOnly(list.headers);
    expect(list.body.map((m) => m.content).sort()).toEqual([...XSS_CORPUS].sort());
  });

  it("exhibit titles, descriptions, notes and review notes keep the payload as text", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const admin = signedIn(t, team.admin.token);
    const joined = XSS_CORPUS.join("\n");
    const created: Exhibit[] = [];
    for (const payload of XSS_CORPUS.slice(0, 6)) {
      const res = await admin.post<Exhibit>(
        `/api/contracts/${contract.id}/exhibits`,
        multipartForm({}, { title: payload, description: joined, exhibitNumber: payload.slice(0, 50), plannedNotes: joined, isPlanned: "true", tags: payload.slice(0, 50) }),
      );
      expect(res.status, payload).toBe(201);
      // A multipart form sends line breaks as CRLF.
      const lf = (value: string | null) => value?.replace(/\r\n/g, "\n");
      expect({ title: res.body.title, description: lf(res.body.description), plannedNotes: lf(res.body.plannedNotes) }).toEqual({ title: payload, description: joined, plannedNotes: joined });
      created.push(res.body);
    }
    const review = await signedIn(t, team.approver.token).post<Exhibit>(`/api/exhibits/${created[0]!.id}/review`, { status: "reviewed", notes: joined });
    expect(review.status).toBe(200);
    const list = await signedIn(t, team.reviewer.token).get<Exhibit[]>(`/api/contracts/${contract.id}/exhibits`);
    expectJsonOnly(list.headers);
    expect(list.body.map((e) => e.title).sort()).toEqual(XSS_CORPUS.slice(0, 6).sort());
  });

  it("profile names keep the payload as text; the invitation e-mail that carries the name escapes it", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    const firstName = "<img src=x onerror=window.__xss=1>";
    const lastName = "<script>window.__xss=1</script>";
    const saved = await admin.request("PATCH", "/api/settings/profile", { firstName, lastName, email: team.admin.user.email });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ firstName, lastName });
    expectJsonOnly(saved.headers);

    const invitee = `invitee-${team.company.id.slice(0, 8)}@example.test`;
    expect((await admin.post("/api/team/invite", { email: invitee, role: "reviewer" })).status).toBe(201);
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, invitee));
    expect(mail?.html).toBeTruthy();
    expect(scriptCapable(mail!.html!)).toEqual([]);
    expect(parse(mail!.html!).body.textContent).toContain(`${firstName} ${lastName}`);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
  });

  it("a support ticket made of the corpus is stored as typed, and the mail to support escapes it", async () => {
    const team = await createTeam(t.deps.db);
    const subject = "<svg onload=window.__xss=1> Cannot open the report";
    const description = XSS_CORPUS.join("\n");
    const res = await signedIn(t, team.reviewer.token).post<SupportTicket>("/api/support/tickets", { subject, description, category: "technical", priority: "high" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject, description });
    expectJsonOnly(res.headers);
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, t.deps.config.supportEmail));
    const mail = mails.find((m) => m.subject.includes("Cannot open the report"));
    expect(mail?.html).toBeTruthy();
    expect(scriptCapable(mail!.html!)).toEqual([]);
    const text = parse(mail!.html!).body.textContent ?? "";
    for (const payload of XSS_CORPUS) expect(text).toContain(payload);
  });
});

/** Text fields travel as JSON only, never as a document a browser would render. */
function expectJsonOnly(headers: Headers): void {
  expect(headers.get("content-type")).toMatch(/^application\/json/);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
}
