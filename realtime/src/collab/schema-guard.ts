import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { decodedUpdate, type DecodedUpdate } from "./decoded-update";
import { proveStructure } from "./schema-proof";
import { Invalid, elementType, itemIndex, liveItem, mark, schema, type PmNode } from "./schema-nodes";
import { textDelta } from "@clausewise/api/collab/delta";

/*
 * Every incoming update is checked against the editor schema before it is stored (issue 14). An
 * element or mark the schema does not know (a `script` node, say) would make each editor's
 * y-prosemirror delete it on sight: a reviewer's editor then sends that deletion, which is no
 * suggestion, and the reviewer is closed out of the contract for good. So such an update is
 * refused, its sender closed with a reason, and nobody else ever sees it.
 *
 * Two steps, so typing stays cheap on a long contract:
 * 1. `inspectUpdate` reads the update alone (O(update)): unknown element names, unknown or
 *    malformed marks, content kinds the editor never makes, other root types, text outside a
 *    text node. Text typed into an existing text node, and formatting, end here.
 * 2. When the update adds or removes elements or changes attributes (Enter, paste, a table),
 *    `checkStructure` first tries to prove it valid from its own items and the few live elements
 *    it touches (schema-proof.ts, O(update + touched elements)). What that cannot prove, refusals
 *    included, is applied to a scratch copy of the whole document (as the reviewers' suggestion
 *    check does), where every element it touched is built with ProseMirror's checked constructor:
 *    content expression, allowed marks, attributes. An element that was already invalid before is
 *    not held against the sender.
 */

type DeleteSet = ReturnType<typeof Y.decodeUpdate>["ds"];

export interface Inspection {
  /** Why the update is refused, or null. */
  invalid: string | null;
  /** It adds or removes elements or attributes: the structure must be checked on a scratch copy. */
  structural: boolean;
  /** Characters of content it inserts (text, attribute values, element names): an upper bound of its growth. */
  chars: number;
  /** Where its items went, for the updates after it that build on them before it is applied. */
  placements: Placement[];
}

/** The parent of a run of items (client, clocks [clock, clock + length)). */
export interface Placement {
  client: number;
  clock: number;
  length: number;
  parent: Parent;
}

/** Where items of updates accepted but not yet applied went (the next keystroke's neighbour is usually one). */
export type PendingPlacements = (id: Y.ID) => Parent | null;

/** Finds an id among placements. */
export function placementOf(placements: readonly Placement[], id: Y.ID): Parent | null {
  for (const p of placements) if (p.client === id.client && id.clock >= p.clock && id.clock < p.clock + p.length) return p.parent;
  return null;
}

export type Parent = { kind: "root"; name: string } | { kind: "text" } | { kind: "element" } | { kind: "unknown" };


function classify(type: unknown): Parent {
  if (type instanceof Y.XmlText) return { kind: "text" };
  if (type instanceof Y.XmlElement) return { kind: "element" };
  if (type instanceof Y.AbstractType && type._item === null) {
    try {
      return { kind: "root", name: Y.findRootTypeKey(type) };
    } catch {
      return { kind: "unknown" };
    }
  }
  return { kind: "unknown" };
}

/**
 * Where an item of the update goes: a root type, a text node, an element, or unknown (its neighbours
 * are in updates not applied yet). Items with a neighbour carry no parent of their own: it is the
 * neighbour's.
 */
function parentResolver(live: Y.Doc, inUpdate: (id: Y.ID) => Y.Item | null, pending: PendingPlacements) {
  const resolve = (item: Y.Item, depth = 0): Parent => {
    if (depth > 10_000) return { kind: "unknown" };
    const parent = item.parent as unknown;
    if (typeof parent === "string") return { kind: "root", name: parent };
    if (parent instanceof Y.ID) {
      const holder = inUpdate(parent) ?? liveItem(live, parent);
      return holder?.content instanceof Y.ContentType ? classify(holder.content.type) : { kind: "unknown" };
    }
    if (parent instanceof Y.AbstractType) return classify(parent);
    const neighbour = item.origin ?? item.rightOrigin;
    if (!neighbour) return { kind: "unknown" };
    const local = inUpdate(neighbour);
    if (local) return resolve(local, depth + 1);
    const stored = liveItem(live, neighbour);
    if (stored) return classify(stored.parent);
    return pending(neighbour) ?? { kind: "unknown" };
  };
  return resolve;
}

/**
 * The attribute an item sets, if it is one. An item that overwrites an attribute has the previous
 * value as its origin, and the encoding then leaves out its key: it is the origin's. Undefined: the
 * origin is in an update not applied yet.
 */
function attributeKeyResolver(live: Y.Doc, inUpdate: (id: Y.ID) => Y.Item | null) {
  const keyOf = (item: Y.Item, depth = 0): string | null | undefined => {
    if (item.parentSub !== null) return item.parentSub;
    if (!item.origin || depth > 10_000) return null;
    const local = inUpdate(item.origin);
    if (local) return keyOf(local, depth + 1);
    const stored = liveItem(live, item.origin);
    return stored ? stored.parentSub : undefined;
  };
  return keyOf;
}

/** Whether the deletions of the update remove an element, a text node or an attribute (what they leave must stay valid). */
function deletesStructure(live: Y.Doc, ds: DeleteSet): boolean {
  for (const [client, ranges] of ds.clients) {
    const structs = live.store.clients.get(client);
    if (!structs) return true;
    for (const range of ranges) {
      let index: number;
      try {
        index = Y.findIndexSS(structs, range.clock);
      } catch {
        return true;
      }
      for (; index < structs.length && structs[index]!.id.clock < range.clock + range.len; index++) {
        const struct = structs[index]!;
        // An element or text node, or an attribute (removing a required one breaks its element).
        if (struct instanceof Y.Item && (struct.content instanceof Y.ContentType || struct.parentSub !== null)) return true;
      }
    }
  }
  return false;
}

const jsonLength = (value: unknown) => {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
};

/** Step 1: what the update holds, read from its own structs. Throws nothing; a bad update is `invalid`. */
export function inspectUpdate(live: Y.Doc, update: Uint8Array, pending: PendingPlacements = () => null): Inspection {
  let decoded: DecodedUpdate;
  try {
    decoded = decodedUpdate(update);
  } catch {
    return { invalid: "an update that does not decode", structural: false, chars: 0, placements: [] };
  }
  const inUpdate = itemIndex(decoded.structs);
  const parentOf = parentResolver(live, inUpdate, pending);
  const attributeOf = attributeKeyResolver(live, inUpdate);
  const placements: Placement[] = [];
  let structural = false;
  let chars = 0;
  try {
    for (const item of decoded.structs) {
      if (!(item instanceof Y.Item)) continue;
      const content = item.content;
      const parent = parentOf(item);
      if (parent.kind !== "unknown") placements.push({ client: item.id.client, clock: item.id.clock, length: item.length, parent });
      if (parent.kind === "root" && parent.name !== COLLAB_FRAGMENT) throw new Invalid(`another root type (${JSON.stringify(parent.name).slice(0, 60)})`);
      if (content instanceof Y.ContentDeleted) continue;
      if (content instanceof Y.ContentType) {
        const type = content.type;
        if (type instanceof Y.XmlElement) {
          elementType(type.nodeName);
          chars += type.nodeName.length;
        } else if (!(type instanceof Y.XmlText)) throw new Invalid("content the editor does not make");
        if (parent.kind === "text") throw new Invalid("a node inside text");
        structural = true;
      } else if (content instanceof Y.ContentString || content instanceof Y.ContentFormat) {
        if (content instanceof Y.ContentString) chars += content.str.length;
        else {
          mark(content.key, content.value);
          chars += content.key.length + jsonLength(content.value);
        }
        if (parent.kind === "root" || parent.kind === "element") throw new Invalid("text outside a text node");
        if (parent.kind === "unknown") structural = true;
      } else if (content instanceof Y.ContentAny) {
        // An attribute of an element (checked with its element in step 2); anything else in the tree is a raw value.
        const key = attributeOf(item);
        if (key === null) throw new Invalid("content the editor does not make");
        chars += (key?.length ?? 0) + jsonLength(content.arr);
        structural = true;
      } else {
        throw new Invalid("content the editor does not make");
      }
    }
    if (!structural && decoded.ds.clients.size > 0) structural = deletesStructure(live, decoded.ds);
  } catch (error) {
    if (error instanceof Invalid) return { invalid: error.message, structural, chars, placements };
    throw error;
  }
  return { invalid: null, structural, chars, placements };
}

/** One element's own content, attributes and marks, as ProseMirror's checked constructor sees them (children built shallowly). */
function checkElement(node: Y.XmlElement | Y.XmlFragment): void {
  const children: PmNode[] = [];
  for (const child of node.toArray() as unknown[]) {
    if (child instanceof Y.XmlElement) {
      try {
        children.push(elementType(child.nodeName).create(child.getAttributes()));
      } catch (error) {
        throw error instanceof Invalid ? error : new Invalid(`an element with bad attributes (${child.nodeName})`);
      }
    } else if (child instanceof Y.XmlText) {
      for (const op of textDelta(child)) {
        if (typeof op.insert !== "string" || op.insert.length === 0) throw new Invalid("content the editor does not make");
        const marks = Object.entries(op.attributes ?? {}).flatMap(([key, value]) => mark(key, value) ?? []);
        children.push(schema().text(op.insert, marks));
      }
    } else {
      throw new Invalid("content the editor does not make");
    }
  }
  const type = node instanceof Y.XmlElement ? elementType(node.nodeName) : schema().topNodeType;
  try {
    type.createChecked(node instanceof Y.XmlElement ? node.getAttributes() : null, children);
  } catch {
    throw new Invalid(node instanceof Y.XmlElement ? `a ${node.nodeName} the editor cannot hold` : "a document the editor cannot hold");
  }
}

function checkTree(element: Y.XmlElement): void {
  checkElement(element);
  for (const child of element.toArray()) if (child instanceof Y.XmlElement) checkTree(child);
}

function isValid(node: Y.XmlElement | Y.XmlFragment): boolean {
  try {
    checkElement(node);
    return true;
  } catch (error) {
    if (error instanceof Invalid) return false;
    throw error;
  }
}

/** The element of the live document with the same identity, as it was before the update (null: not there). */
function before(live: Y.Doc, node: Y.XmlElement | Y.XmlFragment): Y.XmlElement | Y.XmlFragment | null {
  if (!node._item) return live.getXmlFragment(COLLAB_FRAGMENT);
  const item = liveItem(live, node._item.id);
  const type = item?.content instanceof Y.ContentType ? item.content.type : null;
  return type instanceof Y.XmlElement && !item!.deleted ? type : null;
}

/**
 * Step 2: the update applied after the live document and the updates still waiting to be stored,
 * on a scratch copy: every element it adds must be valid, and every element whose content or
 * attributes it changes must still be valid if it was. Returns why not, or null.
 */
export function checkStructure(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array, pending: PendingPlacements = () => null): string | null {
  // Most structural updates are proved valid from their own items (schema-proof.ts); the copy is for the rest, refusals included.
  if (proveStructure(live, update, waiting, pending)) return null;
  return checkOnCopy(live, waiting, update);
}

/** Step 2 on a scratch copy of the whole document: O(document). */
export function checkOnCopy(live: Y.Doc, waiting: readonly Uint8Array[], update: Uint8Array): string | null {
  // A fixed guid: a generated one draws from crypto.getRandomValues, a measurable cost per keystroke.
  const scratch = new Y.Doc({ guid: "schema-check" });
  try {
    // Defined first: a root read from an update before that is a bare AbstractType, not the fragment.
    scratch.getXmlFragment(COLLAB_FRAGMENT);
    Y.applyUpdate(scratch, Y.encodeStateAsUpdate(live));
    for (const u of waiting) Y.applyUpdate(scratch, u);
    const touched = new Set<Y.XmlElement | Y.XmlFragment>();
    const added: Y.XmlElement[] = [];
    scratch.on("afterTransaction", (transaction: Y.Transaction) => {
      for (const type of transaction.changed.keys()) {
        if (type instanceof Y.XmlElement || type instanceof Y.XmlFragment) touched.add(type);
        else if (type instanceof Y.XmlText && (type.parent instanceof Y.XmlElement || type.parent instanceof Y.XmlFragment)) touched.add(type.parent);
      }
      // New types are not "changed" (they did not exist before): found through the update's own items.
      for (const [client, clock] of transaction.afterState) {
        const from = transaction.beforeState.get(client) ?? 0;
        const structs = scratch.store.clients.get(client) ?? [];
        for (let i = from < clock ? Y.findIndexSS(structs, from) : structs.length; i < structs.length; i++) {
          const struct = structs[i]!;
          if (struct instanceof Y.Item && !struct.deleted && struct.content instanceof Y.ContentType && struct.content.type instanceof Y.XmlElement) added.push(struct.content.type);
          if (struct instanceof Y.Item && !struct.deleted && struct.content instanceof Y.ContentType && struct.parent instanceof Y.AbstractType) {
            const parent = struct.parent;
            if (parent instanceof Y.XmlElement || parent instanceof Y.XmlFragment) touched.add(parent);
          }
        }
      }
    });
    Y.applyUpdate(scratch, update);
    for (const element of added) if (!element._item?.deleted) checkTree(element);
    for (const node of touched) {
      if (node._item?.deleted || isValid(node)) continue;
      const earlier = before(live, node);
      if (earlier && !isValid(earlier)) continue; // it was already so: not this sender's doing
      checkElement(node);
    }
    return null;
  } catch (error) {
    if (error instanceof Invalid) return error.message;
    throw error;
  } finally {
    scratch.destroy();
  }
}

/**
 * The size of a document's content in characters: text, element names and attribute values
 * (an inline image's data counts), formatting attributes. O(document): for start-up and for
 * the rare moment the running estimate nears the limit.
 */
export function documentChars(doc: Y.Doc): number {
  let chars = 0;
  const walk = (node: Y.XmlElement | Y.XmlFragment) => {
    for (const child of node.toArray() as unknown[]) {
      if (child instanceof Y.XmlElement) {
        chars += child.nodeName.length + jsonLength(child.getAttributes());
        walk(child);
      } else if (child instanceof Y.XmlText) {
        for (const op of textDelta(child)) {
          chars += typeof op.insert === "string" ? op.insert.length : jsonLength(op.insert);
          if (op.attributes) chars += jsonLength(op.attributes);
        }
      } else if (typeof child === "string") chars += child.length;
      else chars += jsonLength(child);
    }
  };
  walk(doc.getXmlFragment(COLLAB_FRAGMENT));
  return chars;
}
