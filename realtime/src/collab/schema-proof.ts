import * as Y from "yjs";
import { COLLAB_FRAGMENT } from "@clausewise/shared";
import { decodedUpdate } from "./decoded-update";
import type { PendingPlacements } from "./schema-guard";
import { elementType, itemIndex, liveItem, mark, schema, type NodeType, type PmMark, type PmNode } from "./schema-nodes";

/*
 * Step 2 of the schema guard without a copy of the document (issue 15): a proof, from the update's
 * own items and the few live elements they touch, that applying it leaves every element it creates
 * valid and every element it changes valid (or as invalid as it already was). O(update + touched
 * elements); the copy cost O(document) per Enter, paste or appended paragraph.
 *
 * It only ever says "valid": whatever it cannot prove cheaply (an update of several clients, items
 * it cannot place, an existing element whose content expression depends on order, such as a list
 * item's "paragraph block*", a change that might empty an element needing content, anything that
 * looks wrong) is left to the copy in `checkStructure`, which refuses or accepts exactly as before.
 * The content expressions that make it cheap: every other node of the editor schema takes any
 * sequence of its allowed children ("block+", "inline*", "listItem+"), so an element valid before
 * stays valid when children of allowed types are added or removed, as long as one is left where
 * one is needed; order matters only inside the elements the update creates, whose children come
 * from the update and are put in order here as Yjs would.
 */

type Container = Y.XmlElement | Y.XmlFragment;
type Holder = { live: Container | Y.XmlText } | { fresh: Y.Item };

/** Where an item goes: a type of the live document or one the update creates, and the attribute it sets (null: a child). */
interface Place {
  holder: Holder;
  key: string | null;
}

/** What the update does to one live element. */
interface Change {
  children: Y.Item[];
  attributes: Map<string, Y.Item[]>;
  removedAttributes: Set<string>;
  text: boolean;
  marks: PmMark[];
  shrinks: boolean;
}

/** Not provable here: the copy decides. */
class Unsure extends Error {}

interface FreeContent {
  allowed: Set<NodeType>;
  /** At least one child is needed ("+"). */
  needsOne: boolean;
}

const freeContentCache = new WeakMap<NodeType, FreeContent | null>();

/**
 * A content expression that takes any sequence of its allowed types (`a*`, `(a | b)+`), read from
 * ProseMirror's automaton: every allowed type leads from the start to one state, which takes every
 * allowed type back to itself and may end there. Null: order matters.
 */
function freeContent(type: NodeType): FreeContent | null {
  if (freeContentCache.has(type)) return freeContentCache.get(type)!;
  const types = Object.values(schema().nodes);
  const start = type.contentMatch;
  const allowed = new Set<NodeType>();
  let loop: typeof start | null = null;
  let free = true;
  for (const t of types) {
    const next = start.matchType(t);
    if (!next) continue;
    allowed.add(t);
    if (loop === null) loop = next;
    else if (next !== loop) free = false;
  }
  if (loop === null) free = start.validEnd;
  else if (!loop.validEnd || types.some((t) => (loop.matchType(t) === loop) !== allowed.has(t))) free = false;
  const result = free ? { allowed, needsOne: !start.validEnd } : null;
  freeContentCache.set(type, result);
  return result;
}

type Extent = "none" | "part" | "all";

/** How much of an item's clocks the update deletes. */
function deletions(ds: ReturnType<typeof Y.decodeUpdate>["ds"]) {
  const byClient = new Map<number, { clock: number; len: number }[]>();
  for (const [client, ranges] of ds.clients) {
    const sorted = [...ranges].sort((a, b) => a.clock - b.clock);
    for (let i = 1; i < sorted.length; i++) if (sorted[i]!.clock < sorted[i - 1]!.clock + sorted[i - 1]!.len) throw new Unsure();
    byClient.set(client, sorted);
  }
  return (id: Y.ID, length = 1): Extent => {
    const ranges = byClient.get(id.client);
    if (!ranges) return "none";
    const end = id.clock + length;
    let lo = 0;
    let hi = ranges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid]!.clock + ranges[mid]!.len <= id.clock) lo = mid + 1;
      else hi = mid;
    }
    let covered = 0;
    for (let i = lo; i < ranges.length && ranges[i]!.clock < end; i++) covered += Math.min(end, ranges[i]!.clock + ranges[i]!.len) - Math.max(id.clock, ranges[i]!.clock);
    return covered === 0 ? "none" : covered >= length ? "all" : "part";
  };
}

const lastClock = (item: Y.Item) => item.id.clock + item.length - 1;
const follows = (origin: Y.ID | null, left: Y.Item | undefined) => (left ? origin !== null && origin.client === left.id.client && origin.clock === lastClock(left) : origin === null);

/**
 * The children one client's items give a type that did not exist before its update, in their order:
 * replayed by clock, each goes right after its origin, and its recorded right neighbour must be the
 * one found there (else the items were not made in this order by one client: not provable).
 */
function ordered(items: readonly Y.Item[]): Y.Item[] {
  const next = new Map<Y.Item, Y.Item | null>();
  const byLastClock = new Map<number, Y.Item>();
  let head: Y.Item | null = null;
  for (const item of items) {
    let right: Y.Item | null;
    if (item.origin === null) {
      right = head;
      head = item;
    } else {
      const left = byLastClock.get(item.origin.clock);
      if (!left || item.origin.client !== left.id.client) throw new Unsure();
      right = next.get(left) ?? null;
      next.set(left, item);
    }
    const expected = item.rightOrigin;
    if (right ? !expected || expected.client !== right.id.client || expected.clock !== right.id.clock : expected !== null) throw new Unsure();
    next.set(item, right);
    byLastClock.set(lastClock(item), item);
  }
  const result: Y.Item[] = [];
  for (let item = head; item; item = next.get(item) ?? null) result.push(item);
  return result;
}

/** The value an attribute ends with, from its items in clock order (each must overwrite the one before). */
function lastValue(items: readonly Y.Item[], current: Y.Item | undefined): Y.Item {
  let left = current;
  for (const item of items) {
    if (!follows(item.origin, left)) throw new Unsure();
    left = item;
  }
  return left!;
}

const attributeValue = (item: Y.Item) => {
  if (!(item.content instanceof Y.ContentAny)) throw new Unsure();
  return item.content.arr[item.content.arr.length - 1];
};

/**
 * Whether `update`, applied after `live` and the updates still `waiting` to be stored, is provably
 * valid. False: not provable here. `pending` tells where the waiting updates' items went.
 */
export function proveStructure(live: Y.Doc, update: Uint8Array, waiting: readonly Uint8Array[] = [], pending: PendingPlacements = () => null): boolean {
  try {
    const touched = prove(live, update, pending);
    for (const earlier of waiting) onlyAdds(live, earlier, touched, pending);
    return true;
  } catch {
    // Unsure, an Invalid from the node builders, or anything unexpected in a malformed update: the copy decides.
    return false;
  }
}

/** Throws Unsure unless the update is valid applied right after `live`; returns the live elements it changes. */
function prove(live: Y.Doc, update: Uint8Array, pending: PendingPlacements): Map<Container, Change> {
  const { structs, ds } = decodedUpdate(update);
  const items: Y.Item[] = [];
  for (const struct of structs) {
    if (!(struct instanceof Y.Item) || struct.id.client !== structs[0]!.id.client) throw new Unsure();
    if (items.length && struct.id.clock <= lastClock(items[items.length - 1]!)) throw new Unsure();
    items.push(struct);
  }
  const inUpdate = itemIndex(items);
  const deleted = deletions(ds);
  const root = live.getXmlFragment(COLLAB_FRAGMENT);

  const liveHolder = (type: unknown, key: string | null): Place => {
    if (!(type instanceof Y.XmlElement || type instanceof Y.XmlText || type === root)) throw new Unsure();
    if ((type as Y.AbstractType<unknown>)._item?.deleted) throw new Unsure();
    return { holder: { live: type as Container | Y.XmlText }, key };
  };
  const places = new Map<Y.Item, Place>();
  // Items come in clock order, and an item's parent or neighbour in the same update is older: already placed.
  const place = (item: Y.Item): Place => {
    const parent = item.parent as unknown;
    if (typeof parent === "string") {
      if (parent !== COLLAB_FRAGMENT) throw new Unsure();
      return { holder: { live: root }, key: item.parentSub };
    }
    if (parent instanceof Y.ID) {
      const local = inUpdate(parent);
      if (local) {
        if (!(local.content instanceof Y.ContentType)) throw new Unsure();
        return { holder: { fresh: local }, key: item.parentSub };
      }
      const stored = liveItem(live, parent);
      if (!stored || !(stored.content instanceof Y.ContentType)) throw new Unsure();
      return liveHolder(stored.content.type, item.parentSub);
    }
    if (parent !== null) throw new Unsure();
    const neighbour = item.origin ?? item.rightOrigin;
    if (!neighbour) throw new Unsure();
    const local = inUpdate(neighbour);
    if (local) return places.get(local) ?? unsure();
    const stored = liveItem(live, neighbour);
    if (!stored) return pendingInRoot(neighbour, pending, root);
    return liveHolder(stored.parent, stored.parentSub);
  };

  const freshChildren = new Map<Y.Item, Y.Item[]>();
  const freshAttributes = new Map<Y.Item, Map<string, Y.Item[]>>();
  const touched = new Map<Container, Change>();
  const change = (container: unknown): Change => {
    if (!(container instanceof Y.XmlElement || container === root)) throw new Unsure();
    let c = touched.get(container as Container);
    if (!c) touched.set(container as Container, (c = { children: [], attributes: new Map(), removedAttributes: new Set(), text: false, marks: [], shrinks: false }));
    return c;
  };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };

  for (const item of items) {
    const { holder, key } = place(item);
    places.set(item, { holder, key });
    if ("fresh" in holder) {
      if (key === null) push(freshChildren, holder.fresh, item);
      else {
        const attributes = freshAttributes.get(holder.fresh) ?? new Map<string, Y.Item[]>();
        freshAttributes.set(holder.fresh, attributes);
        push(attributes, key, item);
      }
    } else if (holder.live instanceof Y.XmlText) {
      if (key !== null) throw new Unsure();
      const c = change(holder.live.parent);
      const content = item.content;
      if (content instanceof Y.ContentString) c.text = true;
      else if (content instanceof Y.ContentFormat) {
        const added = mark(content.key, content.value);
        if (added) c.marks.push(added);
      }
      else if (!(content instanceof Y.ContentDeleted)) throw new Unsure();
    } else if (key === null) change(holder.live).children.push(item);
    else push(change(holder.live).attributes, key, item);
  }

  // What the update deletes of the live document (its own deleted items are skipped where they are read).
  for (const [client, ranges] of ds.clients) {
    const stored = live.store.clients.get(client);
    const liveNext = stored?.length ? lastClock(stored[stored.length - 1] as Y.Item) + 1 : 0;
    for (const range of ranges) {
      // Beyond the live document it may delete only its own items (those of a waiting update are not known here).
      const end = range.clock + range.len;
      if (end > liveNext && !(client === items[0]!.id.client && Math.max(range.clock, liveNext) >= items[0]!.id.clock && end <= lastClock(items[items.length - 1]!) + 1)) throw new Unsure();
      if (!stored || range.clock >= liveNext) continue;
      for (let i = Y.findIndexSS(stored, range.clock); i < stored.length && stored[i]!.id.clock < range.clock + range.len; i++) {
        const struct = stored[i]!;
        if (!(struct instanceof Y.Item) || struct.deleted) continue;
        const parent = struct.parent;
        if (parent instanceof Y.XmlText) change(parent.parent).shrinks = true;
        else if (struct.parentSub === null) change(parent).shrinks = true;
        else if ((parent as Y.AbstractType<unknown>)._map.get(struct.parentSub) === struct) change(parent).removedAttributes.add(struct.parentSub);
      }
    }
  }

  const gone = (item: Y.Item) => {
    const extent = deleted(item.id, item.length);
    if (extent === "part") throw new Unsure();
    return extent === "all" || item.content instanceof Y.ContentDeleted;
  };
  const attributesOf = (base: Record<string, unknown>, changes: Map<string, Y.Item[]> | undefined, current: (key: string) => Y.Item | undefined) => {
    const attributes = { ...base };
    for (const [key, list] of changes ?? []) {
      const last = lastValue(list, current(key));
      if (gone(last)) delete attributes[key];
      else attributes[key] = attributeValue(last);
    }
    return attributes;
  };
  const freshAttributesOf = (item: Y.Item) => attributesOf({}, freshAttributes.get(item), () => undefined);
  const textNodes = (item: Y.Item): PmNode[] => {
    const nodes: PmNode[] = [];
    const format = new Map<string, unknown>();
    for (const piece of ordered(freshChildren.get(item) ?? [])) {
      if (gone(piece)) continue;
      const content = piece.content;
      if (content instanceof Y.ContentFormat) {
        if (content.value === null) format.delete(content.key);
        else format.set(content.key, content.value);
      } else if (content instanceof Y.ContentString) {
        nodes.push(schema().text(content.str, [...format].flatMap(([key, value]) => mark(key, value) ?? [])));
      } else throw new Unsure();
    }
    return nodes;
  };

  // Every element the update creates, with its children in order, through ProseMirror's checked constructor.
  for (const item of items) {
    if (!(item.content instanceof Y.ContentType)) continue;
    const type = item.content.type;
    if (type instanceof Y.XmlText) continue; // read with its element
    if (!(type instanceof Y.XmlElement)) throw new Unsure();
    const children: PmNode[] = [];
    for (const child of ordered(freshChildren.get(item) ?? [])) {
      if (gone(child)) continue;
      const node = child.content instanceof Y.ContentType ? child.content.type : null;
      if (node instanceof Y.XmlElement) children.push(elementType(node.nodeName).create(freshAttributesOf(child)));
      else if (node instanceof Y.XmlText) children.push(...textNodes(child));
      else throw new Unsure();
    }
    elementType(type.nodeName).createChecked(freshAttributesOf(item), children);
  }

  // Every live element the update changes: children of allowed types added or removed, one left where one is needed.
  for (const [container, c] of touched) {
    const own = container._item;
    if (own && (own.deleted || deleted(own.id) !== "none")) continue;
    const type = container === root ? schema().topNodeType : elementType((container as Y.XmlElement).nodeName);
    const content = freeContent(type);
    if (!content) throw new Unsure();
    let added = false;
    for (const child of c.children) {
      if (gone(child)) continue;
      const node = child.content instanceof Y.ContentType ? child.content.type : null;
      if (node instanceof Y.XmlElement) {
        if (!content.allowed.has(elementType(node.nodeName))) throw new Unsure();
        added = true;
      } else if (node instanceof Y.XmlText) {
        for (const text of textNodes(child)) if (!content.allowed.has(text.type) || !type.allowsMarks(text.marks)) throw new Unsure();
      } else throw new Unsure();
    }
    // Text typed next to formatting that held no text before may take marks this element refuses: not provable unless it takes every mark.
    if (c.text && (!content.allowed.has(schema().nodes.text!) || type.markSet !== null)) throw new Unsure();
    if (!type.allowsMarks(c.marks)) throw new Unsure();
    if (content.needsOne && c.shrinks && !added && !keepsAnElement(container, deleted)) throw new Unsure();
    if (c.attributes.size || c.removedAttributes.size) {
      if (!(container instanceof Y.XmlElement)) throw new Unsure();
      const base = container.getAttributes() as Record<string, unknown>;
      for (const key of c.removedAttributes) delete base[key];
      type.create(attributesOf(base, c.attributes, (key) => container._map.get(key)));
    }
  }
  return touched;
}

function unsure(): never {
  throw new Unsure();
}

/** Whether an element keeps an element child the update does not delete (its first ones are looked at). */
function keepsAnElement(container: Container, deleted: (id: Y.ID) => Extent): boolean {
  for (let item = container._start; item; item = item.right) {
    if (!item.deleted && item.content instanceof Y.ContentType && item.content.type instanceof Y.XmlElement && deleted(item.id) === "none") return true;
  }
  return false;
}

/** A neighbour in a waiting update: its place is known only as "in the document" (elements have no identity there). */
function pendingInRoot(neighbour: Y.ID, pending: PendingPlacements, root: Y.XmlFragment): Place {
  const placed = pending(neighbour);
  if (placed?.kind !== "root" || placed.name !== COLLAB_FRAGMENT) throw new Unsure();
  return { holder: { live: root }, key: null };
}

/**
 * An update accepted earlier and not applied yet may, in the live elements this one changes, only
 * add elements of types they allow (an appended paragraph after the previous one): then each
 * element this one changes ends as it would without it, plus allowed children. Anything else it
 * does there, or anything it does that cannot be placed, leaves the verdict to the copy.
 */
function onlyAdds(live: Y.Doc, update: Uint8Array, touched: Map<Container, Change>, pending: PendingPlacements): void {
  const root = live.getXmlFragment(COLLAB_FRAGMENT);
  const { structs, ds } = decodedUpdate(update);
  const inUpdate = itemIndex(structs);
  const places = new Map<Y.Item, Place>();
  const liveType = (type: unknown, key: string | null): Place => ({ holder: { live: type as Container | Y.XmlText }, key });
  for (const item of structs) {
    if (!(item instanceof Y.Item)) continue;
    const parent = item.parent as unknown;
    const neighbour = item.origin ?? item.rightOrigin;
    let place: Place;
    if (typeof parent === "string") place = liveType(root, item.parentSub);
    else if (parent instanceof Y.ID) {
      const local = inUpdate(parent);
      const stored = local ? null : liveItem(live, parent);
      if (local) place = { holder: { fresh: local }, key: item.parentSub };
      else if (stored?.content instanceof Y.ContentType) place = liveType(stored.content.type, item.parentSub);
      else throw new Unsure();
    } else if (neighbour) {
      const local = inUpdate(neighbour);
      const stored = local ? null : liveItem(live, neighbour);
      if (local) place = places.get(local) ?? unsure();
      else if (stored) place = liveType(stored.parent, stored.parentSub);
      else place = pendingInRoot(neighbour, pending, root);
    } else throw new Unsure();
    places.set(item, place);
    if ("fresh" in place.holder) continue;
    const type = place.holder.live;
    if (type instanceof Y.XmlText) {
      if (touched.has(type.parent as Container)) throw new Unsure();
      continue;
    }
    if (!touched.has(type)) continue;
    const added = item.content instanceof Y.ContentType ? item.content.type : null;
    const content = freeContent(type === root ? schema().topNodeType : elementType((type as Y.XmlElement).nodeName));
    if (place.key !== null || !(added instanceof Y.XmlElement) || !content?.allowed.has(elementType(added.nodeName))) throw new Unsure();
  }
  for (const [client, ranges] of ds.clients) {
    const stored = live.store.clients.get(client);
    if (!stored?.length) continue;
    const liveNext = lastClock(stored[stored.length - 1] as Y.Item) + 1;
    for (const range of ranges) {
      if (range.clock >= liveNext) continue; // items of waiting updates: not children of live elements counted on
      for (let i = Y.findIndexSS(stored, range.clock); i < stored.length && stored[i]!.id.clock < range.clock + range.len; i++) {
        const parent = (stored[i] as Y.Item).parent;
        if (touched.has(parent as Container) || (parent instanceof Y.XmlText && touched.has(parent.parent as Container))) throw new Unsure();
      }
    }
  }
}
