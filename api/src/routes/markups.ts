import { Hono } from "hono";
import { createMarkupRequest } from "@clausewise/shared";
import { createMarkup } from "../commands/markups/create";
import { listMarkups } from "../commands/markups/list";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { authorize } from "../policies";
import { presentMarkup } from "../presenters/markup";
import { loadReadableContract, READ_ONLY_MESSAGE } from "./document";
import { keyAccess } from "../http/key-access";

export const markupRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/markups", keyAccess("read"), async (c) => {
    const { contract } = await loadReadableContract(c);
    const rows = await listMarkups(c.get("deps").db, contract);
    return c.json(rows.map((row) => presentMarkup(row.markup, row.author)));
  })
  .post("/contracts/:id/markups", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const request = await jsonBody(c, createMarkupRequest);
    const { user, contract, abilities } = await loadReadableContract(c);
    authorize(abilities.comment, READ_ONLY_MESSAGE);
    const markup = await createMarkup({ deps: c.get("deps"), actor: user }, { contract, request });
    return c.json(presentMarkup(markup, user), 201);
  });
