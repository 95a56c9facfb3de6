// The server build: the three server processes (embedded, web, realtime) and the worker threads as
// plain JavaScript in dist/server/, so a running server loads no TypeScript loader (tsx keeps its
// hooks thread, transformed sources and source maps in every process and thread: about 40 MB each).
//
// Our code (api/, realtime/, shared/) is bundled; third-party packages are not: each import of one
// is rewritten to the file the importing package resolves it to, so every package loads from
// node_modules exactly as under tsx (native modules, WebAssembly and data files included). An
// `import.meta.url` in our code keeps meaning its source file, so paths beside it (the clause model,
// migrations, the PGlite thread, web/dist) are found where they are. api/src/compiled.ts is swapped
// for a version that starts the workers from their bundles.
//
//   node scripts/build-server.mjs          (`pnpm build` runs it; about a second)
import { readFile, rm } from "node:fs/promises";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = path.join(ROOT, "dist", "server");

/** Output name → source entry. */
export const SERVER_BUNDLES = {
  embedded: "realtime/src/embedded.ts",
  web: "api/src/main.ts",
  realtime: "realtime/src/main.ts",
  "cpu-worker": "api/src/workers/cpu-worker.ts",
  "extract-worker": "api/src/documents/extract-worker.ts",
  "merge-worker": "realtime/src/collab/merge-worker.ts",
};

const posix = (p) => p.split(path.sep).join("/");
/** `file` as an import specifier relative to the bundles in `outdir`. */
const relativeTo = (outdir, file) => {
  const rel = posix(path.relative(outdir, file));
  return rel.startsWith(".") ? rel : `./${rel}`;
};
const ours = (file) => file.startsWith(ROOT + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);

/** @returns {import("esbuild").Plugin} */
const serverLayout = (outdir) => ({
  name: "clausewise-server-layout",
  setup(b) {
    const fromDist = (file) => relativeTo(outdir, file);
    b.onLoad({ filter: /[\\/]api[\\/]src[\\/]compiled\.ts$/ }, () => ({
      contents: 'export function compiledWorker(name) { return new URL("./" + name + ".js", import.meta.url); }\n',
      loader: "js",
    }));
    b.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (!ours(args.path)) return undefined;
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const here = `new URL(${JSON.stringify(fromDist(args.path))}, import.meta.url).href`;
      const loader = /\.tsx?$|\.mts$/.test(args.path) ? (args.path.endsWith("x") ? "tsx" : "ts") : "js";
      return { contents: text.replaceAll("import.meta.url", here), loader, resolveDir: path.dirname(args.path) };
    });
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === "third-party" || isBuiltin(args.path) || args.path.startsWith("@clausewise/")) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: "third-party" });
      if (found.errors.length > 0) return { errors: found.errors };
      if (found.external || !path.isAbsolute(found.path)) return { path: args.path, external: true };
      return { path: fromDist(found.path), external: true };
    });
  },
});

/** Builds every bundle into `outdir` (emptied first): dist/server unless told otherwise (tests). */
export async function buildServer({ outdir = SERVER_DIST } = {}) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_BUNDLES).map(([out, entry]) => ({ out, in: entry })),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["import", "node"],
    // Node resolves our rewritten imports (real paths into node_modules/.pnpm) as pnpm laid them out.
    preserveSymlinks: false,
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    plugins: [serverLayout(outdir)],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`server built in ${Date.now() - started} ms: ${posix(path.relative(ROOT, SERVER_DIST))}/{${Object.keys(SERVER_BUNDLES).join(",")}}.js`);
}
