import { and, eq } from "drizzle-orm";
import { MARKUP_MAX_LENGTH, type MarkupType } from "@clausewise/shared";
import { markupFromCommentText } from "@clausewise/shared/word";
import { wordDate } from "../../collab/redline";
import type { Db } from "../../db/client";
import { markups, users } from "../../db/schema";
import { alignTexts } from "../../documents/redline/align";
import type { RedlinePlan } from "../../documents/redline/plan";
import type { RedlineComment } from "../../documents/redline/types";
import { externalAuthorName } from "../../presenters/markup";
import { authorName } from "../../presenters/reviewer";
import { authorColumns } from "./context";

/*
 * Word comments (and formatting changes, which suggestions cannot hold) become markups signed with the
 * Word author's name. Each is placed on its words in the document as it is after the tracked changes
 * came in; a comment the contract already has (same author, kind, words and place: our own export
 * coming back) is not added twice, and replies keep their thread.
 */

export interface CommentImport {
  created: string[];
  alreadyPresent: number;
  unplaced: number;
  shortened: number;
  authors: Set<string>;
}

interface NewMarkup {
  key: string;
  parentKey: string | null;
  author: string;
  type: MarkupType;
  content: string;
  date: string | null;
  range: { start: number; end: number } | null;
}

const normalise = (name: string) => name.trim().toLowerCase();

function fit(content: string): { content: string; shortened: boolean } {
  return content.length <= MARKUP_MAX_LENGTH ? { content, shortened: false } : { content: `${content.slice(0, MARKUP_MAX_LENGTH - 1)}…`, shortened: true };
}

/** Parents before their replies, so a reply can name its parent's row. */
function threadOrder(comments: RedlineComment[]): RedlineComment[] {
  const ids = new Set(comments.map((c) => c.id));
  const roots = comments.filter((c) => !c.parentId || !ids.has(c.parentId));
  const out: RedlineComment[] = [];
  const visit = (c: RedlineComment, depth: number) => {
    out.push(c);
    if (depth < 50) for (const reply of comments.filter((r) => r.parentId === c.id && r !== c)) visit(reply, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

export async function importComments(
  tx: Db,
  input: { contract: { id: string; companyId: string }; plan: RedlinePlan; comments: RedlineComment[]; documentText: string; now: Date },
): Promise<CommentImport> {
  const { contract, plan, now } = input;
  const result: CommentImport = { created: [], alreadyPresent: 0, unplaced: 0, shortened: 0, authors: new Set() };
  const alignment = alignTexts(plan.full, input.documentText);
  const placed = new Map(plan.comments.map((c) => [c.id, c]));
  const wanted: NewMarkup[] = [];

  const byKey = new Map<string, NewMarkup>();
  for (const comment of threadOrder(input.comments)) {
    const { type, content } = markupFromCommentText(comment.text);
    if (!content.trim()) continue;
    const where = placed.get(comment.id);
    const parentKey = comment.parentId ? `c${comment.parentId}` : null;
    const own = where && where.start !== null && where.end !== null ? alignment.range(where.start, where.end) : null;
    if (where?.start !== null && !own) result.unplaced++;
    // A reply Word wrote without a range of its own stands on its thread's words.
    const range = own ?? (parentKey ? (byKey.get(parentKey)?.range ?? null) : null);
    const item: NewMarkup = { key: `c${comment.id}`, parentKey, author: comment.author, type, content, date: comment.date, range };
    byKey.set(item.key, item);
    wanted.push(item);
  }
  plan.formatChanges.forEach((f, i) => {
    const range = alignment.range(f.start, f.end);
    if (!range) result.unplaced++;
    wanted.push({ key: `f${i}`, parentKey: null, author: f.change.author, type: "comment", content: `Formatting changed in Word: ${f.change.description}.`, date: f.change.date, range });
  });

  const existing = await tx
    .select({ markup: markups, author: authorColumns })
    .from(markups)
    .leftJoin(users, eq(users.id, markups.userId))
    .where(and(eq(markups.contractId, contract.id), eq(markups.companyId, contract.companyId)));
  const rowOf = new Map<string, string>();
  for (const item of wanted) {
    const { content, shortened } = fit(item.content.trim());
    const parentId = item.parentKey ? (rowOf.get(item.parentKey) ?? null) : null;
    // A reply is the same reply in the same thread; anything else the same words in the same place.
    const same = existing.find(
      ({ markup, author }) =>
        normalise(externalAuthorName(markup) ?? authorName(author)) === normalise(item.author) &&
        markup.type === item.type &&
        markup.content === content &&
        (item.parentKey ? parentId !== null && markup.replyTo === parentId : (markup.position.start ?? null) === (item.range?.start ?? null)),
    );
    if (same) {
      rowOf.set(item.key, same.markup.id);
      result.alreadyPresent++;
      continue;
    }
    if (shortened) result.shortened++;
    const [row] = await tx
      .insert(markups)
      .values({
        companyId: contract.companyId,
        contractId: contract.id,
        userId: null,
        externalAuthor: item.author,
        replyTo: parentId,
        type: item.type,
        content,
        position: { paragraph: 0, ...(item.range ? { start: item.range.start, end: item.range.end } : {}) },
        createdAt: new Date(wordDate(item.date, now)),
      })
      .returning({ id: markups.id });
    rowOf.set(item.key, row!.id);
    result.created.push(row!.id);
    result.authors.add(item.author);
  }
  return result;
}
