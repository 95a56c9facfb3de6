import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

export default defineConfig({
  // The API serves dist/ with an SPA fallback, so every asset path must be absolute.
  base: "/",
  plugins: [react(), tailwindcss(), serviceWorker()],
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
