// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { Editor } from "@tiptap/core";
import * as Y from "yjs";
import { CONTRACT_ABILITIES, COLLAB_FRAGMENT, type ContractAbility, type ContractDetail } from "@clausewise/shared";
import { createQueryClient } from "../api/query-client";
import { TooltipProvider } from "../components/ui/tooltip";
import { useToastStore } from "../stores/toast";
import { fakeApi } from "../test/fake-api";
import { stubEditorLayout } from "../test/editor-layout";
import { makeUser } from "../test/fixtures";
import { makeChange } from "../components/document/test-utils";
import type { ConnectFn } from "./collab/session";
import { CollaborativeEditor, type CollaborativeEditorProps } from "./CollaborativeEditor";

const wait = { timeout: 5000 };
const REVIEWER: ContractAbility[] = ["read", "suggest", "comment"];
const APPROVER: ContractAbility[] = [...REVIEWER, "edit", "decideChanges", "approve"];

function contract(granted: ContractAbility[]): ContractDetail {
  return {
    id: "c-1",
    title: "Pipeline EPC Agreement",
    client: null,
    status: "under_review",
    priority: "medium",
    contractType: "construction",
    version: 3,
    updatedAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    reviewDeadline: null,
    approvalDeadline: null,
    reviewerId: null,
    content: "",
    storageConsent: false,
    hasOriginalFile: false,
    fileName: null,
    submittedAt: null,
    completedAt: null,
    ourPartyRole: null,
    approvedVersion: null,
    abilities: Object.fromEntries(CONTRACT_ABILITIES.map((a) => [a, granted.includes(a)])) as ContractDetail["abilities"],
  };
}

/** Stands in for the server's seeding: the Y.Doc gets its paragraphs; no live connection is opened. */
function seeded(paragraphs: string[], docs: Y.Doc[] = []): ConnectFn {
  return ({ ydoc }) => {
    docs.push(ydoc);
    ydoc.transact(() => {
      const fragment = ydoc.getXmlFragment(COLLAB_FRAGMENT);
      paragraphs.forEach((text, i) => {
        const paragraph = new Y.XmlElement("paragraph");
        fragment.insert(i, [paragraph]);
        const run = new Y.XmlText();
        paragraph.insert(0, [run]);
        run.insert(0, text);
      });
    }, "server");
    return null;
  };
}

function mount(granted: ContractAbility[], connect: ConnectFn, extra: Pick<CollaborativeEditorProps, "extraExtensions"> = {}) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <CollaborativeEditor contract={contract(granted)} user={makeUser({ id: "u-1", firstName: "Pat", lastName: "Morgan" })} connect={connect} {...extra} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

async function editorInstance(): Promise<Editor> {
  const dom = await screen.findByLabelText("Contract document", {}, wait);
  const editor = (dom as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error("no editor on the document element");
  return editor;
}

const fragmentXml = (doc: Y.Doc) => doc.getXmlFragment(COLLAB_FRAGMENT).toString();

beforeAll(stubEditorLayout);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe("CollaborativeEditor on a local Y.Doc", () => {
  it("shows the server's document and writes toolbar commands to the Y.Doc (bold, heading, table)", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["The Owner shall pay within 28 days.", "Holdback is 10%."], docs));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("The Owner shall pay within 28 days."), wait);
    const doc = docs.at(-1)!;

    expect(screen.getByRole("button", { name: "Editing Mode", pressed: true })).toBeTruthy();
    const formatting = screen.getByRole("toolbar", { name: "Formatting" });

    act(() => void editor.commands.setTextSelection({ from: 5, to: 10 }));
    fireEvent.click(within(formatting).getByRole("button", { name: "Bold" }));
    expect(fragmentXml(doc)).toContain("<bold>Owner</bold>");
    await waitFor(() => expect(within(formatting).getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true"));

    fireEvent.change(within(formatting).getByRole("combobox", { name: "Paragraph style" }), { target: { value: "2" } });
    expect(fragmentXml(doc)).toMatch(/^<heading[^>]*level="2"/);

    act(() => void editor.commands.setTextSelection(editor.state.doc.content.size - 1));
    fireEvent.click(within(formatting).getByRole("button", { name: "Insert table" }));
    const dialog = await screen.findByRole("dialog", { name: "Insert table" });
    expect((within(dialog).getByLabelText("Rows") as HTMLInputElement).value).toBe("3");
    expect((within(dialog).getByLabelText("Columns") as HTMLInputElement).value).toBe("3");
    fireEvent.change(within(dialog).getByLabelText("Rows"), { target: { value: "21" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert table" }));
    expect(await within(dialog).findByText(/Rows must be a whole number from 1 to 20/)).toBeTruthy();
    expect(fragmentXml(doc)).not.toContain("<table>");
    fireEvent.change(within(dialog).getByLabelText("Rows"), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert table" }));
    await waitFor(() => expect(fragmentXml(doc)).toContain("<table>"));
    // Y.XmlElement#toString lower-cases node names.
    expect(fragmentXml(doc).match(/<tablerow>/g)).toHaveLength(2);
    expect(fragmentXml(doc).match(/<tablecell /g)).toHaveLength(6);
  });

  it("undoes only the user's own edits, and View Mode blocks edits", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["Clause one."], docs));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("Clause one."), wait);
    const doc = docs.at(-1)!;

    act(() => void editor.chain().setTextSelection(editor.state.doc.content.size - 1).insertContent(" Mine.").run());
    expect(editor.getText()).toBe("Clause one. Mine.");
    // Someone else adds a paragraph (an update arriving from the server).
    act(() =>
      doc.transact(() => {
        const paragraph = new Y.XmlElement("paragraph");
        doc.getXmlFragment(COLLAB_FRAGMENT).insert(1, [paragraph]);
        const run = new Y.XmlText();
        paragraph.insert(0, [run]);
        run.insert(0, "Theirs.");
      }, "remote"),
    );
    await waitFor(() => expect(editor.getText()).toContain("Theirs."));
    fireEvent.click(within(screen.getByRole("toolbar", { name: "Document" })).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(editor.getText()).not.toContain("Mine."));
    expect(editor.getText()).toContain("Theirs.");

    fireEvent.click(screen.getByRole("button", { name: "View Mode" }));
    await waitFor(() => expect(editor.isEditable).toBe(false));
    expect(screen.queryByRole("toolbar", { name: "Formatting" })).toBeNull();
    act(() => void editor.commands.insertContent("Sneaky"));
    expect(fragmentXml(doc)).not.toContain("Sneaky");
  });

  it("gives read-only users 'View Only' and no way to change the document", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    const docs: Y.Doc[] = [];
    mount(["read"], seeded(["Read me."], docs));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("Read me."), wait);
    const doc = docs.at(-1)!;

    expect(screen.getAllByText("View Only").length).toBeGreaterThan(0);
    expect(screen.queryByRole("group", { name: "Editor mode" })).toBeNull();
    expect(screen.queryByRole("toolbar", { name: "Formatting" })).toBeNull();
    const tools = screen.getByRole("toolbar", { name: "Document" });
    for (const name of ["Save", "Undo", "Import Word document", "Styles"]) expect(within(tools).queryByRole("button", { name })).toBeNull();
    expect(within(tools).getByRole("button", { name: "Export to Word" })).toBeTruthy();
    expect(within(tools).getByRole("button", { name: "Print" })).toBeTruthy();
    expect(editor.isEditable).toBe(false);
    expect(editor.view.dom.getAttribute("aria-readonly")).toBe("true");

    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 5 });
      editor.commands.toggleBold();
      editor.commands.insertContent("Changed");
    });
    expect(fragmentXml(doc)).toBe("<paragraph>Read me.</paragraph>");
  });

  it("keeps a reviewer in View Mode when suggestion tracking is left out", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    mount(REVIEWER, seeded(["Suggest here."]), { extraExtensions: [] });
    const editor = await editorInstance();
    const suggesting = await screen.findByRole("button", { name: "Suggesting" });
    expect(suggesting.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "View Mode", pressed: true })).toBeTruthy();
    expect(editor.isEditable).toBe(false);
    expect(screen.queryByRole("toolbar", { name: "Formatting" })).toBeNull();
  });

  it("lets a reviewer switch to Suggesting: what they type is stored as a suggested insertion by them", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    const docs: Y.Doc[] = [];
    mount(REVIEWER, seeded(["Pay within 28 days."], docs));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("28 days"), wait);
    const suggesting = await screen.findByRole("button", { name: "Suggesting" });
    expect(suggesting.getAttribute("aria-disabled")).not.toBe("true");
    fireEvent.click(suggesting);
    await waitFor(() => expect(editor.isEditable).toBe(true), wait);
    act(() => {
      editor.commands.setTextSelection(1);
      editor.commands.insertContent("Net ");
    });
    const xml = fragmentXml(docs.at(-1)!);
    expect(xml).toContain("Net ");
    expect(xml).toMatch(/suggestionInsert/);
    expect(xml).toContain("u-1");
    expect(xml).toContain("Pay within 28 days.");
  });

  it("lets an approver choose Suggesting or Editing, remembers the choice, and signs suggestions with their name", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    window.localStorage.clear();
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["Pay within 28 days."], docs));
    let editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("28 days"), wait);
    const group = screen.getByRole("group", { name: "Editor mode" });
    expect(within(group).getAllByRole("button").map((b) => b.textContent)).toEqual(["Editing Mode", "Suggesting", "View Mode"]);
    fireEvent.click(within(group).getByRole("button", { name: "Suggesting" }));
    await waitFor(() => expect(editor.isEditable).toBe(true), wait);
    expect(screen.queryByRole("toolbar", { name: "Formatting" })).toBeNull();
    act(() => {
      editor.commands.setTextSelection(1);
      editor.commands.insertContent("Net ");
    });
    expect(fragmentXml(docs.at(-1)!)).toMatch(/suggestionInsert/);
    expect(fragmentXml(docs.at(-1)!)).toContain("u-1");

    cleanup();
    mount(APPROVER, seeded(["Pay within 28 days."], docs));
    editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("28 days"), wait);
    expect(screen.getByRole("button", { name: "Suggesting", pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Editing Mode" }));
    await waitFor(() => expect(editor.isEditable).toBe(true), wait);
    act(() => {
      editor.commands.setTextSelection(1);
      editor.commands.insertContent("Net ");
    });
    expect(fragmentXml(docs.at(-1)!)).toContain("Net Pay");
    expect(fragmentXml(docs.at(-1)!)).not.toMatch(/suggestionInsert/);
    window.localStorage.clear();
  });

  it("counts the document's suggestions with their authors and accepts all of them after a confirmation", async () => {
    const a = makeChange({ id: "ch-a", suggestionId: "s-a", newText: "Net ", changeType: "insert" });
    const b = makeChange({ id: "ch-b", suggestionId: "s-b", newText: " now", changeType: "insert" });
    const other = makeChange({ id: "ch-x", suggestionId: "s-gone", newText: "elsewhere", changeType: "insert" });
    const { calls } = fakeApi({
      "GET /api/contracts/c-1/versions": { status: 200, body: [] },
      "GET /api/contracts/c-1/changes": { status: 200, body: [a, b, other] },
      "POST /api/document-changes/ch-a/approve": { status: 200, body: { ...a, status: "approved" } },
      "POST /api/document-changes/ch-b/approve": { status: 200, body: { ...b, status: "approved" } },
    });
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["Pay within 28 days."], docs));
    const text = (docs.at(-1)!.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const by = (changeId: string) => ({ suggestionInsert: { changeId, authorId: "u-2", authorName: "Rae Reviewer", createdAt: null } });
    act(() => {
      text.insert(0, "Net ", by("s-a"));
      text.insert(text.length, " now", by("s-b"));
    });
    const bar = await screen.findByRole("region", { name: "Track changes" }, wait);
    expect(bar.textContent).toContain("2 suggestions");
    expect(bar.textContent).toContain("Rae Reviewer");
    const acceptAll = within(bar).getByRole("button", { name: "Accept all" });
    await waitFor(() => expect(acceptAll.hasAttribute("disabled")).toBe(false), wait);
    fireEvent.click(acceptAll);
    const dialog = await screen.findByRole("dialog", { name: "Accept all suggestions?" });
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept all" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/document-changes/ch-a/approve", "/api/document-changes/ch-b/approve"]), wait);
  });

  it("shows who suggested the text at the caret, and lets an approver accept it inline", async () => {
    const change = makeChange({ id: "ch-9", suggestionId: "s-9", newText: "Net ", changeType: "insert" });
    const { calls } = fakeApi({
      "GET /api/contracts/c-1/versions": { status: 200, body: [] },
      "GET /api/contracts/c-1/changes": { status: 200, body: [change] },
      "POST /api/document-changes/ch-9/approve": { status: 200, body: { ...change, status: "approved" } },
    });
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["Pay within 28 days."], docs));
    // A reviewer's suggested insertion, as it arrives from the server.
    const paragraph = docs.at(-1)!.getXmlFragment(COLLAB_FRAGMENT).get(0) as Y.XmlElement;
    act(() => {
      (paragraph.get(0) as Y.XmlText).insert(0, "Net ", { suggestionInsert: { changeId: "s-9", authorId: "u-2", authorName: "Rae Reviewer", createdAt: new Date().toISOString() } });
    });
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("Net Pay"), wait);
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Suggestion" })).toBeNull(), wait);
    act(() => {
      editor.commands.setTextSelection(2);
    });
    const bar = await screen.findByRole("region", { name: "Suggestion" }, wait);
    expect(bar.textContent).toContain("Suggested insertion by Rae Reviewer");
    fireEvent.click(await within(bar).findByRole("button", { name: "Accept the suggested insertion by Rae Reviewer" }, wait));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/document-changes/ch-9/approve")).toBe(true), wait);
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Change Approved"), wait);
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Suggestion" })).toBeNull(), wait);
  });

  it("finds and replaces; an empty search does nothing", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["Pay within 28 days.", "Notice within 28 days; cure within 10 days."], docs));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("cure"), wait);
    const doc = docs.at(-1)!;

    fireEvent.keyDown(editor.view.dom, { key: "f", ctrlKey: true });
    const panel = await screen.findByRole("search", { name: "Find and replace" });
    const find = within(panel).getByLabelText("Find");
    expect(within(panel).getByTestId("match-count").textContent).toBe("");
    fireEvent.click(within(panel).getByRole("button", { name: "Replace all" }));
    expect(fragmentXml(doc)).toContain("Pay within 28 days.");

    fireEvent.change(find, { target: { value: "28 days" } });
    await waitFor(() => expect(within(panel).getByTestId("match-count").textContent).toBe("1 of 2"));
    fireEvent.click(within(panel).getByRole("button", { name: "Next match" }));
    expect(within(panel).getByTestId("match-count").textContent).toBe("2 of 2");
    fireEvent.change(within(panel).getByLabelText("Replace with"), { target: { value: "30 days" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Replace" }));
    await waitFor(() => expect(fragmentXml(doc)).toContain("Notice within 30 days"));
    expect(fragmentXml(doc)).toContain("Pay within 28 days.");

    fireEvent.change(find, { target: { value: "within" } });
    await waitFor(() => expect(within(panel).getByTestId("match-count").textContent).toMatch(/of 3$/));
    fireEvent.change(within(panel).getByLabelText("Replace with"), { target: { value: "no later than" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Replace all" }));
    await waitFor(() => expect(editor.getText()).not.toContain("within"));
    expect(editor.getText()).toContain("Pay no later than 28 days.");
    // Replace all is one edit: one undo brings every match back.
    act(() => void editor.commands.undo());
    expect(editor.getText().match(/within/g)).toHaveLength(3);
  });

  it("creates a version checkpoint on Save and Ctrl+S, numbered count + 1", async () => {
    const { calls } = fakeApi({
      "GET /api/contracts/c-1/versions": { status: 200, body: [{ id: "v1", versionNumber: "1", isActive: "true", createdAt: new Date().toISOString(), content: "", createdBy: null }] },
      "POST /api/contracts/c-1/versions": { status: 201, body: { id: "v2", versionNumber: "2", isActive: "true", createdAt: new Date().toISOString(), content: "", createdBy: null, created: true } },
    });
    mount(APPROVER, seeded(["Clause."]));
    const editor = await editorInstance();
    await waitFor(() => expect(calls.some((c) => c.method === "GET" && c.path.endsWith("/versions"))).toBe(true));
    await waitFor(() => expect(screen.getByRole("button", { name: "Auto-save ON" })).toBeTruthy());
    fireEvent.keyDown(editor.view.dom, { key: "s", ctrlKey: true });
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Version Created"), wait);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ versionNumber: "2", isActive: "true" });

    fireEvent.click(screen.getByRole("button", { name: "Auto-save ON" }));
    expect(screen.getByRole("button", { name: "Auto-save OFF" })).toBeTruthy();
  });

  it("applies a predefined style from the Document Styles dialog to the cursor's paragraph", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    const docs: Y.Doc[] = [];
    mount(APPROVER, seeded(["Master Services Agreement", "Body."], docs));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.getText()).toContain("Body."), wait);
    act(() => void editor.commands.setTextSelection(3));
    fireEvent.click(within(screen.getByRole("toolbar", { name: "Document" })).getByRole("button", { name: "Styles" }));
    const dialog = await screen.findByRole("dialog", { name: "Document Styles" });
    expect(within(dialog).getAllByRole("button", { name: /^Apply (?!custom)/ })).toHaveLength(10);
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply Contract Title" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const xml = fragmentXml(docs.at(-1)!);
    expect(xml).toMatch(/^<heading[^>]*level="1"[^>]*textAlign="center"|^<heading[^>]*textAlign="center"[^>]*level="1"/);
    expect(xml).toMatch(/<bold><textStyle [^>]*fontSize="24px"[^>]*>Master Services Agreement</);
    expect(xml).toContain("<paragraph>Body.</paragraph>");
  });

  it("makes each toolbar one Tab stop with arrow-key movement (WAI-ARIA toolbar)", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    mount(APPROVER, seeded(["Clause."]));
    await editorInstance();
    const formatting = screen.getByRole("toolbar", { name: "Formatting" });
    const controls = within(formatting).getAllByRole("button").concat(within(formatting).getAllByRole("combobox"));
    await waitFor(() => expect(controls.filter((c) => c.tabIndex === 0)).toHaveLength(1));
    const first = within(formatting).getByRole("combobox", { name: "Paragraph style" });
    expect(first.tabIndex).toBe(0);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(document.activeElement).toBe(within(formatting).getByRole("combobox", { name: "Font" }));
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(within(formatting).getByRole("button", { name: "Clear formatting" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(first);
    expect(within(formatting).getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("refuses a file that is not a Word document", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    mount(APPROVER, seeded(["Clause."]));
    await editorInstance();
    const input = screen.getByTestId("word-import-input");
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "contract.pdf", { type: "application/pdf" })] } });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Invalid File", description: "Please select a Word document (.docx).", variant: "destructive" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
