// Starts one server process from the server build (scripts/build-server.mjs), in this process:
//   node scripts/run-server.mjs embedded|web|realtime
// `npx -y pnpm@10 build` makes the build (`pnpm start` does it first). Without one this says so; a
// build older than the TypeScript it was made from is started with a warning, never silently.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NAMES = ["embedded", "web", "realtime"];
const name = process.argv[2] ?? "";
if (!NAMES.includes(name)) {
  console.error(`Usage: node scripts/run-server.mjs ${NAMES.join("|")}`);
  process.exit(2);
}
const bundle = path.join(ROOT, "dist", "server", `${name}.js`);
if (!existsSync(bundle)) {
  console.error(`No server build (${path.relative(ROOT, bundle)}). Run \`npx -y pnpm@10 build\` first.`);
  process.exit(1);
}

/** The newest modification time of the server's TypeScript (api, realtime, shared). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}
const built = statSync(bundle).mtimeMs;
const stale = ["api/src", "realtime/src", "shared/src"].some((dir) => newestSource(path.join(ROOT, dir)) > built);
if (stale) console.warn(`The server build is older than its sources; starting it anyway. Run \`npx -y pnpm@10 build\` to rebuild.`);

await import(pathToFileURL(bundle).href);
