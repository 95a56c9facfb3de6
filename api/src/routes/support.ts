import { Hono } from "hono";
import { SUPPORT_DESK_MESSAGES, createTicketRequest, knowledgeBaseQuery, ticketReplyRequest } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { createTicket } from "../commands/support/create-ticket";
import { replyToTicket } from "../commands/support/reply";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId, queryParams } from "../http/validate";
import { authorize } from "../policies";
import { presentArticle, presentReply, presentTicket, presentTicketDetail } from "../presenters/support";
import { listArticles, viewArticle } from "../support/articles";
import { supportContact } from "../support/contact";
import { canCreateTicket, canReplyAsRequester } from "../support/policy";
import { getTicketForUser, listReplies, listTicketsOfUser, ticketNotFound } from "../support/tickets";
import { notFound } from "../http/errors";

/** Billing spec §6: tickets need a signed-in user; the knowledge base and contact details are public. */
export const supportRoutes = new Hono<AppEnv>()
  .get("/support/tickets", async (c) => {
    const { user } = requireAuth(c);
    authorize(canCreateTicket(user));
    return c.json((await listTicketsOfUser(c.get("deps").db, user)).map(presentTicket));
  })
  .post("/support/tickets", async (c) => {
    const { user, company } = requireAuth(c);
    authorize(canCreateTicket(user), "Your account is not active, so it cannot raise support tickets.");
    const ticket = await jsonBody(c, createTicketRequest);
    const row = await createTicket(c.get("deps"), { actor: user, company, ticket });
    return c.json(presentTicket(row), 201);
  })
  .get("/support/tickets/:id", async (c) => {
    const { user } = requireAuth(c);
    // Loaded for the caller: a colleague's ticket they may not read is a 404, like a missing one.
    const { db } = c.get("deps");
    const ticket = await getTicketForUser(db, user, pathId(c, "id", ticketNotFound));
    return c.json(presentTicketDetail(ticket, await listReplies(db, ticket)));
  })
  .post("/support/tickets/:id/replies", async (c) => {
    const { user } = requireAuth(c);
    const { body } = await jsonBody(c, ticketReplyRequest);
    const ticket = await getTicketForUser(c.get("deps").db, user, pathId(c, "id", ticketNotFound));
    authorize(canReplyAsRequester(user, ticket), SUPPORT_DESK_MESSAGES.requesterOnly);
    const reply = await replyToTicket(c.get("deps"), { ticket, author: user, side: "requester", body });
    return c.json(presentReply({ reply, author: user }, { support: false }), 201);
  })
  .get("/support/knowledge-base", async (c) => {
    const { search } = queryParams(c, knowledgeBaseQuery);
    return c.json((await listArticles(c.get("deps").db, search)).map(presentArticle));
  })
  .get("/support/knowledge-base/:id", async (c) => {
    return c.json(presentArticle(await viewArticle(c.get("deps").db, pathId(c, "id", () => notFound("No such help article.")))));
  })
  .get("/support/contact", async (c) => c.json(await supportContact(c.get("deps").db, c.get("deps").config)));
