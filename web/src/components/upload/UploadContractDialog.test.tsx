// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

const wait = { timeout: 5000 };
const admin = makeUser({ role: "admin" }, ["contract.upload"]);

const uploaded = {
  id: "c-new",
  title: "Wapiti Ridge EPC",
  client: "Prairie Midstream Inc.",
  status: "under_review",
  priority: "medium",
  contractType: null,
  version: 1,
  updatedAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  reviewDeadline: null,
  approvalDeadline: null,
  reviewerId: null,
  content: "<p>Text</p>",
  storageConsent: false,
  hasOriginalFile: false,
  fileName: "Wapiti Ridge EPC.pdf",
  submittedAt: null,
  completedAt: null,
  abilities: {},
  warnings: [],
  analysisQueued: true,
};

function lastToast() {
  const [toast] = useToastStore.getState().toasts;
  return toast ? { title: toast.title, description: toast.description } : undefined;
}

/** The FormData of the POST /api/contracts the page sent (the fake API only records JSON bodies). */
function sentForm(): FormData {
  const call = vi
    .mocked(fetch)
    .mock.calls.find(([input, init]) => String(input) === "/api/contracts" && init?.method === "POST");
  if (!(call?.[1]?.body instanceof FormData)) throw new Error("No multipart upload was sent");
  return call[1].body;
}

async function openDialog(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    "GET /api/auth/user": { status: 200, body: admin },
    "GET /api/contracts": { status: 200, body: [] },
    ...routes,
  });
  const app = renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Upload Contract" }, wait));
  const dialog = await screen.findByRole("dialog", { name: "Upload Contract" });
  const fileInput = within(dialog).getByLabelText<HTMLInputElement>("Select contract file");
  const choose = (file: File) => fireEvent.change(fileInput, { target: { files: [file] } });
  const uploadButton = within(dialog).getByRole("button", { name: "Upload" });
  const title = within(dialog).getByLabelText<HTMLInputElement>("Title");
  const consent = within(dialog).getByLabelText(/consent to the processing/);
  return { ...api, ...app, dialog, fileInput, choose, uploadButton, title, consent };
}

function pdf(name = "Wapiti Ridge EPC.pdf", size?: number) {
  const file = new File(["%PDF-1.4 test"], name, { type: "application/pdf" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
}

resetBetweenPageTests();

describe("upload contract dialog", () => {
  it("refuses a file of another type and clears it", async () => {
    const { dialog, choose, fileInput } = await openDialog();
    choose(new File(["x"], "budget.xlsx"));
    expect(lastToast()).toEqual({ title: "Invalid file type", description: "Please select a PDF, Word document, or text file." });
    expect(await screen.findByText("Invalid file type")).toBeTruthy();
    expect(fileInput.value).toBe("");
    expect(within(dialog).queryByText("budget.xlsx")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Choose file" })).toBeTruthy();
  });

  it("refuses a file over 10 MB and clears the one chosen before", async () => {
    const { dialog, choose } = await openDialog();
    choose(pdf("first.pdf"));
    expect(within(dialog).getByText("first.pdf")).toBeTruthy();
    choose(pdf("huge.pdf", MAX_UPLOAD_BYTES + 1));
    expect(lastToast()).toEqual({ title: "File too large", description: "Please select a file smaller than 10MB." });
    expect(within(dialog).queryByText("huge.pdf")).toBeNull();
    expect(within(dialog).queryByText("first.pdf")).toBeNull();
  });

  it("shows the file's name and size and proposes a title from it, never over the user's own", async () => {
    const { dialog, choose, title } = await openDialog();
    choose(pdf("Wapiti Ridge EPC.pdf", 2_465_000));
    expect(within(dialog).getByText("Wapiti Ridge EPC.pdf")).toBeTruthy();
    expect(within(dialog).getByText("2.35 MB")).toBeTruthy();
    expect(title.value).toBe("Wapiti Ridge EPC");

    // Another file replaces a proposed title…
    choose(pdf("Steel Subcontract.docx"));
    expect(title.value).toBe("Steel Subcontract");
    // …but not one the user typed.
    fireEvent.change(title, { target: { value: "My title" } });
    choose(pdf("Other.txt"));
    expect(title.value).toBe("My title");
  });

  it("sends which party the company is when the uploader says so", async () => {
    const { dialog, choose, uploadButton, consent } = await openDialog({
      "POST /api/contracts": { status: 201, body: uploaded },
      "GET /api/contracts/c-new": { status: 200, body: uploaded },
    });
    choose(pdf());
    const side = within(dialog).getByLabelText("Your company is the") as HTMLSelectElement;
    expect(side.value).toBe("");
    fireEvent.change(side, { target: { value: "Owner" } });
    fireEvent.click(consent);
    fireEvent.click(uploadButton);
    await waitFor(() => expect(sentForm().get("ourPartyRole")).toBe("Owner"));
  });

  it("keeps Upload disabled until file, title and consent are there, and says what is missing if forced", async () => {
    const { choose, uploadButton, consent } = await openDialog();
    expect(uploadButton.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(uploadButton);
    expect(lastToast()).toEqual({
      title: "Missing information",
      description: "Please fill in all required fields and consent to processing.",
    });

    choose(pdf());
    expect(uploadButton.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(consent);
    expect(uploadButton.getAttribute("aria-disabled")).toBeNull();
  });

  it("uploads, says so, refreshes the list and opens the new contract", async () => {
    const { calls, dialog, choose, uploadButton, consent } = await openDialog({
      "POST /api/contracts": { status: 201, body: uploaded },
      "GET /api/contracts/c-new": { status: 200, body: uploaded },
    });
    const listReads = () => calls.filter((c) => c.method === "GET" && c.path.split("?")[0] === "/api/contracts");
    await waitFor(() => expect(listReads()).toHaveLength(1));
    choose(pdf());
    fireEvent.change(within(dialog).getByLabelText("Client"), { target: { value: "  Prairie Midstream Inc. " } });
    fireEvent.click(within(dialog).getByLabelText("Store the original file"));
    fireEvent.click(consent);
    fireEvent.click(uploadButton);

    await waitFor(() => expect(lastToast()).toEqual({ title: "Contract uploaded", description: "Your contract has been uploaded and is being analyzed." }));
    const form = sentForm();
    expect((form.get("file") as File).name).toBe("Wapiti Ridge EPC.pdf");
    expect(form.get("title")).toBe("Wapiti Ridge EPC");
    expect(form.get("client")).toBe("Prairie Midstream Inc.");
    expect(form.get("priority")).toBe("medium");
    expect(form.get("storageConsent")).toBe("true");
    expect(form.get("processingConsent")).toBe("true");
    expect(form.has("reviewDeadline")).toBe(false);
    expect(form.has("approvalDeadline")).toBe(false);
    // Left on "detect", the server reads our party from the company's name.
    expect(form.has("ourPartyRole")).toBe(false);

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upload Contract" })).toBeNull());
    await waitFor(() => expect(calls.some((c) => c.method === "GET" && c.path === "/api/contracts/c-new")).toBe(true), wait);
    expect(listReads().length).toBeGreaterThanOrEqual(2);
    // The API notifies the uploader: the bell asks again.
    expect(calls.filter((c) => c.path === "/api/notifications/unread-count").length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's reason when the upload fails and keeps everything entered", async () => {
    const message = "This PDF has no text layer (it looks like a scanned image). Text recognition for scanned documents is not available yet.";
    const { dialog, choose, uploadButton, consent, title } = await openDialog({
      "POST /api/contracts": { status: 400, body: { error: "validation_failed", message } },
    });
    choose(pdf("scan.pdf"));
    fireEvent.click(consent);
    fireEvent.click(uploadButton);
    await waitFor(() => expect(lastToast()).toEqual({ title: "Upload failed", description: message }));
    expect(screen.getByRole("dialog", { name: "Upload Contract" })).toBe(dialog);
    expect(within(dialog).getByText("scan.pdf")).toBeTruthy();
    expect(title.value).toBe("scan");
    expect((consent as HTMLInputElement).checked).toBe(true);
    expect(uploadButton.getAttribute("aria-disabled")).toBeNull();
  });

  it("falls back to the spec's text when the answer is not the API's own, or there is none", async () => {
    const { choose, uploadButton, consent } = await openDialog({
      "POST /api/contracts": { status: 502, body: "<html><h1>502 Bad Gateway</h1></html>" },
    });
    const failed = { title: "Upload failed", description: "Failed to upload contract. Please try again." };
    choose(pdf());
    fireEvent.click(consent);
    fireEvent.click(uploadButton);
    await waitFor(() => expect(lastToast()).toEqual(failed));

    useToastStore.setState({ toasts: [] });
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fireEvent.click(uploadButton);
    await waitFor(() => expect(lastToast()).toEqual(failed));
  });

  it("leaves a lost session to the app's sign-in redirect", async () => {
    const { choose, uploadButton, consent, onSessionEnded } = await openDialog({
      "POST /api/contracts": { status: 401, body: { error: "unauthorized", message: "Unauthorized" } },
    });
    choose(pdf());
    fireEvent.click(consent);
    fireEvent.click(uploadButton);
    await waitFor(() => expect(lastToast()).toEqual({ title: "Unauthorized", description: "You are logged out. Logging in again..." }));
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalled(), wait);
  });

  it("holds an upload whose deadlines cannot work, and shows the server's word beside a field", async () => {
    const { calls, dialog, choose, uploadButton, consent } = await openDialog({
      "POST /api/contracts": {
        status: 400,
        body: {
          error: "validation_failed",
          message: "The title can be at most 300 characters.",
          fields: { title: "The title can be at most 300 characters." },
        },
      },
    });
    choose(pdf());
    fireEvent.click(consent);
    const approval = within(dialog).getByLabelText<HTMLInputElement>("Approval deadline");
    fireEvent.change(approval, { target: { value: "2020-01-01" } });
    expect(within(dialog).getByText("The approval deadline cannot be in the past.")).toBeTruthy();
    expect(approval.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(uploadButton);
    expect(document.activeElement).toBe(approval);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(approval, { target: { value: "" } });
    fireEvent.click(uploadButton);
    expect(await within(dialog).findByText("The title can be at most 300 characters.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
  });

  it("explains the review deadline computed from the priority", async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(/If empty: .*10 business days for medium priority/)).toBeTruthy();
    expect(within(dialog).getByText(/urgent 2, high 5, medium 10, low 20 business days/)).toBeTruthy();
  });

  it("starts afresh after Cancel or Escape: no file, title, consent or choices of the abandoned form", async () => {
    const { dialog, choose, title, consent } = await openDialog();
    choose(pdf());
    fireEvent.change(within(dialog).getByLabelText("Client"), { target: { value: "Prairie Midstream Inc." } });
    fireEvent.click(consent);
    expect(title.value).toBe("Wapiti Ridge EPC");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upload Contract" })).toBeNull());

    for (const closeBy of ["Cancel", "Escape"] as const) {
      fireEvent.click(screen.getByRole("button", { name: "Upload Contract" }));
      const again = await screen.findByRole("dialog", { name: "Upload Contract" });
      expect(within(again).getByLabelText<HTMLInputElement>("Title").value).toBe("");
      expect(within(again).getByLabelText<HTMLInputElement>("Client").value).toBe("");
      expect(within(again).getByLabelText<HTMLInputElement>(/consent to the processing/).checked).toBe(false);
      expect(within(again).getByRole("button", { name: "Upload" }).getAttribute("aria-disabled")).toBe("true");
      fireEvent.change(within(again).getByLabelText("Title"), { target: { value: "Typed then abandoned" } });
      if (closeBy === "Cancel") fireEvent.click(within(again).getByRole("button", { name: "Cancel" }));
      else fireEvent.keyDown(again, { key: "Escape" });
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upload Contract" })).toBeNull());
    }
  });

  it("does not say the contract is being analysed when the company's AI review is off", async () => {
    const notAnalysed = { ...uploaded, analysisQueued: false };
    const { choose, uploadButton, consent } = await openDialog({
      "POST /api/contracts": { status: 201, body: notAnalysed },
      "GET /api/contracts/c-new": { status: 200, body: notAnalysed },
    });
    choose(pdf());
    fireEvent.click(consent);
    fireEvent.click(uploadButton);
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: "Contract uploaded",
        description: "Your contract has been uploaded. AI analysis is turned off for your company, so it was not analyzed.",
      }),
    );
  });
});
