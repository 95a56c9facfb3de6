import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const apiOrigin = "http://localhost:3000";
const here = path.dirname(fileURLToPath(import.meta.url));

/** Every file under public/, as the site path it is served at. */
function publicPaths(dir = path.join(here, "public"), prefix = "/"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? publicPaths(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/**
 * Writes dist/sw.js (issue 17): sw/service-worker.js after the build's id and the files it caches
 * for offline use (index.html, every emitted asset, the public icons and manifest). Builds only; in
 * `vite dev` no service worker is registered (main.tsx).
 */
function serviceWorker(): Plugin {
  return {
    name: "clausewise-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name !== "index.html" && !name.startsWith(".vite/") && !name.endsWith(".map"))
        .map((name) => `/${name}`);
      const precache = ["/index.html", ...publicPaths(), ...files].sort();
      const index = bundle["index.html"];
      const indexText = index && index.type === "asset" ? String(index.source) : "";
      const buildId = createHash("sha256").update(precache.join("\n")).update(indexText).digest("hex").slice(0, 12);
      const body = readFileSync(path.join(here, "sw/service-worker.js"), "utf8");
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: `const BUILD_ID = ${JSON.stringify(buildId)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${body}`,
      });
    },
  };
}

/** What is worth compressing: text formats only (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels (done once, at build time), so the API serves them as they are (api/src/http/static.ts)
 * and no request pays for compression. Files under 1 KB gain nothing and are left alone.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "clausewise:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  // The API serves dist/ with an SPA fallback, so every asset path must be absolute.
  base: "/",
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  // The manifest lets bench/web-size.ts measure what each route loads first.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Keep the browser's Host header: the API and realtime accept only same-origin cookie requests.
      "/api": { target: apiOrigin, changeOrigin: false },
      "/collab": { target: apiOrigin, ws: true, changeOrigin: false },
      "/socket.io": { target: apiOrigin, ws: true, changeOrigin: false },
    },
  },
});
