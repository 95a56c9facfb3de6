import { Hono, type Context } from "hono";
import { z } from "zod";
import { createExhibitFields, dateOnlyIn, EXHIBIT_MESSAGES, reviewExhibitRequest, type ContractAbility } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { safeFileName } from "../commands/contracts/content-disposition";
import { safeTimeZone } from "../commands/contracts/dates";
import { parseForm, readForm, uploadBodyLimit } from "../commands/contracts/form";
import { createExhibit } from "../commands/exhibits/create";
import { deleteExhibit } from "../commands/exhibits/delete";
import { validateExhibitFile } from "../commands/exhibits/file-type";
import { exhibitFile, getExhibitForUser, listExhibits, type ExhibitRow } from "../commands/exhibits/load";
import { reviewExhibit } from "../commands/exhibits/review";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { getContractForUser, type ContractAccessRow, type ContractRow } from "../loaders/contract";
import type { UserRow } from "../auth/sessions";
import { authorize, canDeleteExhibit, contractAbilities, exhibitAbilities } from "../policies";
import { presentExhibit } from "../presenters/exhibit";
import { sendAttachment } from "./downloads";
import { keyAccess } from "../http/key-access";

const FORBIDDEN: Partial<Record<ContractAbility, string>> = {
  read: "You do not have access to this contract.",
  manageExhibits: "You do not have permission to add or delete exhibits on this contract.",
  reviewExhibits: "You do not have permission to review exhibits on this contract.",
};

async function contractFor(c: Context<AppEnv>, ability: ContractAbility) {
  const { user } = requireAuth(c);
  const { contract, grant } = await getContractForUser(c.get("deps").db, { id: c.req.param("id") ?? "", companyId: user.companyId, userId: user.id });
  authorize(contractAbilities(user, contract, grant)[ability], FORBIDDEN[ability]);
  return { user, contract, grant };
}

async function exhibitFor(c: Context<AppEnv>, ability: ContractAbility | "deleteExhibit") {
  const { user } = requireAuth(c);
  const { exhibit, contract, grant } = await getExhibitForUser(c.get("deps").db, { id: c.req.param("id") ?? "", companyId: user.companyId, userId: user.id });
  if (ability === "deleteExhibit") authorize(canDeleteExhibit(user, contract, grant, exhibit), EXHIBIT_MESSAGES.deleteForbidden);
  else authorize(contractAbilities(user, contract, grant)[ability], FORBIDDEN[ability]);
  return { user, exhibit, contract, grant };
}

function present(c: Context<AppEnv>, viewer: { user: UserRow; contract: ContractRow; grant: ContractAccessRow | null }, row: ExhibitRow) {
  // Overdue is decided in the company's time zone (issue 17): the expected day is over there.
  const today = dateOnlyIn(safeTimeZone(requireAuth(c).company.timezone), c.get("deps").now());
  return presentExhibit(row, today, exhibitAbilities(viewer.user, viewer.contract, viewer.grant, row));
}

export const exhibitRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/exhibits", keyAccess("read"), async (c) => {
    const viewer = await contractFor(c, "read");
    return c.json((await listExhibits(c.get("deps").db, viewer.contract)).map((row) => present(c, viewer, row)));
  })
  .post(
    "/contracts/:id/exhibits",
    keyAccess("contracts:write"),
    async (c, next) => {
      await contractFor(c, "manageExhibits");
      await next();
    },
    uploadBodyLimit(),
    async (c) => {
      const viewer = await contractFor(c, "manageExhibits");
      const { user, contract } = viewer;
      const form = await readForm(c.req, c.req.header("content-type"));
      const fields = parseForm(createExhibitFields, form.fields);
      let file = null;
      if (form.file) {
        const name = safeFileName(form.file.name, "exhibit");
        const bytes = new Uint8Array(await form.file.arrayBuffer());
        file = { name, bytes, mimeType: (await validateExhibitFile(name, bytes)).mimeType };
      }
      const exhibit = await createExhibit(c.get("deps"), { actor: user, contract, fields, file });
      return c.json(present(c, viewer, exhibit), 201);
    },
  )
  .get("/exhibits/:id/file", keyAccess("read"), async (c) => {
    const { exhibit } = await exhibitFor(c, "read");
    const bytes = await exhibitFile(c.get("deps").db, exhibit);
    return sendAttachment(c, { bytes, fileName: exhibit.fileName ?? "exhibit", contentType: exhibit.mimeType ?? "application/octet-stream" });
  })
  .post("/exhibits/:id/review", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    // The spec's message is the whole text ('Please select a review status.'), without a field prefix.
    const review = parseForm(reviewExhibitRequest, await jsonBody(c, z.unknown()));
    const viewer = await exhibitFor(c, "reviewExhibits");
    const updated = await reviewExhibit(c.get("deps"), { actor: viewer.user, exhibitId: viewer.exhibit.id, review });
    return c.json(present(c, viewer, updated));
  })
  .delete("/exhibits/:id", keyAccess("contracts:write"), async (c) => {
    const { user, exhibit } = await exhibitFor(c, "deleteExhibit");
    await deleteExhibit(c.get("deps"), { actor: user, exhibitId: exhibit.id });
    return c.body(null, 204);
  });
