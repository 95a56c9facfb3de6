import { Hono } from "hono";
import { UPLOAD_FORM_MESSAGES, uploadContractFields, type UploadContractResponse } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { parseForm, readForm, uploadBodyLimit } from "../commands/contracts/form";
import { safeFileName } from "../commands/contracts/content-disposition";
import { uploadContract } from "../commands/contracts/upload";
import { validateUpload } from "../documents";
import { badRequest } from "../http/errors";
import { requireAuth } from "../http/middleware";
import { authorize, canUploadContract, contractAbilities } from "../policies";
import { presentContractDetail } from "../presenters/contract";
import { keyAccess } from "../http/key-access";

/*
 * POST /api/contracts (spec §7): multipart file, title, client, storageConsent, priority, optional
 * reviewDeadline and approvalDeadline; our client adds processingConsent (required) and may name a
 * reviewerId. Sign-in and the admin check come before the body is read, so nobody else can make the
 * server take in 10 MB.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  "/contracts",
  keyAccess("contracts:write"),
  async (c, next) => {
    const { user } = requireAuth(c);
    authorize(canUploadContract(user), UPLOAD_FORM_MESSAGES.accessRestricted);
    await next();
  },
  uploadBodyLimit(),
  async (c) => {
    const { user } = requireAuth(c);
    const { fields, file } = await readForm(c.req, c.req.header("content-type"));
    const consented = ["true", "on", "1", "yes"].includes((fields.processingConsent ?? "").trim().toLowerCase());
    if (!file || !fields.title?.trim() || !consented) throw badRequest(UPLOAD_FORM_MESSAGES.missingInformation);
    const form = parseForm(uploadContractFields, fields);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const fileName = safeFileName(file.name, "contract");
    const { kind, mimeType } = validateUpload({ fileName, bytes, declaredMime: file.type });

    const uploaded = await uploadContract(c.get("deps"), { actor: user, fields: form, file: { name: fileName, bytes, kind, mimeType } });
    const detail = presentContractDetail(uploaded.contract, { abilities: contractAbilities(user, uploaded.contract, null), hasOriginalFile: uploaded.hasOriginalFile });
    const body: UploadContractResponse = { ...detail, warnings: uploaded.warnings, analysisQueued: uploaded.analysisQueued };
    return c.json(body, 201);
  },
);
