import type { JSONContent } from "@tiptap/core";
import { walkPlainText } from "@clausewise/shared/word";
import { COMMENT_END, COMMENT_REFERENCE, COMMENT_START, FORMAT_CHANGE_MARK, paragraphRevision, revisionOf, type FormatChange, type RedlineDocument, type Revision } from "./types";

/*
 * A Word redline as edits of the text it was made on. The "base" is the file with every tracked
 * change rejected: the text the other side received, which should be the contract's accepted text.
 * Each change is placed in the base's plain-text coordinates and grouped as a suggestion is: the
 * adjacent deletions and insertions of one author form one change (a replacement), each half of a
 * move is its own change, and a paragraph inserted whole is a new paragraph. The "full" view keeps
 * every run (what the contract shows once the changes are suggestions) and places the comments.
 */

export interface StyledText {
  text: string;
  /** Formatting marks of the run (bold, italic, underline, strike). */
  marks: string[];
}

export type PlannedEdit =
  | { kind: "delete"; start: number; end: number; text: string }
  | { kind: "insert"; at: number; runs: StyledText[] }
  /** A new paragraph after the line that ends at `at` (or before the first line when `before`). */
  | { kind: "paragraph"; at: number; before: boolean; runs: StyledText[] };

export interface PlannedChange {
  revision: Revision;
  edits: PlannedEdit[];
}

export interface PlacedComment {
  id: string;
  /** Full-view offsets; null when the file does not anchor the comment. */
  start: number | null;
  end: number | null;
}

export interface RedlinePlan {
  base: string;
  changes: PlannedChange[];
  full: string;
  comments: PlacedComment[];
  formatChanges: { start: number; end: number; change: FormatChange }[];
  /** Paragraph splits and joins the suggestion marks cannot hold (their words still come in). */
  structural: number;
}

const INSERTION = "redlineInsertion";
const INSERTED_PARAGRAPH = "redlineInsertedParagraph";

const styled = (node: JSONContent): StyledText => ({
  text: node.text ?? "",
  marks: (node.marks ?? []).map((m) => m.type).filter((t) => t === "bold" || t === "italic" || t === "underline" || t === "strike"),
});

const texts = (paragraph: JSONContent) => (paragraph.content ?? []).filter((n) => n.type === "text" && n.text);
const allInserted = (paragraph: JSONContent) => texts(paragraph).length > 0 && texts(paragraph).every((n) => revisionOf(n)?.kind === "insert");
const hasKept = (paragraph: JSONContent) => texts(paragraph).some((n) => revisionOf(n)?.kind !== "delete");

/** One author's adjacent deletions and insertions are one change; a move's half only joins itself. */
const joinable = (a: Revision, b: Revision) => a.author === b.author && a.move === b.move && (a.move === null || a.kind === b.kind);

class Planner {
  changes: PlannedChange[] = [];
  structural = 0;
  /** The change the previous revision run joined, while nothing unchanged came between. */
  private open: PlannedChange | null = null;
  private pending: { marker: JSONContent; change: PlannedChange; edit: "insert" | "paragraph" }[] = [];
  private deletions = new Map<JSONContent, PlannedChange>();

  private changeFor(revision: Revision): PlannedChange {
    if (this.open && joinable(this.open.revision, revision)) return this.open;
    const change: PlannedChange = { revision, edits: [] };
    this.changes.push(change);
    this.open = change;
    return change;
  }

  /** The base view of a list of blocks (doc, table cell), with markers where insertions go. */
  blocks(blocks: JSONContent[]): JSONContent[] {
    const out: JSONContent[] = [];
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      if (block.type === "table") {
        this.open = null;
        out.push({ ...block, content: (block.content ?? []).map((row) => ({ ...row, content: (row.content ?? []).map((cell) => ({ ...cell, content: this.blocks(cell.content ?? []) })) })) });
        continue;
      }
      const mark = paragraphRevision(block);
      const next = blocks[i + 1];
      if (mark?.kind === "insert" && allInserted(block)) {
        out.push(this.insertedParagraph(block));
        continue;
      }
      if (mark?.kind === "insert" && next?.type === "paragraph" && allInserted(next)) {
        // Enter at the end of a paragraph, then typing: Word marks this paragraph's mark as new; it
        // is the same as a new paragraph after this one. Several (a paste of paragraphs) follow
        // one another while each one's own mark is new too.
        out.push(this.paragraph(block));
        let j = i + 1;
        while (j < blocks.length && blocks[j]!.type === "paragraph" && allInserted(blocks[j]!) && paragraphRevision(blocks[j - 1]!)?.kind === "insert") {
          out.push(this.insertedParagraph(blocks[j]!));
          j++;
        }
        i = j - 1;
        continue;
      }
      if (mark?.kind === "insert" && next?.type === "paragraph") {
        // A paragraph split: the base holds one paragraph; the words come in, the split does not.
        this.structural++;
        out.push(this.paragraph({ ...block, content: [...(block.content ?? []), ...(next.content ?? [])] }));
        i++;
        continue;
      }
      if (mark?.kind === "delete" && hasKept(block)) this.structural++;
      out.push(this.paragraph(block));
    }
    return out;
  }

  private insertedParagraph(paragraph: JSONContent): JSONContent {
    this.open = null;
    const revision = revisionOf(texts(paragraph)[0]!)!;
    const change: PlannedChange = { revision, edits: [] };
    this.changes.push(change);
    const marker: JSONContent = { type: INSERTED_PARAGRAPH, attrs: { runs: texts(paragraph).map(styled) } };
    this.pending.push({ marker, change, edit: "paragraph" });
    return marker;
  }

  private paragraph(paragraph: JSONContent): JSONContent {
    this.open = null;
    const content: JSONContent[] = [];
    for (const node of paragraph.content ?? []) {
      const revision = node.type === "text" ? revisionOf(node) : null;
      if (!revision) {
        if (node.type === "text" || node.type === "hardBreak") this.open = null;
        // A line break typed as part of an insertion is not in the base.
        if (node.type === "hardBreak" && (node.attrs?.revision as Revision | undefined)?.kind === "insert") continue;
        content.push(node);
        continue;
      }
      const change = this.changeFor(revision);
      if (revision.kind === "delete") {
        this.deletions.set(node, change);
        content.push(node);
      } else {
        const marker: JSONContent = { type: INSERTION, attrs: { run: styled(node) } };
        this.pending.push({ marker, change, edit: "insert" });
        content.push(marker);
      }
    }
    this.open = null;
    return { ...paragraph, content };
  }

  /** Places every edit in the base text, once the whole base view is built. */
  place(base: JSONContent): string {
    const walk = walkPlainText(base);
    for (const [node, change] of this.deletions) {
      const start = walk.starts.get(node);
      if (start !== undefined) change.edits.push({ kind: "delete", start, end: start + (node.text ?? "").length, text: node.text ?? "" });
    }
    for (const { marker, change, edit } of this.pending) {
      const place = walk.markers.get(marker);
      if (!place) continue;
      if (edit === "insert") {
        // At the start of a line, the insertion belongs to that line, after its line break.
        change.edits.push({ kind: "insert", at: place.at + (place.pendingBreak ? 1 : 0), runs: [marker.attrs!.run as StyledText] });
      } else {
        change.edits.push({ kind: "paragraph", at: place.at, before: place.at === 0 && !place.pendingBreak, runs: marker.attrs!.runs as StyledText[] });
      }
    }
    for (const change of this.changes) mergeRuns(change);
    return walk.text;
  }
}

/** Adjacent pieces of one change (runs split by formatting) as one edit each. */
function mergeRuns(change: PlannedChange): void {
  const merged: PlannedEdit[] = [];
  for (const edit of change.edits.sort((a, b) => editStart(a) - editStart(b))) {
    const last = merged.at(-1);
    if (last?.kind === "delete" && edit.kind === "delete" && last.end === edit.start) {
      last.end = edit.end;
      last.text += edit.text;
    } else if (last?.kind === "insert" && edit.kind === "insert" && last.at === edit.at) {
      last.runs.push(...edit.runs);
    } else merged.push(edit);
  }
  change.edits = merged;
}

export const editStart = (edit: PlannedEdit): number => (edit.kind === "delete" ? edit.start : edit.at);

/** Where each comment and formatting change stands in the full view (every run kept). */
function placeComments(doc: RedlineDocument): Pick<RedlinePlan, "full" | "comments" | "formatChanges"> {
  const walk = walkPlainText(doc.body);
  const formatChanges: RedlinePlan["formatChanges"] = [];
  for (const [node, start] of walk.starts) {
    const format = node.marks?.find((m) => m.type === FORMAT_CHANGE_MARK)?.attrs as FormatChange | undefined;
    const last = formatChanges.at(-1);
    if (!format) continue;
    // Runs split by other formatting but changed together are one change.
    if (last && last.end === start && last.change.author === format.author && last.change.description === format.description) last.end += (node.text ?? "").length;
    else formatChanges.push({ start, end: start + (node.text ?? "").length, change: format });
  }
  const starts = new Map<string, number>();
  const ends = new Map<string, number>();
  const references = new Map<string, number>();
  for (const [node, place] of walk.markers) {
    const id = String(node.attrs?.id ?? "");
    if (node.type === COMMENT_START) starts.set(id, place.at + (place.pendingBreak ? 1 : 0));
    else if (node.type === COMMENT_END) ends.set(id, place.at);
    else if (node.type === COMMENT_REFERENCE && !references.has(id)) references.set(id, place.at);
  }
  const comments = doc.comments.map((c) => {
    const start = starts.get(c.id) ?? references.get(c.id) ?? null;
    const end = ends.get(c.id) ?? references.get(c.id) ?? start;
    return { id: c.id, start, end: start === null || end === null ? null : Math.max(start, end) };
  });
  return { full: walk.text, comments, formatChanges };
}

export function planRedline(doc: RedlineDocument): RedlinePlan {
  const planner = new Planner();
  const base: JSONContent = { type: "doc", content: planner.blocks(doc.body.content ?? []) };
  const text = planner.place(base);
  return { base: text, changes: planner.changes.filter((c) => c.edits.length > 0), ...placeComments(doc), structural: planner.structural };
}
