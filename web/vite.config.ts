import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const apiOrigin = "http://localhost:3000";

export default defineConfig({
  // The API serves dist/ with an SPA fallback, so every asset path must be absolute.
  base: "/",
  plugins: [react(), tailwindcss()],
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
