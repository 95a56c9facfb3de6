// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DocumentVersion } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-app";
import { APPROVER_ABILITIES, currentToast, makeContract, REVIEWER_ABILITIES } from "../contract/testing";
import { VersionsStrip } from "./VersionsStrip";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };

const version = (n: number, content: string, day: number): DocumentVersion => ({
  id: `v${n}`,
  versionNumber: String(n),
  isActive: n === 2 ? "true" : "false",
  createdAt: `2026-11-${String(day).padStart(2, "0")}T15:00:00.000Z`,
  content,
  createdBy: null,
});

const V1 = version(1, "<h2>1. Payment</h2><p>The Owner shall pay within 30 days.</p>", 10);
const V2 = version(2, "<h2>1. Payment</h2><p>The Owner shall pay within 45 days of the invoice.</p>", 12);
const CURRENT = "<h2>1. Payment</h2><p>The Owner shall pay within 45 days of the invoice.</p><p>2. Holdback.</p>";

async function openVersion(number: string) {
  fireEvent.click(await screen.findByRole("button", { name: new RegExp(`^Version ${number},`) }, wait));
  return screen.findByRole("dialog", { name: `Version ${number}` });
}

describe("the versions dialog", () => {
  it("compares any two versions, or a version with the current document, as a redline", async () => {
    fakeApi({ "GET /api/contracts/c-1/versions": { status: 200, body: [V1, V2] } });
    renderWithProviders(<VersionsStrip contract={makeContract({ content: CURRENT, approvedVersion: 1 }, REVIEWER_ABILITIES)} />);
    expect((await screen.findByRole("button", { name: /^Version 1,.*approved$/ }, wait)).textContent).toContain("Approved");
    const dialog = await openVersion("2");
    expect(within(dialog).getByRole("article", { name: "Text of version 2" }).textContent).toContain("45 days of the invoice.");

    // Picked the other way round, the redline still reads from the older version to the newer one.
    fireEvent.change(within(dialog).getByLabelText("Compare with"), { target: { value: "v1" } });
    const redline = within(dialog).getByRole("document", { name: "Changes from version 1 to version 2" });
    expect([...redline.querySelectorAll("del")].map((d) => d.textContent)).toEqual(["30"]);
    expect([...redline.querySelectorAll("ins")].map((i) => i.textContent)).toEqual(["45", " of the invoice"]);
    expect(within(dialog).getByText(/characters inserted/).textContent).toBe("17 characters inserted");

    fireEvent.change(within(dialog).getByLabelText("Compare with"), { target: { value: "current" } });
    const toCurrent = within(dialog).getByRole("document", { name: "Changes from version 2 to the current document" });
    expect([...toCurrent.querySelectorAll("ins")].map((i) => i.textContent)).toEqual(["\n2. Holdback."]);
    expect(toCurrent.querySelectorAll("del")).toHaveLength(0);
    // Reviewers may not edit, so they may not restore.
    expect(within(dialog).queryByRole("button", { name: "Restore this version" })).toBeNull();
  });

  it("restores a version after a confirmation, as a new edit, and says so", async () => {
    const restored = makeContract({ content: V1.content }, APPROVER_ABILITIES);
    const api = fakeApi({
      "GET /api/contracts/c-1/versions": { status: 200, body: [V1, V2] },
      "POST /api/contracts/c-1/versions/v1/restore": { status: 200, body: restored },
    });
    renderWithProviders(<VersionsStrip contract={makeContract({ content: CURRENT }, APPROVER_ABILITIES)} />);
    const dialog = await openVersion("1");
    fireEvent.click(within(dialog).getByRole("button", { name: "Restore this version" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Restore version 1?" });
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Version Restored"), wait);
    expect(currentToast()?.description).toContain("new edit");
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/contracts/c-1/versions/v1/restore"]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Version 1" })).toBeNull(), wait);
  });

  it("offers no Restore while the text is locked, and says when Save found nothing new", async () => {
    fakeApi({
      "GET /api/contracts/c-1/versions": { status: 200, body: [V1, V2] },
      "POST /api/contracts/c-1/versions": { status: 200, body: { ...V2, created: false } },
    });
    renderWithProviders(<VersionsStrip contract={makeContract({ status: "approved", approvedVersion: 2 }, APPROVER_ABILITIES)} />);
    const dialog = await openVersion("1");
    expect(within(dialog).queryByRole("button", { name: "Restore this version" })).toBeNull();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Version 1" })).toBeNull(), wait);
    fireEvent.click(screen.getByRole("button", { name: "Create version" }));
    await waitFor(() => expect(currentToast()?.title).toBe("No Changes to Save"), wait);
    expect(currentToast()?.description).toBe("The document is the same as version 2, so no new version was made.");
  });
});
