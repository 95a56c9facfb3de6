import { Hono } from "hono";
import { listContractReviewers } from "../commands/documents/reviewers";
import type { AppEnv } from "../context";
import { presentReviewer } from "../presenters/reviewer";
import { loadReadableContract } from "./document";
import { keyAccess } from "../http/key-access";

export const reviewerRoutes = new Hono<AppEnv>().get("/contracts/:id/reviewers", keyAccess("read"), async (c) => {
  const { contract } = await loadReadableContract(c);
  const rows = await listContractReviewers(c.get("deps").db, contract);
  return c.json(rows.map(presentReviewer));
});
