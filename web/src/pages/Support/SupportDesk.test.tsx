// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InboxTicketDetail, SupportTicket, SupportTicketDetail, TicketReply } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { SUPPORT_TICKET, makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";

resetBetweenPageTests();
const wait = { timeout: 10_000 };
const lastToast = () => useToastStore.getState().toasts[0];
const tab = async (name: string) => fireEvent.mouseDown(await screen.findByRole("tab", { name }, wait));

const TICKET = SUPPORT_TICKET;
const REPLY = { id: "r-1", side: "support" as const, authorName: "ClauseWise Support", body: "Which browser do you use?", createdAt: "2026-03-01T16:00:00.000Z" };
const DETAIL: SupportTicketDetail = { ...TICKET, replies: [REPLY] };
const CONTACT = { emails: { general: "help@cw.test", technical: "help@cw.test", billing: "billing@cw.test", sales: "sales@cw.test" }, postalAddress: ["ClauseWise Inc.", "Calgary, Alberta  T2P 2Z1"] };

describe("a ticket's conversation (requester)", () => {
  it("opens from the mailed link, shows support's reply and sends mine", async () => {
    let replies: TicketReply[] = [REPLY];
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser() },
      "GET /api/support/tickets": { status: 200, body: [TICKET] },
      "GET /api/support/knowledge-base": { status: 200, body: [] },
      [`GET /api/support/tickets/${TICKET.id}`]: () => ({ status: 200, body: { ...DETAIL, replies } }),
      [`POST /api/support/tickets/${TICKET.id}/replies`]: ({ body }) => {
        const reply = { id: "r-2", side: "requester", authorName: "Pat Morgan", body: (body as { body: string }).body, createdAt: "2026-03-01T17:00:00.000Z" } as const;
        replies = [...replies, reply];
        return { status: 201, body: reply };
      },
    });
    renderApp(`/support?ticket=${TICKET.id}`);
    const conversation = await screen.findByRole("list", { name: "Conversation" }, wait);
    expect(within(conversation).getByText("Which browser do you use?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send Reply" }));
    expect(await screen.findByText("Please write a reply.", undefined, wait)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reply to support"), { target: { value: "Firefox 128." } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reply" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Reply sent"), wait);
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ body: "Firefox 128." });
    expect(await within(conversation).findByText("Firefox 128.", undefined, wait)).toBeTruthy();
    expect((screen.getByLabelText("Reply to support") as HTMLTextAreaElement).value).toBe("");
  });
});

describe("the support inbox (platform operators)", () => {
  const operator = makeUser({ isPlatformAdmin: true }, ["support.desk"]);
  const inboxDetail: InboxTicketDetail = { ...DETAIL, companyName: "Northern EPC Ltd.", requester: { name: "Riley Chen", email: "riley@example.com" }, replyCount: 1, lastActivityAt: REPLY.createdAt, awaiting: "requester", replies: [{ ...REPLY, authorName: "ClauseWise Support (Olive)" }] };

  it("is a tab for operators only; lists tickets, answers one and sets its status", async () => {
    let status: SupportTicket["status"] = "in_progress";
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: operator },
      "GET /api/support/tickets": { status: 200, body: [] },
      "GET /api/support/knowledge-base": { status: 200, body: [] },
      "GET /api/admin/support/tickets": { status: 200, body: [{ ...inboxDetail, replies: undefined, awaiting: "support" }] },
      [`GET /api/admin/support/tickets/${TICKET.id}`]: () => ({ status: 200, body: { ...inboxDetail, status } }),
      [`POST /api/admin/support/tickets/${TICKET.id}/replies`]: { status: 201, body: { ...REPLY, id: "r-3" } },
      [`PATCH /api/admin/support/tickets/${TICKET.id}/status`]: ({ body }) => {
        status = (body as { status: SupportTicket["status"] }).status;
        return { status: 200, body: { ...inboxDetail, status } };
      },
    });
    renderApp("/support");
    await tab("Support Inbox");
    const inbox = await screen.findByRole("list", { name: "Support inbox" }, wait);
    expect(within(inbox).getByText("Awaiting reply")).toBeTruthy();
    fireEvent.click(within(inbox).getByText("Report download fails"));
    expect(await screen.findByText("ClauseWise Support (Olive)", { exact: false }, wait)).toBeTruthy();
    expect(screen.getByText(/riley@example.com/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reply to the requester (sent by e-mail)"), { target: { value: "Fixed in today's release." } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reply" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Reply sent"), wait);
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "resolved" } });
    await waitFor(() => expect(lastToast()?.title).toBe("Ticket updated"), wait);
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "resolved" });
  });

  it("is not offered to a company admin", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ role: "admin" }, ["team.manage"]) },
      "GET /api/support/knowledge-base": { status: 200, body: [] },
    });
    renderApp("/support");
    await screen.findByRole("tab", { name: "Contact Info" }, wait);
    expect(screen.queryByRole("tab", { name: "Support Inbox" })).toBeNull();
  });
});

describe("contact details", () => {
  it("group enquiries by address and let operators edit the address, refusing a bad postal code", async () => {
    const { calls } = fakeApi({
      "GET /api/auth/user": { status: 200, body: makeUser({ isPlatformAdmin: true }, ["support.desk"]) },
      "GET /api/support/knowledge-base": { status: 200, body: [] },
      "GET /api/support/contact": { status: 200, body: CONTACT },
      "GET /api/admin/support/contact": { status: 200, body: { billingEmail: "billing@cw.test", organization: "ClauseWise Inc.", city: "Calgary", country: "Canada" } },
      "PUT /api/admin/support/contact": { status: 200, body: CONTACT },
    });
    renderApp("/support");
    // Signed in, the page is mounted again under the signed-in routes: wait for that before choosing a tab.
    await screen.findByRole("tab", { name: "Support Inbox" }, wait);
    await tab("Contact Info");
    expect(await screen.findByText("General enquiries and technical support", undefined, wait)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "help@cw.test" })).toHaveLength(1);
    expect(screen.getByText(/^Calgary, Alberta\s+T2P 2Z1$/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Edit contact details" }));
    const dialog = await screen.findByRole("dialog", {}, wait);
    expect((within(dialog).getByLabelText("Organization") as HTMLInputElement).value).toBe("ClauseWise Inc.");
    fireEvent.change(within(dialog).getByLabelText("Postal code"), { target: { value: "12345" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter a Canadian postal code such as T2P 2Z1.", undefined, wait)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Postal code"), { target: { value: "T2P 2Z1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Contact details saved"), wait);
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ organization: "ClauseWise Inc.", city: "Calgary", postalCode: "T2P 2Z1", country: "Canada" });
  });
});
