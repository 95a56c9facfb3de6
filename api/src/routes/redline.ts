import { Hono, type Context } from "hono";
import { REDLINE_MESSAGES } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { safeFileName } from "../commands/contracts/content-disposition";
import { readForm, uploadBodyLimit } from "../commands/contracts/form";
import { importRedline } from "../commands/documents/import-redline";
import { readRedlineInWorker, validateUpload } from "../documents";
import { AppError, badRequest } from "../http/errors";
import { keyAccess } from "../http/key-access";
import { authorize } from "../policies";
import { editDeniedMessage, loadReadableContract } from "./document";

/** Importing a redline writes suggestions in other people's names: for those who may edit the document. */
async function editableContract(c: Context<AppEnv>) {
  const loaded = await loadReadableContract(c);
  authorize(loaded.abilities.edit, editDeniedMessage(loaded.abilities));
  return loaded;
}

/*
 * POST /api/contracts/{id}/redline (issue 14): multipart `file`, a .docx with the other side's tracked
 * changes and comments. Access is checked before the body is read; the file passes the upload checks
 * (extension, type, magic bytes, DOCX limits) and is read in the extraction pool.
 */
export const redlineRoutes = new Hono<AppEnv>().post(
  "/contracts/:id/redline",
  keyAccess("contracts:write"),
  async (c, next) => {
    await editableContract(c);
    await next();
  },
  uploadBodyLimit(),
  async (c) => {
    const { user, contract } = await editableContract(c);
    const { file } = await readForm(c.req, c.req.header("content-type"));
    if (!file) throw badRequest(REDLINE_MESSAGES.fileRequired);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const fileName = safeFileName(file.name, "redline.docx");
    const { kind } = validateUpload({ fileName, bytes, declaredMime: file.type });
    if (kind !== "docx") throw new AppError("unsupported_media_type", REDLINE_MESSAGES.notWord);
    const redline = await readRedlineInWorker(bytes);
    return c.json(await importRedline({ deps: c.get("deps"), actor: user }, { contract, redline, fileName }));
  },
);
