// Entry of the compaction worker thread (merge-thread.ts) when the server runs from TypeScript. Worker threads on
// Node 20 do not inherit the parent's TypeScript loader (tsx, vitest), so the thread registers tsx
// itself before loading the module. A compiled server (scripts/build-server.mjs) starts its own
// bundle, dist/server/merge-worker.js, instead of this file (api/src/compiled.ts).
const { register } = await import("tsx/esm/api");
register();
await import(new URL("./merge-worker.ts", import.meta.url).href);
