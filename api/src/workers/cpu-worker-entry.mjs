// Entry of the CPU worker threads (cpu.ts). Worker threads on Node 20 do not inherit the parent's
// TypeScript loader (tsx, vitest), so the worker registers tsx itself before loading the TypeScript
// module; a compiled build (cpu-worker.js next to this file) is used as is.
import { existsSync } from "node:fs";
import { URL, fileURLToPath } from "node:url";

const compiled = new URL("./cpu-worker.js", import.meta.url);
if (existsSync(fileURLToPath(compiled))) {
  await import(compiled.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("./cpu-worker.ts", import.meta.url).href);
}
