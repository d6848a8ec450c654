import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// scripts/build-web.mjs sets FILA_APP_VERSION so the bundle and assets/config.json agree.
const version = process.env.FILA_APP_VERSION ?? "dev";
const api = process.env.FILA_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
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
