import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { attachmentHeader } from "../commands/contracts/content-disposition";
import { analysisReport, contractDownload, type DownloadFile } from "../commands/contracts/download";
import { requireAuth } from "../http/middleware";
import { getContractForUser } from "../loaders/contract";
import { authorize, contractAbilities } from "../policies";
import { keyAccess } from "../http/key-access";

async function readableContract(c: Context<AppEnv>) {
  const { user } = requireAuth(c);
  const { contract, grant } = await getContractForUser(c.get("deps").db, { id: c.req.param("id") ?? "", companyId: user.companyId, userId: user.id });
  authorize(contractAbilities(user, contract, grant).read, "You do not have access to this contract.");
  return contract;
}

/** A file as an attachment: never rendered inline, never sniffed, never cached by a shared cache. */
export function sendAttachment(c: Context<AppEnv>, file: DownloadFile): Response {
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.bytes.byteLength),
    "Content-Disposition": attachmentHeader(file.fileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
}

export const downloadRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/download", keyAccess("read"), async (c) => {
    const contract = await readableContract(c);
    return sendAttachment(c, await contractDownload(c.get("deps").db, contract));
  })
  .get("/contracts/:id/download-report", keyAccess("read"), async (c) => {
    const contract = await readableContract(c);
    return sendAttachment(c, await analysisReport(c.get("deps").db, contract, c.get("deps").now()));
  });
