/**
 * First-load JavaScript and CSS per route of the built web app, from Vite's manifest: gzip, and "as
 * served" (the Brotli copy the build writes beside each file and the API sends to browsers that
 * accept it; the plain file where there is none): the entry
 * and its static imports, plus the route's page chunk and its static imports (lazy chunks such as the
 * editor's are loaded only when a page asks for them). Also says whether the editor (TipTap) is part of
 * a route's first load. Target: dashboard ≤ 250 KB as served. Prints figures; asserts nothing.
 * Run: npx -y pnpm@10 run build && npx -y pnpm@10 bench:web-size
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");
const manifestPath = path.join(dist, ".vite/manifest.json");
if (!existsSync(manifestPath)) {
  console.log(`No build at ${dist}: run \`npx -y pnpm@10 run build\` first.`);
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, Chunk>;

const ROUTES: [string, string][] = [
  ["/ (landing)", "src/pages/Landing/LandingPage.tsx"],
  ["/login", "src/pages/Login/LoginPage.tsx"],
  ["/ (dashboard)", "src/pages/Dashboard/DashboardPage.tsx"],
  ["/contracts/:id", "src/pages/ContractDetail/ContractDetailPage.tsx"],
  ["/team", "src/pages/Team/TeamPage.tsx"],
  ["/analytics", "src/pages/Analytics/AnalyticsPage.tsx"],
  ["/audit-log", "src/pages/AuditLog/AuditLogPage.tsx"],
  ["/settings", "src/pages/Settings/SettingsPage.tsx"],
  ["/jurisdictional-analysis", "src/pages/JurisdictionalAnalysis/JurisdictionalAnalysisPage.tsx"],
  ["/pricing", "src/pages/Pricing/PricingPage.tsx"],
  ["/subscription", "src/pages/Subscription/SubscriptionPage.tsx"],
  ["/support", "src/pages/Support/SupportPage.tsx"],
];

const gzipSizes = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

/** Bytes on the wire: the build's .br copy when it wrote one, else the file itself. */
function served(file: string): number {
  const full = path.join(dist, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error("The manifest has no entry chunk");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`${"route".padEnd(28)} ${"JS (gzip)".padStart(11)} ${"CSS (gzip)".padStart(11)} ${"JS+CSS served".padStart(14)}  editor in first load`);
for (const [route, src] of ROUTES) {
  if (!manifest[src]) {
    console.log(`${route.padEnd(28)} (no chunk for ${src})`);
    continue;
  }
  const keys = closure(src, closure(entry));
  const chunks = [...keys].map((k) => manifest[k]!);
  const js = chunks.reduce((sum, c) => sum + gzipped(c.file), 0);
  const cssFiles = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const css = cssFiles.reduce((sum, f) => sum + gzipped(f), 0);
  const wire = chunks.reduce((sum, c) => sum + served(c.file), 0) + cssFiles.reduce((sum, f) => sum + served(f), 0);
  const editor = [...keys].some((k) => /tiptap|prosemirror|y-prosemirror|yjs/i.test(k) || /CollaborativeEditor/.test(manifest[k]!.src ?? ""));
  console.log(`${route.padEnd(28)} ${kb(js).padStart(11)} ${kb(css).padStart(11)} ${kb(wire).padStart(14)}  ${editor ? "yes" : "no"}`);
}
const total = Object.values(manifest).reduce((sum, c) => sum + gzipped(c.file), 0);
console.log(`all JS chunks together: ${kb(total)} gzip in ${Object.keys(manifest).length} chunks`);
