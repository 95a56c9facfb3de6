/**
 * One load client for ClauseWise's /collab and its peers (Hocuspocus, the stock y-websocket server), so
 * that all three are measured the same way (issue 15, bench:collab's "peers" scenario). bench/collab.ts
 * runs it as a child process, one run per server and rate; it can be run alone too:
 *
 *   node --import tsx bench/collab-load.ts spec.json      (prints one JSON line, see LoadResult)
 *
 * What it does: DOCS documents × CPD clients, each client a Y.Doc synced with the server. The first
 * client of each document is its writer: RATE times a second (timers started at a random phase) it
 * appends a paragraph to the TipTap fragment ("default") whose text is `ts:<its clock>`, as an editor
 * pressing Enter and typing does. Every other client of the document applies what the server relays and
 * looks at the paragraphs that arrived: each new `ts:` paragraph is one delivery, latency = now − its
 * clock (one process, one clock). A relayed frame may carry several edits (ClauseWise relays the batch
 * a group commit stored), so every new paragraph since the client's previous look is counted, not only
 * the last one. "delivered" counts what arrived by DRAIN_MS (500) after the last edit; "expected" is
 * edits sent × (CPD − 1); deliveries after that are "late".
 *
 * Protocols: ClauseWise and y-websocket speak the same y-websocket framing (room in the URL path;
 * ClauseWise's room is the contract id, signed in with a session cookie); Hocuspocus prefixes every
 * message with the room name, wants an auth message first, and answers sync with "sync reply" (4).
 * Awareness is not sent (no peer needs it to relay documents).
 *
 * Server figures: user + system CPU of SERVER_PIDS over the window (from /proc/<pid>/stat) and its VmRSS
 * at the start and at its peak.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import type * as YModule from "../realtime/node_modules/yjs/dist/src/index.js";

// The Yjs of realtime/ (the repository root has none of its own; see bench/collab.ts).
const yjsPackage = createRequire(new URL("../realtime/package.json", import.meta.url)).resolve("yjs/package.json");
const Y = (await import(pathToFileURL(path.join(path.dirname(yjsPackage), "dist/yjs.mjs")).href)) as typeof YModule;

export type LoadMode = "clausewise" | "hocuspocus" | "ywebsocket";

export interface LoadSpec {
  mode: LoadMode;
  /** ws:// base: ClauseWise's `…/collab`, y-websocket's server root (room appended as a path), Hocuspocus' URL as is. */
  url: string;
  /** One room (document name, or contract id) per document. */
  rooms: string[];
  /** ClauseWise: cookies used in turn by the connections (one signed-in user each); others: none. */
  cookies?: string[];
  origin?: string;
  clientsPerDoc: number;
  /** Edits per second per document. */
  rate: number;
  seconds: number;
  serverPids: number[];
  drainMs?: number;
}

export interface LoadResult {
  mode: LoadMode;
  docs: number;
  clientsPerDoc: number;
  rate: number;
  connections: number;
  ready: number;
  connectMs: number;
  sent: number;
  expected: number;
  delivered: number;
  late: number;
  seconds: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  serverCpuSeconds: number;
  serverRssStartMB: number;
  serverRssPeakMB: number;
  clientCpuPct: number;
  /** Connections the server closed after they were ready, by close code and reason. */
  closed: Record<string, number>;
}

const now = () => performance.timeOrigin + performance.now();

// ------------------------------------------------------------------------------ lib0 varint framing

class Writer {
  private readonly bytes: number[] = [];
  uint(n: number): this {
    while (n > 0x7f) {
      this.bytes.push(0x80 | (n & 0x7f));
      n = Math.floor(n / 0x80);
    }
    this.bytes.push(n);
    return this;
  }
  data(bytes: Uint8Array): this {
    this.uint(bytes.length);
    for (const b of bytes) this.bytes.push(b);
    return this;
  }
  string(s: string): this {
    return this.data(Buffer.from(s, "utf8"));
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  uint(): number {
    let n = 0;
    let shift = 1;
    for (;;) {
      const b = this.bytes[this.at++];
      if (b === undefined) throw new Error("truncated message");
      n += (b & 0x7f) * shift;
      if (b < 0x80) return n;
      shift *= 0x80;
    }
  }
  data(): Uint8Array {
    const length = this.uint();
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }
  string(): string {
    return Buffer.from(this.data()).toString("utf8");
  }
}

const SYNC = 0;
const HOCUSPOCUS_AUTH = 2;
const HOCUSPOCUS_SYNC_REPLY = 4;
const STEP1 = 0;
const STEP2 = 1;
const UPDATE = 2;

// ------------------------------------------------------------------------------------------ clients

interface Client {
  doc: YModule.Doc;
  socket: WebSocket;
  writer: boolean;
  ready: boolean;
  timer?: NodeJS.Timeout;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  const closed: Record<string, number> = {};
  let finished = false;
  let late = 0;
  let counting = true;
  // BENCH_TIMELINE=<file>: the worst latency of each second of the run, written there (where a tail comes from).
  const timeline: number[] | null = process.env.BENCH_TIMELINE ? [] : null;
  const timelineStart = now();
  const hocuspocus = spec.mode === "hocuspocus";

  function connect(room: string, index: number, writer: boolean): Promise<Client> {
    const doc = new Y.Doc();
    const url = hocuspocus ? spec.url : `${spec.url}/${room}`;
    const headers: Record<string, string> = {};
    if (spec.cookies?.length) headers.cookie = spec.cookies[index % spec.cookies.length]!;
    if (spec.origin) headers.origin = spec.origin;
    const socket = new WebSocket(url, { perMessageDeflate: false, headers });
    const client: Client = { doc, socket, writer, ready: false };
    const fromServer = socket; // the origin of what the server sends
    const frame = (type: number) => (hocuspocus ? new Writer().string(room).uint(type) : new Writer().uint(type));
    const send = (bytes: Uint8Array) => socket.readyState === WebSocket.OPEN && socket.send(bytes);
    const fragment = doc.getXmlFragment("default");
    let seen = 0;

    doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== fromServer) {
        send(frame(SYNC).uint(UPDATE).data(update).done());
        return;
      }
      if (writer || !client.ready) {
        seen = fragment.length;
        return;
      }
      // Every paragraph this update brought, not only the last: a relayed frame may carry several edits.
      const arrived = now();
      for (let i = seen; i < fragment.length; i++) {
        const block = fragment.get(i);
        const text = block instanceof Y.XmlElement ? block.get(0) : null;
        const match = text instanceof Y.XmlText ? /^ts:(\d+(?:\.\d+)?)$/.exec(text.toString()) : null;
        if (!match) continue;
        if (counting) {
          latencies.push(arrived - Number(match[1]));
          if (timeline) {
            const second = Math.floor((arrived - timelineStart) / 1000);
            timeline[second] = Math.max(timeline[second] ?? 0, arrived - Number(match[1]));
          }
        }
        else late++;
      }
      seen = fragment.length;
    });

    return new Promise<Client>((resolve) => {
      const give = () => resolve(client);
      socket.on("open", () => {
        if (hocuspocus) send(frame(HOCUSPOCUS_AUTH).uint(0).string("bench").done());
        send(frame(SYNC).uint(STEP1).data(Y.encodeStateVector(doc)).done());
      });
      socket.on("message", (data: Buffer) => {
        const reader = new Reader(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (hocuspocus) reader.string();
        const type = reader.uint();
        if (type !== SYNC && !(hocuspocus && type === HOCUSPOCUS_SYNC_REPLY)) return;
        const kind = reader.uint();
        if (kind === STEP1) {
          const stateVector = reader.data();
          send(frame(hocuspocus ? HOCUSPOCUS_SYNC_REPLY : SYNC).uint(STEP2).data(Y.encodeStateAsUpdate(doc, stateVector)).done());
        } else if (kind === STEP2 || kind === UPDATE) {
          Y.applyUpdate(doc, reader.data(), fromServer);
          if (kind === STEP2 && !client.ready) {
            client.ready = true;
            seen = fragment.length;
            give();
          }
        }
      });
      socket.on("error", give);
      socket.on("close", (code: number, reason: Buffer) => {
        if (client.ready && !finished) {
          const key = `${code} ${reason.toString()}`.trim();
          closed[key] = (closed[key] ?? 0) + 1;
        }
        give();
      });
      setTimeout(give, 30_000).unref();
    });
  }

  const cpu = () => spec.serverPids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
  const rss = () => spec.serverPids.reduce((sum, pid) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024, 0);

  // Connect in batches of one document's clients × 10 documents, so a thousand handshakes do not all
  // land in the same tick (the first client of each document loads it).
  const started = now();
  const clients: Client[] = [];
  for (let d = 0; d < spec.rooms.length; d += 10) {
    const batch = spec.rooms.slice(d, d + 10).flatMap((room, k) => Array.from({ length: spec.clientsPerDoc }, (_, i) => connect(room, (d + k) * spec.clientsPerDoc + i, i === 0)));
    clients.push(...(await Promise.all(batch)));
  }
  const connectMs = Math.round(now() - started);
  const ready = clients.filter((c) => c.ready).length;
  await new Promise((r) => setTimeout(r, 1000));

  const rssStart = rss();
  let rssPeak = rssStart;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 500);
  const cpu0 = cpu();
  const own0 = process.cpuUsage();
  const window0 = now();
  let sent = 0;
  const writers = clients.filter((c) => c.writer && c.ready);
  const readersOf = new Map<YModule.Doc, number>();
  for (let d = 0; d < spec.rooms.length; d++) {
    const group = clients.slice(d * spec.clientsPerDoc, (d + 1) * spec.clientsPerDoc);
    readersOf.set(group[0]!.doc, group.filter((c) => !c.writer && c.ready).length);
  }
  let expected = 0;
  for (const w of writers) {
    setTimeout(() => {
      w.timer = setInterval(() => {
        const paragraph = new Y.XmlElement("paragraph");
        paragraph.insert(0, [new Y.XmlText(`ts:${now()}`)]);
        const fragment = w.doc.getXmlFragment("default");
        fragment.insert(fragment.length, [paragraph]);
        sent++;
        expected += readersOf.get(w.doc) ?? 0;
      }, 1000 / spec.rate);
    }, (Math.random() * 1000) / spec.rate);
  }
  await new Promise((r) => setTimeout(r, spec.seconds * 1000));
  for (const w of writers) clearInterval(w.timer);
  await new Promise((r) => setTimeout(r, spec.drainMs ?? 500));
  counting = false;
  const seconds = (now() - window0) / 1000;
  const serverCpuSeconds = cpu() - cpu0;
  const own = process.cpuUsage(own0);
  clearInterval(rssTimer);
  // Late deliveries: up to 5 s more.
  for (const deadline = Date.now() + 5000; latencies.length + late < expected && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
  finished = true;
  for (const c of clients) c.socket.terminate();

  if (timeline) writeFileSync(process.env.BENCH_TIMELINE!, Array.from(timeline, (ms, second) => `${second}\t${(ms ?? 0).toFixed(0)}`).join("\n") + "\n");
  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies.length ? +latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(2) : null);
  return {
    mode: spec.mode,
    docs: spec.rooms.length,
    clientsPerDoc: spec.clientsPerDoc,
    rate: spec.rate,
    connections: clients.length,
    ready,
    connectMs,
    sent,
    expected,
    delivered: latencies.length,
    late,
    seconds,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    max: q(1),
    serverCpuSeconds,
    serverRssStartMB: Math.round(rssStart),
    serverRssPeakMB: Math.round(rssPeak),
    clientCpuPct: Math.round(((own.user + own.system) / 1e6 / seconds) * 100),
    closed,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const spec = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as LoadSpec;
  const result = await runLoad(spec);
  console.log(JSON.stringify(result));
  setTimeout(() => process.exit(0), 200);
}
