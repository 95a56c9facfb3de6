import { Hono, type Context } from "hono";
import { SUPPORT_DESK_MESSAGES, inboxQuery, supportContactSettings, ticketReplyRequest, ticketStatusRequest } from "@clausewise/shared";
import { isPlatformAdmin } from "../auth/platform-admin";
import { replyToTicket } from "../commands/support/reply";
import { setTicketStatus } from "../commands/support/set-status";
import { updateSupportContact } from "../commands/support/update-contact";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId, queryParams } from "../http/validate";
import { authorize } from "../policies";
import { presentInboxTicket, presentInboxTicketDetail, presentReply } from "../presenters/support";
import { loadContactSettings, supportContact } from "../support/contact";
import { getInboxTicket, listInbox } from "../support/inbox";
import { canActAsSupport } from "../support/policy";
import { listReplies, ticketNotFound } from "../support/tickets";

/** Platform operators only: support is the platform's (PLATFORM_ADMIN_EMAILS), not a company role. */
function support(c: Context<AppEnv>) {
  const { user } = requireAuth(c);
  const platform = isPlatformAdmin(user, c.get("deps").config);
  return { user, platform };
}

/**
 * A ticket for support. Loaded before the operator check, narrowed to the caller's company unless they
 * are an operator: another company's ticket answers 404, as everywhere, and a colleague's 403.
 */
async function ticketForSupport(c: Context<AppEnv>) {
  const { user, platform } = support(c);
  const row = await getInboxTicket(c.get("deps").db, pathId(c, "id", ticketNotFound), platform ? null : user.companyId);
  authorize(canActAsSupport(user, { isPlatformAdmin: platform }), SUPPORT_DESK_MESSAGES.operatorsOnly);
  return { user, row };
}

function operator(c: Context<AppEnv>) {
  const { user, platform } = support(c);
  authorize(canActAsSupport(user, { isPlatformAdmin: platform }), SUPPORT_DESK_MESSAGES.operatorsOnly);
  return user;
}

async function detail(c: Context<AppEnv>, id: string) {
  const { db } = c.get("deps");
  const row = await getInboxTicket(db, id, null);
  return presentInboxTicketDetail(row, await listReplies(db, row.ticket));
}

/** The support desk (issue 16): the inbox, support's replies and statuses, the contact details. */
export const supportDeskRoutes = new Hono<AppEnv>()
  .get("/admin/support/tickets", async (c) => {
    operator(c);
    const query = queryParams(c, inboxQuery);
    return c.json((await listInbox(c.get("deps").db, query)).map(presentInboxTicket));
  })
  .get("/admin/support/tickets/:id", async (c) => {
    const { row } = await ticketForSupport(c);
    return c.json(await detail(c, row.ticket.id));
  })
  .post("/admin/support/tickets/:id/replies", async (c) => {
    const { user, row } = await ticketForSupport(c);
    const { body } = await jsonBody(c, ticketReplyRequest);
    const reply = await replyToTicket(c.get("deps"), { ticket: row.ticket, author: user, side: "support", body });
    return c.json(presentReply({ reply, author: user }, { support: true }), 201);
  })
  .patch("/admin/support/tickets/:id/status", async (c) => {
    const { user, row } = await ticketForSupport(c);
    const { status } = await jsonBody(c, ticketStatusRequest);
    await setTicketStatus(c.get("deps"), { ticket: row.ticket, actor: user, status });
    return c.json(await detail(c, row.ticket.id));
  })
  .get("/admin/support/contact", async (c) => {
    operator(c);
    return c.json(await loadContactSettings(c.get("deps").db));
  })
  .put("/admin/support/contact", async (c) => {
    const user = operator(c);
    const settings = await jsonBody(c, supportContactSettings);
    await updateSupportContact(c.get("deps"), { actor: user, settings });
    return c.json(await supportContact(c.get("deps").db, c.get("deps").config));
  });
