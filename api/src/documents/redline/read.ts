import type { JSONContent } from "@tiptap/core";
import { REDLINE_LIMITS } from "@clausewise/shared";
import { inspectZip, readZipEntry, verifyDeclaredSizes, type ZipEntry } from "@clausewise/shared/zip";
import { invalidFileType, tooLargeUnpacked, UPLOAD_MESSAGES, unreadable } from "../errors";
import { zipProblemError } from "../validate";
import { child, elements, isOn, parseXml, textOf, type XmlElement } from "./xml";
import {
  COMMENT_END,
  COMMENT_REFERENCE,
  COMMENT_START,
  FORMAT_CHANGE_MARK,
  REVISION_MARK,
  type FormatChange,
  type RedlineComment,
  type RedlineDocument,
  type Revision,
} from "./types";

/*
 * Reads a counterparty's .docx without flattening it (mammoth keeps only the accepted text): the body
 * with every insertion, deletion and move marked with its author and date, formatting changes, and
 * the comments with their anchors and reply threads (comments.xml, commentsExtended.xml). Field codes,
 * drawings and text boxes carry no contract text here and are left out.
 */

const REVISION_ELEMENTS: Record<string, Pick<Revision, "kind" | "move">> = {
  "w:ins": { kind: "insert", move: null },
  "w:del": { kind: "delete", move: null },
  "w:moveTo": { kind: "insert", move: "to" },
  "w:moveFrom": { kind: "delete", move: "from" },
};
/** Inline wrappers whose runs are the paragraph's own text. */
const INLINE_CONTAINERS = new Set(["w:hyperlink", "w:smartTag", "w:customXml", "w:fldSimple", "w:dir", "w:bdo"]);
/** Word writes a person's name; a file may write anything there. */
const authorOf = (element: XmlElement): string => element.attrs["w:author"]?.trim().slice(0, REDLINE_LIMITS.maxAuthorLength) || "Unknown author";

const FORMATTING: [string, string][] = [
  ["w:b", "bold"],
  ["w:i", "italic"],
  ["w:u", "underline"],
  ["w:strike", "strike"],
];

function revision(element: XmlElement): Revision {
  const { kind, move } = REVISION_ELEMENTS[element.name]!;
  return { kind, move, author: authorOf(element), date: element.attrs["w:date"] || null };
}

function formatChange(rPr: XmlElement | undefined): FormatChange | null {
  const change = rPr && child(rPr, "w:rPrChange");
  if (!change) return null;
  const before = child(change, "w:rPr");
  const parts: string[] = [];
  for (const [tag, label] of FORMATTING) {
    const was = isOn(before && child(before, tag)) && (tag !== "w:u" || child(before!, tag)?.attrs["w:val"] !== "none");
    const now = isOn(child(rPr, tag)) && (tag !== "w:u" || child(rPr, tag)?.attrs["w:val"] !== "none");
    if (was !== now) parts.push(`${label} ${now ? "added" : "removed"}`);
  }
  return { author: authorOf(change), date: change.attrs["w:date"] || null, description: parts.join(", ") || "formatting changed" };
}

class BodyReader {
  revisions = 0;
  formatChanges = 0;

  blocks(nodes: XmlElement[]): JSONContent[] {
    const out: JSONContent[] = [];
    for (const node of nodes) {
      if (node.name === "w:p") out.push(this.paragraph(node));
      else if (node.name === "w:tbl") out.push(this.table(node));
      else if (node.name === "w:sdt") out.push(...this.blocks(elements(child(node, "w:sdtContent") ?? node)));
      else if (node.name === "w:customXml" || REVISION_ELEMENTS[node.name]) out.push(...this.blocks(elements(node)));
    }
    return out;
  }

  paragraph(p: XmlElement): JSONContent {
    const rPr = child(child(p, "w:pPr") ?? p, "w:rPr");
    const markElement = rPr && elements(rPr).find((e) => REVISION_ELEMENTS[e.name]);
    const content: JSONContent[] = [];
    this.inline(elements(p), null, content);
    if (markElement) this.revisions++;
    return { type: "paragraph", ...(markElement ? { attrs: { revision: revision(markElement) } } : {}), content };
  }

  table(tbl: XmlElement): JSONContent {
    const rows = elements(tbl)
      .filter((e) => e.name === "w:tr")
      .map((tr) => ({
        type: "tableRow",
        content: elements(tr)
          .filter((tc) => tc.name === "w:tc" && !isMergedAway(tc))
          .map((tc) => ({ type: "tableCell", content: this.blocks(elements(tc)) })),
      }));
    return { type: "table", content: rows };
  }

  inline(nodes: XmlElement[], rev: Revision | null, out: JSONContent[]): void {
    for (const node of nodes) {
      if (node.name === "w:r") this.run(node, rev, out);
      else if (REVISION_ELEMENTS[node.name]) {
        const inner = revision(node);
        // Inserted, then deleted before anyone accepted: in neither the old text nor the new.
        if (rev?.kind === "insert" && inner.kind === "delete") continue;
        this.inline(elements(node), inner, out);
      } else if (INLINE_CONTAINERS.has(node.name)) this.inline(elements(node), rev, out);
      else if (node.name === "w:sdt") this.inline(elements(child(node, "w:sdtContent") ?? node), rev, out);
      else if (node.name === "w:commentRangeStart") out.push({ type: COMMENT_START, attrs: { id: node.attrs["w:id"] ?? "" } });
      else if (node.name === "w:commentRangeEnd") out.push({ type: COMMENT_END, attrs: { id: node.attrs["w:id"] ?? "" } });
    }
  }

  run(r: XmlElement, rev: Revision | null, out: JSONContent[]): void {
    const rPr = child(r, "w:rPr");
    const marks: JSONContent["marks"] = [];
    for (const [tag, type] of FORMATTING) {
      const property = rPr && child(rPr, tag);
      if (isOn(property) && !(tag === "w:u" && property?.attrs["w:val"] === "none")) marks.push({ type });
    }
    const changed = formatChange(rPr);
    if (rev) marks.push({ type: REVISION_MARK, attrs: { ...rev } });
    else if (changed) marks.push({ type: FORMAT_CHANGE_MARK, attrs: { ...changed } });
    let counted = false;
    const text = (value: string) => {
      if (!value) return;
      if (!counted) {
        if (rev) this.revisions++;
        else if (changed) this.formatChanges++;
        counted = true;
      }
      const previous = out.at(-1);
      if (previous?.type === "text" && previous.marks === marks) previous.text += value;
      else out.push({ type: "text", text: value, ...(marks.length > 0 ? { marks } : {}) });
    };
    for (const node of elements(r)) {
      switch (node.name) {
        case "w:t":
        case "w:delText":
          text(textOf(node));
          break;
        case "w:tab":
        case "w:ptab":
          text("\t");
          break;
        case "w:noBreakHyphen":
          text("\u2011");
          break;
        case "w:cr":
        case "w:br":
          if (node.attrs["w:type"] !== "page" && node.attrs["w:type"] !== "column") out.push({ type: "hardBreak", ...(rev ? { attrs: { revision: { ...rev } } } : {}) });
          break;
        case "w:commentReference":
          out.push({ type: COMMENT_REFERENCE, attrs: { id: node.attrs["w:id"] ?? "" } });
          break;
      }
    }
  }
}

/** A cell covered by the one above it (w:vMerge without "restart"): the editor has no cell there. */
function isMergedAway(tc: XmlElement): boolean {
  const merge = child(child(tc, "w:tcPr") ?? tc, "w:vMerge");
  return merge !== undefined && merge.attrs["w:val"] !== "restart";
}

function paragraphText(p: XmlElement): string {
  const parts: string[] = [];
  const walk = (node: XmlElement) => {
    for (const e of elements(node)) {
      if (e.name === "w:t") parts.push(textOf(e));
      else if (e.name === "w:tab") parts.push("\t");
      else if (e.name === "w:br" || e.name === "w:cr") parts.push("\n");
      else if (e.name !== "w:del" && e.name !== "w:moveFrom" && e.name !== "w:instrText") walk(e);
    }
  };
  walk(p);
  return parts.join("");
}

function readComments(commentsXml: XmlElement | null, extendedXml: XmlElement | null): RedlineComment[] {
  if (!commentsXml) return [];
  const byParaId = new Map<string, string>();
  const comments = elements(commentsXml)
    .filter((e) => e.name === "w:comment")
    .map((c) => {
      const paragraphs = elements(c).filter((e) => e.name === "w:p");
      const paraId = paragraphs.at(-1)?.attrs["w14:paraId"];
      const id = c.attrs["w:id"] ?? "";
      if (paraId) byParaId.set(paraId.toUpperCase(), id);
      return {
        comment: { id, author: authorOf(c), date: c.attrs["w:date"] || null, text: paragraphs.map(paragraphText).join("\n").trim(), parentId: null } as RedlineComment,
        paraId: paraId?.toUpperCase(),
      };
    });
  const parents = new Map<string, string>();
  for (const e of extendedXml ? elements(extendedXml) : []) {
    const own = e.attrs["w15:paraId"]?.toUpperCase();
    const parent = e.attrs["w15:paraIdParent"]?.toUpperCase();
    if (e.name === "w15:commentEx" && own && parent) parents.set(own, parent);
  }
  for (const { comment, paraId } of comments) {
    const parentPara = paraId ? parents.get(paraId) : undefined;
    const parentId = parentPara ? byParaId.get(parentPara) : undefined;
    if (parentId !== undefined && parentId !== comment.id) comment.parentId = parentId;
  }
  return comments.map((c) => c.comment);
}

/**
 * The tracked changes and comments of a .docx. The archive passes the same limits as uploads first
 * (DOCX_LIMITS: entries, sizes, ratio, declared sizes that lie). Throws the AppError to answer.
 */
export function readRedline(bytes: Uint8Array): RedlineDocument {
  const inspected = inspectZip(bytes);
  if ("problem" in inspected) throw zipProblemError(inspected.problem);
  if (verifyDeclaredSizes(bytes, inspected.entries)) throw tooLargeUnpacked(UPLOAD_MESSAGES.archiveTooLarge);
  const byName = new Map<string, ZipEntry>(inspected.entries.map((e) => [e.name, e]));
  const decoder = new TextDecoder("utf-8");
  const part = (name: string): XmlElement | null => {
    const entry = byName.get(name);
    if (!entry) return null;
    const data = readZipEntry(bytes, entry);
    if (!data) throw tooLargeUnpacked(UPLOAD_MESSAGES.archiveTooLarge);
    try {
      return parseXml(decoder.decode(data));
    } catch {
      throw unreadable(UPLOAD_MESSAGES.archiveDamaged);
    }
  };
  const document = part("word/document.xml");
  const body = document && child(document, "w:body");
  if (!body) throw invalidFileType();
  const reader = new BodyReader();
  const content = reader.blocks(elements(body));
  return {
    body: { type: "doc", content },
    comments: readComments(part("word/comments.xml"), part("word/commentsExtended.xml")),
    revisions: reader.revisions,
    formatChanges: reader.formatChanges,
  };
}
