import { Hono, type Context } from "hono";
import { z } from "zod";
import { createExhibitFields, reviewExhibitRequest, type ContractAbility } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { safeFileName } from "../commands/contracts/content-disposition";
import { parseForm, readForm, uploadBodyLimit } from "../commands/contracts/form";
import { createExhibit } from "../commands/exhibits/create";
import { deleteExhibit } from "../commands/exhibits/delete";
import { validateExhibitFile } from "../commands/exhibits/file-type";
import { exhibitFile, getExhibitForUser, listExhibits } from "../commands/exhibits/load";
import { reviewExhibit } from "../commands/exhibits/review";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { getContractForUser } from "../loaders/contract";
import { authorize, contractAbilities } from "../policies";
import { presentExhibit } from "../presenters/exhibit";
import { sendAttachment } from "./downloads";

const FORBIDDEN: Partial<Record<ContractAbility, string>> = {
  read: "You do not have access to this contract.",
  manageExhibits: "You do not have permission to add or delete exhibits on this contract.",
  reviewExhibits: "You do not have permission to review exhibits on this contract.",
};

async function contractFor(c: Context<AppEnv>, ability: ContractAbility) {
  const { user } = requireAuth(c);
  const { contract, grant } = await getContractForUser(c.get("deps").db, { id: c.req.param("id") ?? "", companyId: user.companyId, userId: user.id });
  authorize(contractAbilities(user, contract, grant)[ability], FORBIDDEN[ability]);
  return { user, contract };
}

async function exhibitFor(c: Context<AppEnv>, ability: ContractAbility) {
  const { user } = requireAuth(c);
  const { exhibit, contract, grant } = await getExhibitForUser(c.get("deps").db, { id: c.req.param("id") ?? "", companyId: user.companyId, userId: user.id });
  authorize(contractAbilities(user, contract, grant)[ability], FORBIDDEN[ability]);
  return { user, exhibit };
}

export const exhibitRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/exhibits", async (c) => {
    const { contract } = await contractFor(c, "read");
    const now = c.get("deps").now();
    return c.json((await listExhibits(c.get("deps").db, contract)).map((row) => presentExhibit(row, now)));
  })
  .post(
    "/contracts/:id/exhibits",
    async (c, next) => {
      await contractFor(c, "manageExhibits");
      await next();
    },
    uploadBodyLimit(),
    async (c) => {
      const { user, contract } = await contractFor(c, "manageExhibits");
      const form = await readForm(c.req, c.req.header("content-type"));
      const fields = parseForm(createExhibitFields, form.fields);
      let file = null;
      if (form.file) {
        const name = safeFileName(form.file.name, "exhibit");
        const bytes = new Uint8Array(await form.file.arrayBuffer());
        file = { name, bytes, mimeType: (await validateExhibitFile(name, bytes)).mimeType };
      }
      const exhibit = await createExhibit(c.get("deps"), { actor: user, contract, fields, file });
      return c.json(presentExhibit(exhibit, c.get("deps").now()), 201);
    },
  )
  .get("/exhibits/:id/file", async (c) => {
    const { exhibit } = await exhibitFor(c, "read");
    const bytes = await exhibitFile(c.get("deps").db, exhibit);
    return sendAttachment(c, { bytes, fileName: exhibit.fileName ?? "exhibit", contentType: exhibit.mimeType ?? "application/octet-stream" });
  })
  .post("/exhibits/:id/review", async (c) => {
    requireAuth(c);
    // The spec's message is the whole text ('Please select a review status.'), without a field prefix.
    const review = parseForm(reviewExhibitRequest, await jsonBody(c, z.unknown()));
    const { user, exhibit } = await exhibitFor(c, "reviewExhibits");
    const updated = await reviewExhibit(c.get("deps"), { actor: user, exhibitId: exhibit.id, review });
    return c.json(presentExhibit(updated, c.get("deps").now()));
  })
  .delete("/exhibits/:id", async (c) => {
    const { user, exhibit } = await exhibitFor(c, "manageExhibits");
    await deleteExhibit(c.get("deps"), { actor: user, exhibitId: exhibit.id });
    return c.body(null, 204);
  });
