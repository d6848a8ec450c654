import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// scripts/build-web.mjs sets FILA_APP_VERSION so the bundle and assets/config.json agree.
const version = process.env.FILA_APP_VERSION ?? "dev";
const api = process.env.FILA_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    {
      // Nothing renders before the texts (src/lib/i18n.ts): fetched along with the entry
      // script instead of after it has run. Same URL and mode as i18next's fetch, so it is
      // downloaded once.
      name: "fila-precarga-textos",
      transformIndexHtml: () => [
        {
          tag: "link",
          attrs: {
            rel: "preload",
            href: `/assets/i18n/es.json?v=${version}`,
            as: "fetch",
            crossorigin: "anonymous",
          },
          injectTo: "head",
        },
      ],
    },
    // Our own service worker (src/sw/sw.ts): app-shell precache + Web Push. The manifest is
    // served by the API from the association's settings, so the plugin writes none.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,json,woff2}"],
        globIgnores: ["assets/config.json"],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/assets/config.json": { target: api, changeOrigin: false },
    },
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
});
