import type { WebSocket } from "ws";
import * as Y from "yjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthState } from "@clausewise/api/auth/sessions";
import { createLogger } from "@clausewise/api/logger";
import { CollabConnection } from "./connection";
import { LiveDocument, STORED_ELSEWHERE } from "./document";
import type { CollabFanout, FanoutMessage } from "./fanout";
import { DEFAULT_COLLAB_OPTIONS, type CollabOptions } from "./options";
import type { DocumentPersistence } from "./persistence";
import { decodeMessage } from "./protocol";

/**
 * The document's path in isolation (the server tests drive it over real sockets): which frames reach
 * whom when a batch commits, and how often the heavy whole-document work (compaction, derived content)
 * runs while typing never stops. The store is an in-memory one; the sockets only record frames.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Recorder {
  persistence: DocumentPersistence;
  stored: Uint8Array[];
  compactions: number;
  derivedRefreshes: number;
  /** The document's text as the last refresh of the derived content saw it. */
  lastDerived: string;
  published: FanoutMessage[];
  fanout: CollabFanout;
  /** Lets the test hold a batch's INSERT until it says so. */
  holdWrites(): () => void;
}

function recorder(): Recorder {
  let gate: Promise<void> | null = null;
  const r: Recorder = {
    stored: [],
    compactions: 0,
    derivedRefreshes: 0,
    lastDerived: "",
    published: [],
    persistence: {
      load: () => Promise.reject(new Error("not used")),
      append: async (_contractId, updates) => {
        if (gate) await gate;
        r.stored.push(...updates);
      },
      compact: async () => {
        r.compactions++;
      },
      refreshDerived: async (_contractId, doc) => {
        r.derivedRefreshes++;
        r.lastDerived = textOf(doc);
      },
      withLoggedUpdates: async () => [],
    },
    fanout: {
      subscribe: async () => async () => {},
      publish: (_contractId, message) => void r.published.push(message),
      onInterrupted: () => {},
      close: async () => {},
    },
    holdWrites() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
  return r;
}

/** A connection whose socket keeps the update frames it was sent. */
function connection(userId: string): { connection: CollabConnection; updates: Uint8Array[] } {
  const updates: Uint8Array[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send(frame: Uint8Array, cb?: (error?: Error) => void) {
      const message = decodeMessage(frame);
      if (message.kind === "update") updates.push(message.update);
      cb?.();
    },
    close() {},
    terminate() {},
  } as unknown as WebSocket;
  const auth = { user: { id: userId } } as unknown as AuthState;
  const c = new CollabConnection(ws, { headers: {} }, { auth, contractId: "c-1", companyId: "co-1", mode: "read-write" }, { messagesPerSecond: 1000, messageBurst: 1000, maxMessageBytes: 1 << 20 });
  return { connection: c, updates };
}

/** An update typing `text` at the end of the shared fragment's first paragraph, as client `doc`. */
function typed(doc: Y.Doc, text: string): Uint8Array {
  let update: Uint8Array | null = null;
  const capture = (u: Uint8Array) => (update = u);
  doc.on("update", capture);
  doc.transact(() => {
    const fragment = doc.getXmlFragment("default");
    if (fragment.length === 0) fragment.insert(0, [new Y.XmlText("")]);
    const t = fragment.get(0) as Y.XmlText;
    t.insert(t.length, text);
  });
  doc.off("update", capture);
  return update!;
}

/** The text of every paragraph (clients that started apart each typed into a paragraph of their own). */
const textOf = (doc: Y.Doc) =>
  doc
    .getXmlFragment("default")
    .toArray()
    .map((node) => node.toString())
    .join("\n");

let live: LiveDocument | null = null;
afterEach(async () => {
  await live?.unload();
  live = null;
});

function open(r: Recorder, options: Partial<CollabOptions> = {}): LiveDocument {
  live = new LiveDocument("c-1", new Y.Doc(), { persistence: r.persistence, fanout: r.fanout, logger: createLogger("silent"), options: { ...DEFAULT_COLLAB_OPTIONS, ...options } });
  return live;
}

/** Applies every frame a client received to a fresh copy of the document. */
function replay(frames: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const frame of frames) Y.applyUpdate(doc, frame);
  return doc;
}

describe("a committed batch", () => {
  it("of one sender reaches every other client and not the sender", async () => {
    const r = recorder();
    const document = open(r);
    const [a, b, c] = [connection("u-a"), connection("u-b"), connection("u-c")];
    for (const x of [a, b, c]) document.join(x.connection);
    const typist = new Y.Doc();
    document.receive(a.connection, { kind: "update", update: typed(typist, "Alpha") });
    document.receive(a.connection, { kind: "update", update: typed(typist, " beta") });
    await document.flush();

    expect(a.updates).toHaveLength(0);
    expect(textOf(replay(b.updates))).toBe("Alpha beta");
    expect(textOf(replay(c.updates))).toBe("Alpha beta");
    expect(r.stored).toHaveLength(2);
    expect(r.published.filter((m) => m.kind === "update")).toHaveLength(1);
  });

  it("of several senders goes to every client as one frame, its senders included", async () => {
    const r = recorder();
    const document = open(r);
    const [a, b, watcher] = [connection("u-a"), connection("u-b"), connection("u-w")];
    for (const x of [a, b, watcher]) document.join(x.connection);
    const [docA, docB] = [new Y.Doc(), new Y.Doc()];
    // Held until all four are queued, so they commit as one batch.
    const release = r.holdWrites();
    document.receive(a.connection, { kind: "update", update: typed(docA, "one ") });
    await sleep(20); // the first INSERT is now in flight with one update; the next three wait
    document.receive(b.connection, { kind: "update", update: typed(docB, "two ") });
    document.receive(a.connection, { kind: "update", update: typed(docA, "three ") });
    document.receive(b.connection, { kind: "update", update: typed(docB, "four ") });
    release();
    await document.flush();

    expect(r.stored).toHaveLength(4);
    // First batch: a alone (b and the watcher hear it); second: a and b (one frame each, to all).
    expect(a.updates).toHaveLength(1);
    expect(b.updates).toHaveLength(2);
    expect(watcher.updates).toHaveLength(2);
    const everything = textOf(document.doc);
    for (const word of ["one", "two", "three", "four"]) expect(everything).toContain(word);
    // Every client ends with the same document as the server: a and b from what they typed plus what they heard.
    Y.applyUpdate(docA, Y.encodeStateAsUpdate(replay(a.updates)));
    Y.applyUpdate(docB, Y.encodeStateAsUpdate(replay(b.updates)));
    for (const doc of [docA, docB, replay(watcher.updates)]) expect(textOf(doc)).toBe(everything);
    expect(r.published.filter((m) => m.kind === "update")).toHaveLength(2);
  });
});

describe("what a committed change is relayed as", () => {
  it("one stored update is relayed as the bytes its sender sent; one that changes nothing is not relayed", async () => {
    const r = recorder();
    const document = open(r);
    const [a, b] = [connection("u-a"), connection("u-b")];
    for (const x of [a, b]) document.join(x.connection);
    const update = typed(new Y.Doc(), "Alpha");
    document.receive(a.connection, { kind: "update", update });
    await document.flush();
    expect(b.updates).toEqual([update]);
    expect(r.published).toEqual([{ kind: "update", data: update }]);

    document.applyStored(update, STORED_ELSEWHERE.bus); // already held: the document does not change
    expect(b.updates).toHaveLength(1);
  });

  it("an update that waited for a missing one reaches the clients once that one arrives", () => {
    const r = recorder();
    const document = open(r);
    const b = connection("u-b");
    document.join(b.connection);
    const typist = new Y.Doc();
    const first = typed(typist, "Alpha");
    const second = typed(typist, " beta");
    document.applyStored(second, STORED_ELSEWHERE.bus); // its structs wait for the first's
    expect(b.updates).toHaveLength(0);
    document.applyStored(first, STORED_ELSEWHERE.bus); // both integrate now: the relay carries both
    expect(textOf(document.doc)).toBe("Alpha beta");
    expect(textOf(replay(b.updates))).toBe("Alpha beta");
  });
});

describe("whole-document work under sustained typing", () => {
  it("compacts after the threshold, then no more often than the minimum interval", async () => {
    const r = recorder();
    const document = open(r, { compactAfterUpdates: 2, compactMinIntervalMs: 400, compactQuietMs: 60_000, batchDelayMs: 1 });
    const a = connection("u-a");
    document.join(a.connection);
    const typist = new Y.Doc();
    const started = Date.now();
    for (let i = 0; Date.now() - started < 600; i++) {
      document.receive(a.connection, { kind: "update", update: typed(typist, `w${i} `) });
      await sleep(10);
    }
    await document.flush();
    const elapsed = Date.now() - started;
    // The threshold is passed within the first few updates: one compaction at once, then one per 400 ms
    // (every other update would be ~30 of them).
    expect(r.compactions).toBeGreaterThanOrEqual(2);
    expect(r.compactions).toBeLessThanOrEqual(1 + Math.floor(elapsed / 400));
  });

  it("refreshes the derived content at least every maximum wait while changes keep coming", async () => {
    const r = recorder();
    const document = open(r, { derivedDebounceMs: 100, derivedMaxWaitMs: 250, batchDelayMs: 1 });
    const a = connection("u-a");
    document.join(a.connection);
    const typist = new Y.Doc();
    const started = Date.now();
    let last = "";
    for (let i = 0; Date.now() - started < 700; i++) {
      last = `w${i} `;
      document.receive(a.connection, { kind: "update", update: typed(typist, last) });
      await sleep(20); // never quiet for the 100 ms debounce
    }
    // A debounce alone would wait for a pause that never comes.
    expect(r.derivedRefreshes).toBeGreaterThanOrEqual(2);
    // And once typing stops, the debounce catches the last words (whether the maximum wait already
    // had, just before the loop ended, or the debounce does now).
    await vi.waitFor(() => expect(r.lastDerived).toContain(last.trim()), { timeout: 2000 });
    await document.flush();
  });

  it("an idle document with stored updates is compacted once it is quiet", async () => {
    const r = recorder();
    const document = open(r, { compactAfterUpdates: 1000, compactQuietMs: 100, batchDelayMs: 1 });
    const a = connection("u-a");
    document.join(a.connection);
    document.receive(a.connection, { kind: "update", update: typed(new Y.Doc(), "x") });
    await document.flush();
    expect(r.compactions).toBe(0);
    await sleep(200);
    expect(r.compactions).toBe(1);
  });
});
