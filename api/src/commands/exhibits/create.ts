import { EXHIBIT_MESSAGES, formatDateOnly, type CreateExhibitFields } from "@clausewise/shared";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { UserRow } from "../../auth/sessions";
import { exhibitFiles, exhibits, users } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { ContractRow } from "../../loaders/contract";
import { activeRole } from "../../policies";
import { recordAudit } from "../audit";
import { dateInputToDateOnly, userTimeZone } from "../contracts/dates";
import { notify } from "../notifications/notify";
import { publishExhibitUpdated } from "./events";
import type { ExhibitRow } from "./load";

export interface CreateExhibitInput {
  actor: UserRow;
  contract: ContractRow;
  fields: CreateExhibitFields;
  /** Checked by validateExhibitFile. */
  file: { name: string; bytes: Uint8Array; mimeType: string } | null;
}

/**
 * Adds an exhibit, with its file when one is given. Exhibit files are always stored: they are
 * documents the team chose to keep on the contract, so the contract's storage consent (which governs
 * only the uploaded original, DESIGN.md §5) does not apply to them.
 */
export async function createExhibit(deps: AppDeps, input: CreateExhibitInput): Promise<ExhibitRow> {
  const { actor, contract, fields, file } = input;
  const now = deps.now();
  if (!file && !fields.isPlanned) throw badRequest(EXHIBIT_MESSAGES.missingFile);
  const timeZone = await userTimeZone(deps.db, actor.id);
  const expectedDate = fields.expectedDate ? dateInputToDateOnly(fields.expectedDate, timeZone) : null;
  if (fields.assignedTo) {
    const [assignee] = await deps.db.select().from(users).where(and(eq(users.id, fields.assignedTo), eq(users.companyId, contract.companyId))).limit(1);
    if (!assignee || !activeRole(assignee)) throw badRequest(EXHIBIT_MESSAGES.assigneeNotMember, { assignedTo: EXHIBIT_MESSAGES.assigneeNotMember });
  }

  const { exhibit, notices } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exhibits)
      .values({
        companyId: contract.companyId,
        contractId: contract.id,
        title: fields.title,
        description: fields.description,
        exhibitNumber: fields.exhibitNumber,
        isRequired: fields.isRequired,
        isPlanned: fields.isPlanned,
        expectedDate,
        assignedTo: fields.assignedTo ?? null,
        plannedNotes: fields.plannedNotes,
        tags: fields.tags,
        fileName: file?.name ?? null,
        fileSize: file?.bytes.byteLength ?? null,
        mimeType: file?.mimeType ?? null,
        uploadedBy: file ? actor.id : null,
        createdBy: actor.id,
        status: fields.isPlanned ? "planned" : "pending",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const exhibit = row!;
    if (file) await tx.insert(exhibitFiles).values({ exhibitId: exhibit.id, companyId: exhibit.companyId, bytes: file.bytes, createdAt: now });
    await recordAudit(tx, {
      companyId: exhibit.companyId,
      userId: actor.id,
      action: "exhibit.create",
      entityType: "exhibit",
      entityId: exhibit.id,
      now,
      data: { contractId: contract.id, title: exhibit.title, status: exhibit.status, fileSize: exhibit.fileSize, assignedTo: exhibit.assignedTo },
    });
    const notices = [];
    if (exhibit.assignedTo && exhibit.assignedTo !== actor.id) {
      const by = expectedDate ? ` by ${formatDateOnly(expectedDate)}` : "";
      notices.push(
        await notify(tx, {
          companyId: exhibit.companyId,
          userIds: [exhibit.assignedTo],
          type: "other",
          title: "Exhibit assigned",
          message: `You are to provide "${exhibit.title}" for "${contract.title}"${by}.`,
          actionUrl: `/contracts/${contract.id}`,
        }),
      );
    }
    return { exhibit, notices };
  });

  for (const notice of notices) await notice.publish(deps);
  await publishExhibitUpdated(deps, exhibit);
  return exhibit;
}
