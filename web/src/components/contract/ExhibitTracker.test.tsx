// @vitest-environment jsdom
import { renderWithProviders } from "../../test/render-app";
import { afterEach, describe, expect, it, vi, type Mock } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ContractReviewer, Exhibit } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { exhibitOrder, ExhibitTracker } from "./ExhibitTracker";
import { currentToast, makeContract, REVIEWER_ABILITIES } from "./testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const wait = { timeout: 5000 };

function makeExhibit(overrides: Partial<Exhibit> = {}): Exhibit {
  return {
    id: "e-1",
    contractId: "c-1",
    title: "Scope of Work",
    description: null,
    exhibitNumber: "A",
    isRequired: false,
    isPlanned: false,
    expectedDate: null,
    assignedTo: null,
    plannedNotes: null,
    tags: [],
    fileName: "scope.pdf",
    fileSize: 1536,
    mimeType: "application/pdf",
    fileUrl: "/api/exhibits/e-1/file",
    uploadedBy: "u-1",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    status: "pending",
    reviewNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    abilities: { review: true, delete: true },
    ...overrides,
  };
}

const reviewers: ContractReviewer[] = [
  { id: "u-1", name: "Priya Raman", email: "priya@demo.test", role: "reviewer" },
  { id: "u-2", name: "Marc Tremblay", email: "marc@demo.test", role: "approver" },
];

const exhibits = [
  makeExhibit({ isRequired: true, tags: ["scope", "technical"] }),
  makeExhibit({ id: "e-2", exhibitNumber: "B", title: "Unit Rates", status: "approved", fileName: "rates.xlsx", fileSize: 2 * 1024 * 1024, fileUrl: "/api/exhibits/e-2/file", abilities: { review: true, delete: false } }),
  makeExhibit({
    id: "e-3",
    exhibitNumber: "E",
    title: "Letter of Credit",
    status: "overdue",
    isPlanned: true,
    fileName: null,
    fileSize: null,
    fileUrl: null,
    expectedDate: "2026-11-15",
    assignedTo: "u-2",
    plannedNotes: "From the owner's bank",
  }),
];

function routes(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    "GET /api/contracts/c-1/exhibits": { status: 200, body: exhibits },
    "GET /api/contracts/c-1/reviewers": { status: 200, body: reviewers },
    ...extra,
  });
}

/** A network failure: fetch itself rejects. */
const offline = () => {
  throw new TypeError("Failed to fetch");
};

function item(title: string) {
  return screen.getByRole("article", { name: title });
}

describe("ExhibitTracker list", () => {
  it("shows number, title, status, required marker, expected date, assignee, file and size, tags", async () => {
    routes();
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const scope = await screen.findByRole("article", { name: "Scope of Work" }, wait);
    expect(within(scope).getByText("Exhibit A")).toBeTruthy();
    expect(within(scope).getByText("Pending")).toBeTruthy();
    expect(within(scope).getByText("Required")).toBeTruthy();
    expect(within(scope).getByRole("link", { name: "Download scope.pdf, 1.5 KB" }).getAttribute("href")).toBe("/api/exhibits/e-1/file");
    expect(within(scope).getByText("(1.5 KB)")).toBeTruthy();
    expect(within(within(scope).getByRole("list", { name: "Tags" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["scope", "technical"]);

    expect(within(item("Unit Rates")).getByText("(2 MB)")).toBeTruthy();

    const loc = item("Letter of Credit");
    expect(within(loc).getByText("Overdue").className).toMatch(/bg-red-600/);
    expect(within(loc).getByText("Marc Tremblay")).toBeTruthy();
    expect(within(loc).getByText("Nov 15, 2026")).toBeTruthy();
    expect(within(loc).getByText("Not uploaded yet")).toBeTruthy();
    expect(within(loc).queryByRole("link")).toBeNull();
    expect(screen.getByText("3 exhibits · 1 overdue")).toBeTruthy();
  });

  it("disables Review once approved and labels it 'Update Status' for planned exhibits", async () => {
    routes();
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    await screen.findByRole("article", { name: "Scope of Work" }, wait);
    expect((within(item("Scope of Work")).getByRole("button", { name: "Review: Scope of Work" }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(item("Unit Rates")).getByRole("button", { name: "Review: Unit Rates" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(item("Letter of Credit")).getByRole("button", { name: "Update Status: Letter of Credit" }).textContent).toBe("Update Status");
  });

  it("offers Delete only where the API says the caller may delete (never on an approved exhibit)", async () => {
    routes({ "GET /api/contracts/c-1/exhibits": { status: 200, body: [exhibits[0]!, exhibits[1]!, { ...exhibits[2]!, abilities: { review: true, delete: false } }] } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    await screen.findByRole("article", { name: "Scope of Work" }, wait);
    expect(within(item("Scope of Work")).getByRole("button", { name: "Delete exhibit Scope of Work" })).toBeTruthy();
    expect(within(item("Unit Rates")).queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(within(item("Letter of Credit")).queryByRole("button", { name: /^Delete/ })).toBeNull();
  });

  it("shows no actions to a read-only user", async () => {
    routes({ "GET /api/contracts/c-1/exhibits": { status: 200, body: exhibits.map((e) => ({ ...e, abilities: { review: false, delete: false } })) } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, ["read"])} />);
    await screen.findByRole("article", { name: "Scope of Work" }, wait);
    expect(screen.queryByRole("button", { name: "Add exhibit" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Review/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
  });

  it("says so when there are no exhibits", async () => {
    fakeApi({ "GET /api/contracts/c-1/exhibits": { status: 200, body: [] }, "GET /api/contracts/c-1/reviewers": { status: 200, body: [] } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    expect(await screen.findByText(/No exhibits yet/, {}, wait)).toBeTruthy();
  });
});

async function openAddDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Add exhibit" }, wait));
  return screen.findByRole("dialog", { name: "Add exhibit" });
}

function submitAdd(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole("button", { name: "Add exhibit" }));
}

function multipartOf(fetchMock: Mock): FormData | undefined {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.body instanceof FormData);
  return call ? ((call[1] as RequestInit).body as FormData) : undefined;
}

describe("exhibitOrder", () => {
  it("sorts by exhibit number, numbers aware, then the ones without a number in the order they were added", () => {
    const numbered = (exhibitNumber: string | null, createdAt: string) => makeExhibit({ id: `${exhibitNumber}-${createdAt}`, exhibitNumber, createdAt });
    const sorted = [numbered("E", "1"), numbered(null, "2"), numbered("10", "3"), numbered("b", "4"), numbered("A", "5"), numbered("9", "6"), numbered(null, "0")].sort(exhibitOrder);
    expect(sorted.map((e) => e.exhibitNumber ?? `-${e.createdAt}`)).toEqual(["9", "10", "A", "b", "E", "-0", "-2"]);
  });
});

describe("Add exhibit", () => {
  it("asks for a title, then a file, in the spec's words, and sends nothing", async () => {
    const api = routes();
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const dialog = await openAddDialog();
    submitAdd(dialog);
    expect(currentToast()).toEqual({ title: "Missing Information", description: "Please provide a title.", variant: "destructive" });
    expect(within(dialog).getByText("Missing Information - Please provide a title.")).toBeTruthy();
    expect(within(dialog).getByText("Missing File - Please select a file or mark this as a planned exhibit.")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Bonds" } });
    submitAdd(dialog);
    expect(currentToast()).toEqual({ title: "Missing File", description: "Please select a file or mark this as a planned exhibit.", variant: "destructive" });
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses a file of another type in the picker", async () => {
    routes();
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText(/^File/), { target: { files: [new File(["png"], "site-photo.png", { type: "image/png" })] } });
    expect(within(dialog).getByRole("alert").textContent).toMatch(/^Invalid file type - Exhibits can be PDF/);
    expect(within(dialog).queryByText("site-photo.png")).toBeNull();
  });

  it("uploads a file with every field, says 'Exhibit Uploaded' and refreshes the list and the contract", async () => {
    let created = false;
    const api = routes({
      "POST /api/contracts/c-1/exhibits": () => {
        created = true;
        return { status: 201, body: makeExhibit({ id: "e-9", title: "Geotechnical Report" }) };
      },
      "GET /api/contracts/c-1/exhibits": () => ({ status: 200, body: created ? [...exhibits, makeExhibit({ id: "e-9", title: "Geotechnical Report" })] : exhibits }),
    });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Geotechnical Report" } });
    fireEvent.change(within(dialog).getByLabelText("Exhibit number"), { target: { value: "F" } });
    fireEvent.click(within(dialog).getByLabelText("Required exhibit"));
    fireEvent.change(within(dialog).getByLabelText("Expected date"), { target: { value: "2026-12-15" } });
    await within(dialog).findByRole("option", { name: "Marc Tremblay (Approver)" });
    fireEvent.change(within(dialog).getByLabelText("Assigned to"), { target: { value: "u-2" } });
    fireEvent.change(within(dialog).getByLabelText("Tags"), { target: { value: "geotech, site" } });
    fireEvent.change(within(dialog).getByLabelText(/^File/), { target: { files: [new File(["borehole logs"], "geotech.txt", { type: "text/plain" })] } });
    expect(within(dialog).getByText("geotech.txt")).toBeTruthy();
    submitAdd(dialog);

    await waitFor(() => expect(currentToast()?.title).toBe("Exhibit Uploaded"), wait);
    const form = multipartOf(globalThis.fetch as Mock)!;
    expect(form.get("title")).toBe("Geotechnical Report");
    expect(form.get("exhibitNumber")).toBe("F");
    expect(form.get("isRequired")).toBe("true");
    expect(form.get("isPlanned")).toBe("false");
    expect(form.get("expectedDate")).toBe("2026-12-15");
    expect(form.get("assignedTo")).toBe("u-2");
    expect(form.get("tags")).toBe("geotech, site");
    expect((form.get("file") as File).name).toBe("geotech.txt");
    expect(await screen.findByRole("article", { name: "Geotechnical Report" }, wait)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls.filter((c) => c.path === "/api/contracts/c-1/exhibits" && c.method === "GET").length).toBe(2);
  });

  it("adds a planned exhibit without a file", async () => {
    routes({ "POST /api/contracts/c-1/exhibits": { status: 201, body: makeExhibit({ title: "Bonds", isPlanned: true, status: "planned" }) } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Bonds" } });
    fireEvent.click(within(dialog).getByLabelText("Planned exhibit"));
    fireEvent.change(within(dialog).getByLabelText("Planned notes"), { target: { value: "From the surety" } });
    submitAdd(dialog);
    await waitFor(() => expect(currentToast()?.title).toBe("Exhibit Uploaded"), wait);
    const form = multipartOf(globalThis.fetch as Mock)!;
    expect(form.has("file")).toBe(false);
    expect(form.get("isPlanned")).toBe("true");
    expect(form.get("plannedNotes")).toBe("From the surety");
  });

  it("keeps everything typed when the upload fails, with the server's message", async () => {
    routes({ "POST /api/contracts/c-1/exhibits": { status: 415, body: { error: "unsupported_media_type", message: "Invalid file type - Exhibits can be PDF." } } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Rates" } });
    fireEvent.change(within(dialog).getByLabelText(/^File/), { target: { files: [new File(["not really"], "rates.pdf")] } });
    submitAdd(dialog);
    await waitFor(() => expect(currentToast()).toEqual({ title: "Upload Failed", description: "Invalid file type - Exhibits can be PDF.", variant: "destructive" }), wait);
    expect(within(dialog).getByRole("alert").textContent).toContain("Invalid file type - Exhibits can be PDF.");
    expect((within(dialog).getByLabelText("Title") as HTMLInputElement).value).toBe("Rates");
    expect(within(dialog).getByText("rates.pdf")).toBeTruthy();
  });

  it("says 'Please try again.' when the server cannot be reached", async () => {
    routes({ "POST /api/contracts/c-1/exhibits": offline });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Rates" } });
    fireEvent.click(within(dialog).getByLabelText("Planned exhibit"));
    submitAdd(dialog);
    await waitFor(() => expect(currentToast()).toEqual({ title: "Upload Failed", description: "Please try again.", variant: "destructive" }), wait);
  });

  it("keeps the draft when the dialog is closed and opened again", async () => {
    routes();
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    let dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Half-typed" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await openAddDialog();
    expect((within(dialog).getByLabelText("Title") as HTMLInputElement).value).toBe("Half-typed");
  });
});

describe("Review and delete", () => {
  it("needs a review status, then submits it with the notes", async () => {
    const api = routes({ "POST /api/exhibits/e-1/review": { status: 200, body: makeExhibit({ status: "approved" }) } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Review: Scope of Work" }, wait));
    const dialog = await screen.findByRole("dialog", { name: "Review exhibit" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit review" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Please select a review status.");
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("Review status"), { target: { value: "approved" } });
    fireEvent.change(within(dialog).getByLabelText(/^Notes/), { target: { value: "Matches the RFP." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit review" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Review Submitted"), wait);
    expect(api.calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/exhibits/e-1/review", body: { status: "approved", notes: "Matches the RFP." } });
  });

  it("says 'Review Failed' with the server's reason", async () => {
    routes({ "POST /api/exhibits/e-1/review": { status: 409, body: { error: "conflict", message: "This exhibit is already approved; its review can no longer be changed." } } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Review: Scope of Work" }, wait));
    const dialog = await screen.findByRole("dialog", { name: "Review exhibit" });
    fireEvent.change(within(dialog).getByLabelText("Review status"), { target: { value: "reviewed" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit review" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Review Failed"), wait);
    expect(currentToast()?.description).toBe("This exhibit is already approved; its review can no longer be changed.");
  });

  it("asks before deleting, then says 'Exhibit Deleted'", async () => {
    const api = routes({ "DELETE /api/exhibits/e-1": { status: 204 } });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete exhibit Scope of Work" }, wait));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete exhibit?" });
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Exhibit Deleted"), wait);
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/api/exhibits/e-1")).toBe(true);
  });

  it("says 'Delete Failed' / 'Please try again.' when the server cannot be reached", async () => {
    routes({ "DELETE /api/exhibits/e-1": offline });
    renderWithProviders(<ExhibitTracker contract={makeContract({}, REVIEWER_ABILITIES)} />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete exhibit Scope of Work" }, wait));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete exhibit?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(currentToast()).toEqual({ title: "Delete Failed", description: "Please try again.", variant: "destructive" }), wait);
  });
});
