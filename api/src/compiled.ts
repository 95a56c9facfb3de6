/**
 * Where a worker thread's code is. Run from TypeScript (tsx, vitest) there is no compiled build: this
 * answers null and each pool starts its `*-entry.mjs`, which registers tsx in the thread. The server
 * build (`scripts/build-server.mjs`) replaces this module with one that answers the worker's own
 * bundle beside the server's (`dist/server/<name>.js`), so a built server runs no TypeScript loader.
 */
export type CompiledWorker = "cpu-worker" | "extract-worker" | "merge-worker";

export function compiledWorker(name: CompiledWorker): URL | null {
  void name;
  return null;
}
