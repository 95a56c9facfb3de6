import * as Y from "yjs";
import { getEditorSchema } from "@clausewise/shared/editor";

/* What both schema checks (schema-guard.ts, schema-proof.ts) build ProseMirror nodes and marks with. */

export type Schema = ReturnType<typeof getEditorSchema>;
export type NodeType = Schema["nodes"][string];
export type PmNode = ReturnType<NodeType["create"]>;
export type PmMark = ReturnType<Schema["marks"][string]["create"]>;

/** Why an update is refused. */
export class Invalid extends Error {}

export const schema = () => getEditorSchema();

/** y-prosemirror names marks that may overlap `name--<hash>`. */
const markName = (key: string) => /^(.*)--[a-zA-Z0-9+/=]{8}$/.exec(key)?.[1] ?? key;

export function elementType(nodeName: string): NodeType {
  const type = Object.hasOwn(schema().nodes, nodeName) ? schema().nodes[nodeName] : undefined;
  if (!type || type.isText || type === schema().topNodeType) throw new Invalid(`an element the editor does not know (${JSON.stringify(nodeName).slice(0, 60)})`);
  return type;
}

export function mark(key: string, value: unknown): PmMark | null {
  const name = markName(key);
  const type = Object.hasOwn(schema().marks, name) ? schema().marks[name] : undefined;
  if (!type) throw new Invalid(`a mark the editor does not know (${JSON.stringify(name).slice(0, 60)})`);
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw new Invalid(`a malformed ${name} mark`);
  try {
    return type.create(value as Record<string, unknown>);
  } catch {
    throw new Invalid(`a malformed ${name} mark`);
  }
}

function byClock(list: Y.Item[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.id.clock > list[i]!.id.clock) return false;
  return true;
}

/** The update's items by client, sorted by clock, to find the item holding an id. */
export function itemIndex(structs: (Y.Item | Y.GC | Y.Skip)[]) {
  const byClient = new Map<number, Y.Item[]>();
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const list = byClient.get(struct.id.client) ?? [];
    list.push(struct);
    byClient.set(struct.id.client, list);
  }
  // An update lists each client's structs by clock already; sorting (which copies) only if not.
  for (const list of byClient.values()) if (!byClock(list)) list.sort((a, b) => a.id.clock - b.id.clock);
  return (id: Y.ID): Y.Item | null => {
    const list = byClient.get(id.client);
    if (!list) return null;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const item = list[mid]!;
      if (id.clock < item.id.clock) hi = mid - 1;
      else if (id.clock >= item.id.clock + item.length) lo = mid + 1;
      else return item;
    }
    return null;
  };
}

export function liveItem(live: Y.Doc, id: Y.ID): Y.Item | null {
  try {
    const struct = Y.getItem(live.store, id);
    return struct instanceof Y.Item ? struct : null;
  } catch {
    return null;
  }
}
