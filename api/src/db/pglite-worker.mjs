// The embedded database in a thread of its own (db/pglite-thread.ts): PGlite runs PostgreSQL as
// WebAssembly on the thread that calls it, so in the serving thread every statement held up the
// live edits and requests around it. Plain JavaScript, so the thread starts without tsx.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const { dataDir, extraStartParams } = workerData;
const options = { startParams: [...PGlite.defaultStartParams, ...extraStartParams] };

/** An error as the main thread rebuilds it: PostgreSQL's fields (code, detail, constraint…) kept. */
function serialize(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    if (typeof value === "object" && value !== null) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const identity = (value) => value;
const queryOptions = (rowMode, rawTypes) => {
  const parsers = {};
  for (const oid of rawTypes ?? []) parsers[oid] = identity;
  return { rowMode: rowMode ?? "object", parsers };
};

let db;
try {
  db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;
} catch (error) {
  parentPort.postMessage({ type: "failed", error: serialize(error) });
  process.exit(1);
}

/** Open transactions: id → the transaction handle and how to end it. */
const transactions = new Map();
const listeners = new Map();
let nextId = 1;

const reply = (id, result) => parentPort.postMessage({ id, ok: true, result });
const fail = (id, error) => parentPort.postMessage({ id, ok: false, error: serialize(error) });

function begin(id) {
  const txId = nextId++;
  let end;
  const ended = new Promise((resolve) => (end = resolve));
  let begun = false;
  db.transaction(async (tx) => {
    begun = true;
    transactions.set(txId, { tx, end });
    reply(id, txId);
    const commit = await ended;
    if (!commit) throw Object.assign(new Error("rolled back"), { rolledBack: true });
  }).then(
    () => transactions.get(txId)?.done?.(null),
    (error) => (begun ? transactions.get(txId)?.done?.(error) : fail(id, error)),
  );
}

function end(id, txId, commit) {
  const open = transactions.get(txId);
  if (!open) return fail(id, new Error(`no open transaction ${txId}`));
  open.done = (error) => {
    transactions.delete(txId);
    if (error && !(error.rolledBack && !commit)) fail(id, error);
    else reply(id, null);
  };
  open.end(commit);
}

parentPort.on("message", (message) => {
  const { id, op } = message;
  const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
  if (!target) return fail(id, new Error(`no open transaction ${message.tx}`));
  switch (op) {
    case "query":
      return void target.query(message.sql, message.params, queryOptions(message.rowMode, message.rawTypes)).then((result) => reply(id, result), (error) => fail(id, error));
    case "exec":
      return void target.exec(message.sql).then((result) => reply(id, result), (error) => fail(id, error));
    case "begin":
      return begin(id);
    case "end":
      return end(id, message.tx, message.commit);
    case "listen": {
      const listenerId = nextId++;
      return void db.listen(message.channel, (payload) => parentPort.postMessage({ type: "notify", listener: listenerId, payload })).then(
        (unlisten) => {
          listeners.set(listenerId, unlisten);
          reply(id, listenerId);
        },
        (error) => fail(id, error),
      );
    }
    case "unlisten": {
      const unlisten = listeners.get(message.listener);
      listeners.delete(message.listener);
      return void (unlisten ? unlisten() : Promise.resolve()).then(() => reply(id, null), (error) => fail(id, error));
    }
    case "close":
      return void db.close().then(() => reply(id, null), (error) => fail(id, error));
    default:
      return fail(id, new Error(`unknown operation ${op}`));
  }
});

parentPort.postMessage({ type: "ready" });
