import { Hono } from "hono";
import { createVersionRequest } from "@clausewise/shared";
import { createVersion } from "../commands/versions/create";
import { listVersions } from "../commands/versions/list";
import { restoreVersion, versionNotFound } from "../commands/versions/restore";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody, pathId } from "../http/validate";
import { authorize } from "../policies";
import { presentContractDetail } from "../presenters/contract";
import { presentVersion } from "../presenters/version";
import { DOCUMENT_BODY_LIMIT, editDeniedMessage, loadReadableContract, READ_ONLY_MESSAGE } from "./document";
import { keyAccess } from "../http/key-access";

export const versionRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/versions", keyAccess("read"), async (c) => {
    const { contract } = await loadReadableContract(c);
    const rows = await listVersions(c.get("deps").db, contract);
    return c.json(rows.map(presentVersion));
  })
  // The spec's client sends the whole document with each checkpoint, hence the document body limit.
  .post("/contracts/:id/versions", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    // Parsed for its 400s only: the server decides number, content and isActive (commands/versions/create.ts).
    await jsonBody(c, createVersionRequest, DOCUMENT_BODY_LIMIT);
    const { user, contract, abilities } = await loadReadableContract(c);
    // Spec §6: reviewers, approvers and admins may create versions when not read-only.
    authorize(abilities.comment, READ_ONLY_MESSAGE);
    const { version, created } = await createVersion({ deps: c.get("deps"), actor: user }, { contract });
    return c.json({ ...presentVersion(version), created }, created ? 201 : 200);
  })
  // Restoring edits the document (a new edit, never a row swap), so it takes the edit ability.
  .post("/contracts/:id/versions/:versionId/restore", keyAccess("contracts:write"), async (c) => {
    const { user, contract, abilities, hasOriginalFile } = await loadReadableContract(c);
    authorize(abilities.edit, editDeniedMessage(abilities));
    const restored = await restoreVersion({ deps: c.get("deps"), actor: user }, { contract, versionId: pathId(c, "versionId", versionNotFound) });
    return c.json(presentContractDetail(restored, { abilities, hasOriginalFile }));
  });
