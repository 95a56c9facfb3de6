import { Hono } from "hono";
import { createTicketRequest, knowledgeBaseQuery } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { createTicket } from "../commands/support/create-ticket";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId, queryParams } from "../http/validate";
import { authorize } from "../policies";
import { presentArticle, presentTicket } from "../presenters/support";
import { listArticles, viewArticle } from "../support/articles";
import { supportContact } from "../support/contact";
import { canCreateTicket } from "../support/policy";
import { getTicketForUser, listTicketsOfUser, ticketNotFound } from "../support/tickets";
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
    const ticket = await getTicketForUser(c.get("deps").db, user, pathId(c, "id", ticketNotFound));
    return c.json(presentTicket(ticket));
  })
  .get("/support/knowledge-base", async (c) => {
    const { search } = queryParams(c, knowledgeBaseQuery);
    return c.json((await listArticles(c.get("deps").db, search)).map(presentArticle));
  })
  .get("/support/knowledge-base/:id", async (c) => {
    return c.json(presentArticle(await viewArticle(c.get("deps").db, pathId(c, "id", () => notFound("No such help article.")))));
  })
  .get("/support/contact", (c) => c.json(supportContact(c.get("deps").config)));
