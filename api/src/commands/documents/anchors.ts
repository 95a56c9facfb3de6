import { and, eq, ne } from "drizzle-orm";
import { formatChangePosition, parseChangePosition, type ChangeRange } from "@clausewise/shared";
import type { Db } from "../../db/client";
import { documentChanges, markups } from "../../db/schema";

/**
 * How an edit moved the plain text, as the longest unchanged head and tail: text before `keepBefore`
 * is where it was; text from `shiftFrom` on now sits `delta` characters later. Computed from the texts
 * themselves rather than from the edit's intent, so it also holds for edits that touch block breaks
 * (applyTextEdit keeps paragraphs) and for whole-document saves.
 */
export interface TextShift {
  keepBefore: number;
  shiftFrom: number;
  delta: number;
}

export function textShift(before: string, after: string): TextShift | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let head = 0;
  while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { keepBefore: head, shiftFrom: before.length - tail, delta: after.length - before.length };
}

/**
 * Where a range of the old text is in the new one: the same place when it lies in the unchanged head,
 * moved by delta when it lies in the unchanged tail, and null when the edit touched it (the range is
 * left as it was; approving a change there re-checks its original text and answers 409).
 */
export function rebaseRange(range: ChangeRange, shift: TextShift): ChangeRange | null {
  if (range.end <= shift.keepBefore) return range;
  if (range.start >= shift.shiftFrom) return { start: range.start + shift.delta, end: range.end + shift.delta };
  return null;
}

const isOffset = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/**
 * Keeps pending changes and markups of a contract on the same words after its text changed. Runs in
 * the transaction that changed the text, under the contract's row lock.
 */
export async function rebaseAnchors(tx: Db, where: { contractId: string; companyId: string; exceptChangeId?: string }, shift: TextShift | null): Promise<number> {
  if (!shift || shift.delta === 0) {
    // Same length: nothing after the edit moved, and nothing inside it can be re-pointed.
    return 0;
  }
  let moved = 0;
  const pendingConditions = [eq(documentChanges.contractId, where.contractId), eq(documentChanges.companyId, where.companyId), eq(documentChanges.status, "pending")];
  if (where.exceptChangeId) pendingConditions.push(ne(documentChanges.id, where.exceptChangeId));
  const pending = await tx
    .select({ id: documentChanges.id, position: documentChanges.position })
    .from(documentChanges)
    .where(and(...pendingConditions));
  for (const change of pending) {
    const range = parseChangePosition(change.position);
    const next = range && rebaseRange(range, shift);
    if (!range || !next || next === range) continue;
    await tx.update(documentChanges).set({ position: formatChangePosition(next) }).where(eq(documentChanges.id, change.id));
    moved++;
  }

  const notes = await tx
    .select({ id: markups.id, position: markups.position })
    .from(markups)
    .where(and(eq(markups.contractId, where.contractId), eq(markups.companyId, where.companyId)));
  for (const note of notes) {
    const { start, end } = note.position;
    if (!isOffset(start)) continue;
    const range = { start, end: isOffset(end) ? end : start };
    const next = rebaseRange(range, shift);
    if (!next || next === range) continue;
    const position: Record<string, unknown> = { ...note.position, start: next.start };
    if (isOffset(end)) position.end = next.end;
    await tx.update(markups).set({ position }).where(eq(markups.id, note.id));
    moved++;
  }
  return moved;
}
