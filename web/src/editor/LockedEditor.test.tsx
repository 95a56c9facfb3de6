// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { Editor } from "@tiptap/core";
import * as Y from "yjs";
import { COLLAB_CLOSE, COLLAB_FRAGMENT, type ContractDetail } from "@clausewise/shared";
import { createQueryClient } from "../api/query-client";
import { APPROVER_ABILITIES, makeContract, REVIEWER_ABILITIES } from "../components/contract/testing";
import { TooltipProvider } from "../components/ui/tooltip";
import { useToastStore } from "../stores/toast";
import { fakeApi } from "../test/fake-api";
import { stubEditorLayout } from "../test/editor-layout";
import { makeUser } from "../test/fixtures";
import { FakeProvider } from "./collab/fake-provider";
import type { ConnectFn } from "./collab/session";
import { CollaborativeEditor } from "./CollaborativeEditor";

/* Issue 14: approval locks the text, in the editor too: read-only, a clear notice, and the way out. */

const wait = { timeout: 5000 };

function seeded(provider: FakeProvider | null = null): ConnectFn {
  return ({ ydoc }) => {
    ydoc.transact(() => {
      const paragraph = new Y.XmlElement("paragraph");
      ydoc.getXmlFragment(COLLAB_FRAGMENT).insert(0, [paragraph]);
      paragraph.insert(0, [new Y.XmlText("The Owner shall pay within 30 days.")]);
    }, "server");
    return provider;
  };
}

function mount(contract: ContractDetail, connect: ConnectFn) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <CollaborativeEditor contract={contract} user={makeUser({ id: "u-1", firstName: "Pat", lastName: "Morgan" })} connect={connect} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

async function editorInstance(): Promise<Editor> {
  const dom = await screen.findByLabelText("Contract document", {}, wait);
  return (dom as HTMLElement & { editor: Editor }).editor;
}

beforeAll(stubEditorLayout);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe("a locked contract in the Word Editor", () => {
  it("is read-only for an approver, says which version the approval applies to, and offers Reopen for changes", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    mount(makeContract({ status: "approved", version: 3, approvedVersion: 3 }, APPROVER_ABILITIES), seeded());
    const editor = await editorInstance();
    expect(editor.isEditable).toBe(false);
    const notice = screen.getByRole("status", { name: "Document locked" });
    expect(notice.textContent).toContain("This contract is approved, so its text is locked.");
    expect(notice.textContent).toContain("The approval applies to version 3.");
    expect(screen.getByRole("button", { name: "Reopen for changes" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Editor mode" })).toBeNull();
  });

  it("tells a reviewer the same, without the button", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] } });
    mount(makeContract({ status: "pending_approval" }, REVIEWER_ABILITIES), seeded());
    const editor = await editorInstance();
    expect(editor.isEditable).toBe(false);
    expect(screen.getByText(/This contract is pending approval, so its text is locked\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reopen for changes" })).toBeNull();
  });

  it("turns read-only when the server closes the connection as locked (4423), before the page has the new status", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [] }, "GET /api/contracts/c-1": { status: 200, body: makeContract({}, APPROVER_ABILITIES) } });
    const provider = new FakeProvider();
    mount(makeContract({}, APPROVER_ABILITIES), seeded(provider));
    act(() => provider.setLive(true));
    const editor = await editorInstance();
    await waitFor(() => expect(editor.isEditable).toBe(true), wait);
    act(() => provider.emit("closed", { code: COLLAB_CLOSE.locked.code, reason: COLLAB_CLOSE.locked.reason }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Contract locked"), wait);
    const reloaded = await editorInstance();
    await waitFor(() => expect(screen.getByText(/so its text is locked/)).toBeTruthy(), wait);
    expect(reloaded.isEditable).toBe(false);
  });
});
