import { Hono } from "hono";
import { askQuestionRequest } from "@clausewise/shared";
import { askQuestion } from "../commands/questions/ask";
import { listQuestions } from "../commands/questions/list";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { authorize } from "../policies";
import { presentQuestion } from "../presenters/question";
import { loadReadableContract, READ_ONLY_MESSAGE } from "./document";
import { keyAccess } from "../http/key-access";

export const questionRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/questions", keyAccess("read"), async (c) => {
    const { contract } = await loadReadableContract(c);
    const rows = await listQuestions(c.get("deps").db, contract);
    return c.json(rows.map(presentQuestion));
  })
  .post("/contracts/:id/questions", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const request = await jsonBody(c, askQuestionRequest);
    const { user, contract, abilities } = await loadReadableContract(c);
    // Asking the AI is analysis: the same ability as running an analysis.
    authorize(abilities.analyze, READ_ONLY_MESSAGE);
    const question = await askQuestion({ deps: c.get("deps"), actor: user }, { contract, request });
    return c.json(presentQuestion(question), 201);
  });
