import { createHash } from "node:crypto";
import { PUSH_EVENTS, REVIEW_BUSINESS_DAYS, dateOnlyIn, formatDateOnly, type UploadContractFields } from "@clausewise/shared";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { UserRow } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { AI_DISABLED_MESSAGE, aiReviewEnabled } from "../../analysis/settings";
import { assertCanUploadContract } from "../../billing/limits";
import { insertDocumentState } from "../../collab/store";
import { analyses, contractApprovalSteps, contractFiles, contracts, users } from "../../db/schema";
import { extractInWorker, type DocumentKind } from "../../documents";
import { seedFromHtmlOffThread } from "../../workers/cpu";
import type { OcrProgress } from "../../documents/ocr";
import { badRequest } from "../../http/errors";
import { enqueue } from "../../jobs/queue";
import type { ContractRow } from "../../loaders/contract";
import { contractAbilities } from "../../policies";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { publishContractUpdated } from "../workflow/run";
import { approvalStepRows } from "../workflow/steps";
import { dateInputToDateOnly, userTimeZone } from "./dates";
import { defaultReviewDeadline } from "./review-deadline";

export interface UploadContractInput {
  actor: UserRow;
  fields: UploadContractFields;
  /** Validated by validateUpload: the kind is what the bytes are. */
  file: { name: string; bytes: Uint8Array; kind: DocumentKind; mimeType: string };
}

export interface UploadedContract {
  contract: ContractRow;
  hasOriginalFile: boolean;
  warnings: string[];
  /** False when the company's AI review is off: no analysis runs. */
  analysisQueued: boolean;
}

export const ANALYSIS_JOB = "analysis.run";

/** The deadlines the contract gets: given ones checked, a missing review deadline computed from the priority. */
export function resolveDeadlines(fields: Pick<UploadContractFields, "priority" | "reviewDeadline" | "approvalDeadline">, now: Date, timeZone: string) {
  // Date-only values (issue 17): a typed date is kept as typed; the uploader's "today" decides what is past.
  const today = dateOnlyIn(timeZone, now);
  const reviewDeadline = fields.reviewDeadline ? dateInputToDateOnly(fields.reviewDeadline, timeZone) : dateOnlyIn(timeZone, defaultReviewDeadline(fields.priority, now, timeZone));
  if (fields.reviewDeadline && reviewDeadline < today) throw badRequest("The review deadline must be in the future.", { reviewDeadline: "Must be in the future." });
  const approvalDeadline = fields.approvalDeadline ? dateInputToDateOnly(fields.approvalDeadline, timeZone) : null;
  if (approvalDeadline && approvalDeadline < reviewDeadline) {
    const why = fields.reviewDeadline ? "" : `, ${REVIEW_BUSINESS_DAYS[fields.priority]} business days for ${fields.priority} priority`;
    throw badRequest(`The approval deadline cannot be before the review deadline (${formatDateOnly(reviewDeadline)}${why}).`, {
      approvalDeadline: "Must be on or after the review deadline.",
    });
  }
  return { reviewDeadline, approvalDeadline };
}

/** The assigned reviewer must be an active member of the uploader's company who may comment on contracts. */
async function assertReviewer(db: Db, companyId: string, reviewerId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(and(eq(users.id, reviewerId), eq(users.companyId, companyId))).limit(1);
  if (!user || !contractAbilities(user, { id: "", companyId }, null).comment) {
    throw badRequest("The reviewer must be an active member of your company who can review contracts.", { reviewerId: "Not an active member who can review." });
  }
  return user;
}

/**
 * The upload pipeline after validation (DESIGN.md §5): extract in a worker, seed the live document
 * (DESIGN.md §4), then in ONE transaction the contract with the document's state row, its approval
 * pipeline, the original bytes ONLY with storage consent, a queued analysis and its durable job, the
 * notifications and the audit row; contract:updated after commit. Seeding here rather than on first
 * open means contracts.content and plainText are derived from the Y.Doc from the first moment: the
 * analysis quotes, and every offset ever handed out, are in the document's own coordinates.
 *
 * Privacy: without storage consent the bytes live only in this request's memory (and a copy in the
 * extraction worker); nothing here logs them, their name or their text.
 */
/** OCR progress goes to the uploader's own push room, when the client named its upload. */
function progressPublisher(deps: AppDeps, actor: { id: string; companyId: string }, uploadId: string | undefined) {
  if (!uploadId) return undefined;
  return (progress: OcrProgress) => {
    deps.bus
      .publish({ type: PUSH_EVENTS.uploadProgress, companyId: actor.companyId, userIds: [actor.id], payload: { uploadId, ...progress } })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "upload: progress push failed"));
  };
}

export async function uploadContract(deps: AppDeps, input: UploadContractInput): Promise<UploadedContract> {
  const { actor, fields, file } = input;
  const now = deps.now();
  await assertCanUploadContract(deps.db, actor.companyId, now);
  const timeZone = await userTimeZone(deps.db, actor.id);
  const { reviewDeadline, approvalDeadline } = resolveDeadlines(fields, now, timeZone);
  const reviewer = fields.reviewerId ? await assertReviewer(deps.db, actor.companyId, fields.reviewerId) : null;

  const extracted = await extractInWorker(file.kind, file.bytes, { onProgress: progressPublisher(deps, actor, fields.uploadId) });
  // Sanitised and seeded in a worker thread when long (0.5 s for 300 pages): live editing goes on meanwhile.
  const { state, content, plainText } = await seedFromHtmlOffThread(extracted.html, { sanitize: true });
  const storeOriginal = fields.storageConsent;
  const analysisQueued = await aiReviewEnabled(deps.db, actor.companyId);

  const { contract, notices } = await deps.db.transaction(async (tx) => {
    const [contract] = await tx
      .insert(contracts)
      .values({
        companyId: actor.companyId,
        title: fields.title,
        client: fields.client,
        status: "under_review",
        priority: fields.priority,
        content,
        plainText,
        storageConsent: storeOriginal,
        fileName: file.name,
        mimeType: file.mimeType,
        fileSize: file.bytes.byteLength,
        reviewerId: reviewer?.id ?? null,
        ourPartyRole: fields.ourPartyRole,
        createdBy: actor.id,
        reviewDeadline,
        approvalDeadline,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const row = contract!;
    await insertDocumentState(tx, row.id, state);
    await tx.insert(contractApprovalSteps).values(approvalStepRows(row));
    if (storeOriginal) {
      await tx.insert(contractFiles).values({
        contractId: row.id,
        companyId: row.companyId,
        bytes: file.bytes,
        sha256: createHash("sha256").update(file.bytes).digest("hex"),
        createdAt: now,
      });
    }
    // The analysis waits, queued, for its worker; with the company's AI review off it is not run at
    // all, and says why (the state the worker would reach), so nobody is told it is being analysed.
    if (analysisQueued) {
      await tx.insert(analyses).values({ companyId: row.companyId, contractId: row.id, status: "queued", createdAt: now, updatedAt: now });
      await enqueue(tx, ANALYSIS_JOB, { contractId: row.id }, { dedupeKey: `analysis:${row.id}` });
    } else {
      await tx.insert(analyses).values({ companyId: row.companyId, contractId: row.id, status: "failed", progress: 0, error: AI_DISABLED_MESSAGE, createdAt: now, updatedAt: now });
    }

    const actionUrl = `/contracts/${row.id}`;
    const notices = [];
    if (reviewer && reviewer.id !== actor.id) {
      notices.push(
        await notify(tx, {
          companyId: row.companyId,
          userIds: [reviewer.id],
          type: "contract_assigned",
          title: "Contract assigned",
          message: `You are the reviewer of "${row.title}". Review deadline: ${formatDateOnly(reviewDeadline)}.`,
          actionUrl,
        }),
      );
    }
    notices.push(
      await notify(tx, {
        companyId: row.companyId,
        userIds: [actor.id],
        type: "other",
        title: "Contract uploaded",
        message: `"${row.title}" has been uploaded and is being analyzed.`,
        actionUrl,
      }),
    );
    await recordAudit(tx, {
      companyId: row.companyId,
      userId: actor.id,
      action: "contract.upload",
      entityType: "contract",
      entityId: row.id,
      now,
      data: {
        kind: file.kind,
        fileSize: file.bytes.byteLength,
        // What the uploader agreed to, on the record: processing (required) and storage of the original.
        processingConsent: true,
        storageConsent: storeOriginal,
        priority: fields.priority,
        reviewerId: reviewer?.id ?? null,
        reviewDeadline,
        approvalDeadline,
        reviewDeadlineComputed: !fields.reviewDeadline,
      },
    });
    return { contract: row, notices };
  });

  for (const notice of notices) await notice.publish(deps);
  await publishContractUpdated(deps, contract);
  deps.logger.info({ contractId: contract.id, kind: file.kind, bytes: file.bytes.byteLength, stored: storeOriginal }, "contract uploaded");
  return { contract, hasOriginalFile: storeOriginal, warnings: extracted.warnings, analysisQueued };
}
