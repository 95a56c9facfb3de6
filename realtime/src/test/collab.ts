import { WebSocket } from "ws";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { COLLAB_FRAGMENT, COLLAB_PATH } from "@clausewise/shared";
import type { Db } from "@clausewise/api/db/client";

/** A ws client class that sends these headers (cookie, origin) with its upgrade, as a browser would. */
export function socketWithHeaders(headers: Record<string, string>) {
  return class HeaderSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

export function collabUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, "ws")}${COLLAB_PATH}`;
}

export function sessionHeaders(token: string | null, origin?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.cookie = `cw_session=${token}`;
  if (origin) headers.origin = origin;
  return headers;
}

export interface Peer {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close events the server sent, in order. */
  closes: { code: number; reason: string }[];
  synced(): Promise<void>;
  /** The next close the server sends. */
  nextClose(): Promise<{ code: number; reason: string }>;
  destroy(): void;
}

/** The stock y-websocket client in Node, with a session cookie; BroadcastChannel off so peers talk only through the server. */
export function connectPeer(baseUrl: string, contractId: string, headers: Record<string, string>, options: { maxBackoffTime?: number } = {}): Peer {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(collabUrl(baseUrl), contractId, doc, {
    WebSocketPolyfill: socketWithHeaders(headers) as never,
    disableBc: true,
    maxBackoffTime: options.maxBackoffTime ?? 200,
  });
  const closes: { code: number; reason: string }[] = [];
  const waiters: ((close: { code: number; reason: string }) => void)[] = [];
  provider.on("connection-close", (event: { code: number; reason: string } | null) => {
    if (!event) return;
    const close = { code: event.code, reason: String(event.reason) };
    closes.push(close);
    waiters.splice(0).forEach((w) => w(close));
  });
  return {
    doc,
    provider,
    closes,
    synced: () =>
      provider.synced
        ? Promise.resolve()
        : new Promise((resolve) => {
            const onSync = (state: boolean) => {
              if (!state) return;
              provider.off("sync", onSync);
              resolve();
            };
            provider.on("sync", onSync);
          }),
    nextClose: () => new Promise((resolve) => waiters.push(resolve)),
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

export type RawOutcome = { status: number } | { code: number; reason: string };

/** Opens a bare WebSocket and reports how the server answered: an HTTP status, or a close code. */
export function rawOutcome(baseUrl: string, contractId: string, headers: Record<string, string>): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${collabUrl(baseUrl)}/${contractId}`, { headers });
    ws.on("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.on("error", () => undefined);
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

/** Opens a bare WebSocket that is accepted (for sending hand-made frames). */
export function openRaw(baseUrl: string, contractId: string, headers: Record<string, string>): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${collabUrl(baseUrl)}/${contractId}`, { headers });
    const closed = new Promise<{ code: number; reason: string }>((r) => ws.on("close", (code, reason) => r({ code, reason: reason.toString() })));
    ws.on("open", () => resolve({ ws, closed }));
    ws.on("error", reject);
  });
}

function plainText(text: Y.XmlText): string {
  return (text.toDelta() as { insert: unknown }[]).map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");
}

/** The document as lines of text (marks left out), one per block. */
export function textLines(doc: Y.Doc): string[] {
  const lines: string[] = [];
  const walk = (node: Y.XmlElement | Y.XmlFragment) => {
    for (const child of node.toArray()) {
      if (child instanceof Y.XmlElement) {
        const texts = child.toArray().filter((c): c is Y.XmlText => c instanceof Y.XmlText);
        if (texts.length > 0 || child.length === 0) lines.push(texts.map(plainText).join(""));
        else walk(child);
      }
    }
  };
  walk(doc.getXmlFragment(COLLAB_FRAGMENT));
  return lines;
}

/** The XmlText of the document's first block. */
export function firstText(doc: Y.Doc): Y.XmlText {
  const first = doc.getXmlFragment(COLLAB_FRAGMENT).get(0);
  if (!(first instanceof Y.XmlElement)) throw new Error("the document has no first block");
  const text = first.get(0);
  if (text instanceof Y.XmlText) return text;
  const created = new Y.XmlText();
  first.insert(0, [created]);
  return created;
}

/** Polls until `check` holds (tests never assert on time; this only bounds the wait). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether everything in `update` is already contained in `doc` (applying it would change nothing). */
export function containsUpdate(state: Uint8Array, update: Uint8Array): boolean {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  let changed = false;
  doc.on("update", () => {
    changed = true;
  });
  Y.applyUpdate(doc, update);
  const missing = doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
  doc.destroy();
  return !changed && !missing;
}

/** What Postgres holds of a document: the state row and every log row, merged. */
export async function storedState(db: Db, contractId: string): Promise<{ state: Uint8Array; logRows: number }> {
  const state = await db.query.yjsDocuments.findFirst({ where: (t, { eq }) => eq(t.contractId, contractId) });
  const log = await db.query.yjsUpdates.findMany({ where: (t, { eq }) => eq(t.contractId, contractId) });
  const parts = [...(state ? [state.state] : []), ...log.map((r) => r.update)];
  return { state: parts.length > 0 ? Y.mergeUpdates(parts) : Y.encodeStateAsUpdate(new Y.Doc()), logRows: log.length };
}

/** Size of the document's whole state, encoded as one update. */
export function documentBytes(doc: Y.Doc): number {
  return Y.encodeStateAsUpdate(doc).byteLength;
}
