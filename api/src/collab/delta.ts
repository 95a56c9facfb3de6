import * as Y from "yjs";

/*
 * A text's delta and plain text read straight off its items.
 *
 * Y.Text#toDelta makes two closures on every call (its `computeDelta` and `packStr`). V8 compiles
 * each new closure of a hot function again, so a server that renders thousands of text nodes a
 * second (derived HTML, plain text, suggestion checks) kept its compiler threads busy for good:
 * about a sixth of the realtime server's CPU in `bench:collab` was TurboFan recompiling those.
 * These plain functions give the same result (checked against toDelta by delta.test.ts) and are
 * compiled once.
 */

export interface DeltaOp {
  insert: unknown;
  attributes?: Record<string, unknown>;
}

function deltaOp(insert: unknown, attributes: Map<string, unknown>): DeltaOp {
  if (attributes.size === 0) return { insert };
  const copy: Record<string, unknown> = {};
  for (const [key, value] of attributes) copy[key] = value;
  return { insert, attributes: copy };
}

/** `text.toDelta()` (no snapshots): strings with their formatting, embeds and nested types. */
export function textDelta(text: Y.Text): DeltaOp[] {
  const ops: DeltaOp[] = [];
  const attributes = new Map<string, unknown>();
  let str = "";
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted) continue;
    const content = item.content;
    if (content instanceof Y.ContentString) {
      // toDelta ends a "ychange" attribute at the next visible string when no snapshot is given.
      if (attributes.has("ychange")) {
        if (str.length > 0) ops.push(deltaOp(str, attributes));
        str = "";
        attributes.delete("ychange");
      }
      str += content.str;
    } else if (content instanceof Y.ContentType || content instanceof Y.ContentEmbed) {
      if (str.length > 0) ops.push(deltaOp(str, attributes));
      str = "";
      ops.push(deltaOp(content.getContent()[0], attributes));
    } else if (content instanceof Y.ContentFormat) {
      if (str.length > 0) ops.push(deltaOp(str, attributes));
      str = "";
      if (content.value === null) attributes.delete(content.key);
      else attributes.set(content.key, content.value);
    }
  }
  if (str.length > 0) ops.push(deltaOp(str, attributes));
  return ops;
}

/** The text's characters without formatting or embeds (the string inserts of its delta, joined). */
export function textValue(text: Y.Text): string {
  let str = "";
  for (let item = text._start; item !== null; item = item.right) {
    if (!item.deleted && item.content instanceof Y.ContentString) str += item.content.str;
  }
  return str;
}
