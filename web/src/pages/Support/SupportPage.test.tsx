// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import type { KnowledgeBaseArticle } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi, signedOut } from "../../test/fake-api";
import { SUPPORT_TICKET, makeUser } from "../../test/fixtures";
import { renderApp, renderWithProviders, resetBetweenPageTests } from "../../test/render-app";
import { SupportPage } from "./SupportPage";

const wait = { timeout: 5000 };

const TICKET = SUPPORT_TICKET;

const ARTICLES: KnowledgeBaseArticle[] = [
  {
    id: "a1",
    slug: "uploading-contracts",
    title: "Uploading a contract",
    content: "Upload PDF or Word files.\n\nLimits:\n- At most 10 MB.\n- Scanned PDFs are read with OCR.",
    category: "Getting started",
    viewCount: 3,
    tags: ["upload"],
  },
  { id: "a2", slug: "asking-questions", title: "Asking questions", content: "Ask in plain language.", category: "AI analysis", viewCount: 0, tags: [] },
];

const CONTACT = { emails: { general: "help@cw.test", technical: "help@cw.test", billing: "help@cw.test", sales: "help@cw.test" }, postalAddress: ["ClauseWise Support", "Calgary, Alberta"] };

const lastToast = () => useToastStore.getState().toasts[0];
const tab = async (name: string) => fireEvent.mouseDown(await screen.findByRole("tab", { name }, wait));

function signedInRoutes(extra: Record<string, { status: number; body?: unknown } | ((r: { url: URL; body: unknown }) => { status: number; body?: unknown })> = {}) {
  return {
    "GET /api/auth/user": { status: 200, body: makeUser() },
    "GET /api/support/tickets": { status: 200, body: [TICKET] },
    "GET /api/support/knowledge-base": { status: 200, body: ARTICLES },
    "GET /api/support/contact": { status: 200, body: CONTACT },
    ...extra,
  };
}

function renderSignedInPage(onLoginRequired = vi.fn()) {
  renderWithProviders(
    <MemoryRouter initialEntries={["/support"]}>
      <SupportPage onLoginRequired={onLoginRequired} />
    </MemoryRouter>,
  );
  return onLoginRequired;
}

async function fillTicket(values: { subject?: string; description?: string; category?: string; priority?: string }) {
  if (values.subject !== undefined) fireEvent.change(await screen.findByRole("textbox", { name: "Subject" }, wait), { target: { value: values.subject } });
  if (values.description !== undefined) fireEvent.change(screen.getByRole("textbox", { name: "Description" }), { target: { value: values.description } });
  if (values.category !== undefined) fireEvent.change(screen.getByRole("combobox", { name: "Category" }), { target: { value: values.category } });
  if (values.priority !== undefined) fireEvent.change(screen.getByRole("combobox", { name: "Priority" }), { target: { value: values.priority } });
}

const GOOD = { subject: "Report download fails", description: "The AI analysis report download fails every time.", category: "technical", priority: "urgent" };

resetBetweenPageTests();

describe("support page: tickets", () => {
  it("shows the spec's validation messages and sends nothing", async () => {
    const { calls } = fakeApi(signedInRoutes());
    renderSignedInPage();
    await fillTicket({ subject: "Help", description: "Too short.", priority: "" });
    await waitFor(() => expect((screen.getByRole("button", { name: "Submit Ticket" }) as HTMLButtonElement).disabled).toBe(false), wait);
    fireEvent.click(screen.getByRole("button", { name: "Submit Ticket" }));
    expect(await screen.findByText("Subject must be at least 5 characters", undefined, wait)).toBeTruthy();
    expect(screen.getByText("Description must be at least 20 characters")).toBeTruthy();
    expect(screen.getByText("Please select a category")).toBeTruthy();
    expect(screen.getByText("Please select a priority level")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("submits the ticket, says so and resets the form", async () => {
    const { calls } = fakeApi(signedInRoutes({ "POST /api/support/tickets": { status: 201, body: TICKET } }));
    renderSignedInPage();
    await fillTicket({ ...GOOD, subject: "  Report download fails  " });
    await waitFor(() => expect((screen.getByRole("button", { name: "Submit Ticket" }) as HTMLButtonElement).disabled).toBe(false), wait);
    fireEvent.click(screen.getByRole("button", { name: "Submit Ticket" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Support Ticket Created"), wait);
    expect(lastToast()?.description).toBe("Your support ticket has been submitted. We'll respond within 24 hours.");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ ...GOOD, subject: "Report download fails" });
    expect((screen.getByRole("textbox", { name: "Subject" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("combobox", { name: "Priority" }) as HTMLSelectElement).value).toBe("medium");
  });

  it("says 'Authentication Required' on a 401 and goes to sign-in after 1 second", async () => {
    fakeApi(signedInRoutes({ "POST /api/support/tickets": signedOut }));
    const onLoginRequired = renderSignedInPage();
    await fillTicket(GOOD);
    await waitFor(() => expect((screen.getByRole("button", { name: "Submit Ticket" }) as HTMLButtonElement).disabled).toBe(false), wait);
    fireEvent.click(screen.getByRole("button", { name: "Submit Ticket" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Authentication Required"), wait);
    expect(lastToast()?.description).toBe("Please log in to create a support ticket.");
    expect(onLoginRequired).not.toHaveBeenCalled();
    await waitFor(() => expect(onLoginRequired).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it("shows the generic error toast on any other failure", async () => {
    fakeApi(signedInRoutes({ "POST /api/support/tickets": { status: 500, body: { error: "internal", message: "Something went wrong." } } }));
    renderSignedInPage();
    await fillTicket(GOOD);
    await waitFor(() => expect((screen.getByRole("button", { name: "Submit Ticket" }) as HTMLButtonElement).disabled).toBe(false), wait);
    fireEvent.click(screen.getByRole("button", { name: "Submit Ticket" }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: "Error", description: "Failed to create support ticket. Please try again.", variant: "destructive" }), wait);
  });

  it("lists my tickets with the id's last 8 characters and their status", async () => {
    fakeApi(signedInRoutes());
    renderSignedInPage();
    await tab("My Tickets");
    const list = await screen.findByRole("list", { name: "My support tickets" }, wait);
    expect(within(list).getByText("Report download fails")).toBeTruthy();
    expect(within(list).getByText("#3c4d5e6f")).toBeTruthy();
    expect(within(list).getByText("In Progress")).toBeTruthy();
    expect(within(list).getByText("High")).toBeTruthy();
  });

  it("shows the empty state when I have no tickets", async () => {
    fakeApi(signedInRoutes({ "GET /api/support/tickets": { status: 200, body: [] } }));
    renderSignedInPage();
    await tab("My Tickets");
    expect(await screen.findByText("No support tickets found. Create your first ticket above!", undefined, wait)).toBeTruthy();
  });
});

describe("support page: signed out", () => {
  it("disables Submit, asks to log in for tickets and never asks for them", async () => {
    const { calls } = fakeApi({ "GET /api/auth/user": signedOut, "GET /api/support/knowledge-base": { status: 200, body: ARTICLES } });
    renderApp("/support");
    expect(((await screen.findByRole("button", { name: "Submit Ticket" }, wait)) as HTMLButtonElement).disabled).toBe(true);
    await tab("My Tickets");
    expect(await screen.findByText("Please log in to view and create support tickets.", undefined, wait)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log In" })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/support/tickets"))).toBe(false);
  });

  it("reads and searches the public help center, with both empty states", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/support/knowledge-base": ({ url }) => {
        const search = url.searchParams.get("search")?.toLowerCase() ?? "";
        return { status: 200, body: ARTICLES.filter((a) => a.title.toLowerCase().includes(search) || a.content.toLowerCase().includes(search)) };
      },
      "GET /api/support/knowledge-base/a1": { status: 200, body: { ...ARTICLES[0], viewCount: 4 } },
    });
    renderApp("/support");
    await tab("Help Center");
    const list = await screen.findByRole("list", { name: "Help articles" }, wait);
    expect(within(list).getAllByRole("listitem").length).toBeGreaterThanOrEqual(2);

    fireEvent.click(within(list).getByRole("button", { name: /Uploading a contract/ }));
    expect(await screen.findByText("At most 10 MB.", undefined, wait)).toBeTruthy();
    expect(await screen.findByText("4 views", undefined, wait)).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search help articles" }), { target: { value: "OCR" } });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/support/knowledge-base?search=OCR")).toBe(true), wait);
    await waitFor(() => expect(screen.queryByText("Asking questions")).toBeNull(), wait);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search help articles" }), { target: { value: "xylophone" } });
    expect(await screen.findByText("No articles found matching your search.", undefined, wait)).toBeTruthy();
  });

  it("says when there are no articles at all", async () => {
    fakeApi({ "GET /api/auth/user": signedOut, "GET /api/support/knowledge-base": { status: 200, body: [] } });
    renderApp("/support");
    await tab("Help Center");
    expect(await screen.findByText("No help articles available.", undefined, wait)).toBeTruthy();
  });

  it("shows contact addresses, business hours and the response targets of spec §9", async () => {
    fakeApi({ "GET /api/auth/user": signedOut, "GET /api/support/contact": { status: 200, body: CONTACT } });
    renderApp("/support");
    await tab("Contact Info");
    // One address for every kind of enquiry: shown once, not four times.
    expect(await screen.findByText("All enquiries", undefined, wait)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "help@cw.test" })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Edit contact details" })).toBeNull();
    expect(screen.getByText("Monday to Friday, 8:00 AM to 6:00 PM MST")).toBeTruthy();
    expect(screen.getByText("24/7 emergency support for Enterprise customers")).toBeTruthy();
    for (const [priority, target] of [["Urgent", "within 2 hours"], ["High", "within 8 hours"], ["Medium", "within 24 hours"], ["Low", "within 48 hours"]]) {
      expect(screen.getByText(priority!).nextElementSibling?.textContent).toBe(target);
    }
    expect(screen.getByText("Calgary, Alberta")).toBeTruthy();
  });
});
