// Entry of the extraction worker thread (pool.ts) when the server runs from TypeScript. Worker threads on
// Node 20 do not inherit the parent's TypeScript loader (tsx, vitest), so the thread registers tsx
// itself before loading the module. A compiled server (scripts/build-server.mjs) starts its own
// bundle, dist/server/extract-worker.js, instead of this file (api/src/compiled.ts).
const { register } = await import("tsx/esm/api");
register();
await import(new URL("./extract-worker.ts", import.meta.url).href);
