import { defineConfig } from "vitest/config";

const conPostgres = Boolean(process.env.DATABASE_URL);

/**
 * The API tests that start real servers (fixed ports, kill -9 at a chosen moment, Caddy, the
 * embedded PostgreSQL's binaries): run one at a time in their own project, so that no other file
 * shares their ports or their timing.
 */
const servidoresReales = [
  "packages/api/src/resiliencia/**/*.test.ts",
  "packages/api/src/db/postgres-embebido.test.ts",
  "packages/api/src/bootstrap/arranque.test.ts",
];

/**
 * Files about the embedded engines (PGlite, the embedded PostgreSQL and the carry-over between
 * them): they never read DATABASE_URL, so the PostgreSQL pass leaves them to the first one.
 */
const soloBaseEmbebida = [
  "packages/api/src/db/pglite-un-viaje.test.ts",
  "packages/api/src/db/postgres-embebido.test.ts",
  "packages/api/src/resiliencia/postgres-embebido.test.ts",
  "packages/api/src/bootstrap/base-embebida.test.ts",
];
/**
 * Files about a PostgreSQL server (DATABASE_URL): the EXPLAIN guard on the 1,200 × 10 set, the
 * prepared statements per connection, several instances on one server. The embedded pass leaves
 * them to the PostgreSQL one instead of listing them as skipped (each also skips itself when run
 * alone without DATABASE_URL).
 */
const soloPostgres = [
  "packages/api/src/test/escala-explain.test.ts",
  "packages/api/src/db/pg-preparadas.test.ts",
  "packages/api/src/resiliencia/varias-instancias.test.ts",
];
const fueraDeEstaPasada = conPostgres ? soloBaseEmbebida : soloPostgres;

const api = {
  globalSetup: ["packages/api/src/test/global-setup.ts"],
  testTimeout: 30000,
  hookTimeout: 60000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.mjs"],
        },
      },
      {
        test: {
          name: "api",
          include: ["packages/api/src/**/*.test.ts"],
          exclude: [...servidoresReales, ...fueraDeEstaPasada],
          ...api,
          // Vitest's default is cores − 1, one file at a time on two cores. On PostgreSQL the
          // files mostly wait on the server's process; on PGlite each file's database runs in
          // its own worker.
          maxWorkers: conPostgres ? 4 : 2,
          // The files share a worker's modules instead of importing the app again each (import
          // took 330 s of the api pass's CPU, 43 s without isolation). Each file builds its own
          // app and database (test/entorno.ts), and no module keeps state between files.
          isolate: false,
        },
      },
      {
        test: {
          name: "api-servidores",
          include: servidoresReales,
          exclude: fueraDeEstaPasada,
          ...api,
          // They start the bundled server (packages/api/dist/server.mjs), built first if stale.
          globalSetup: [...api.globalSetup, "packages/api/src/test/servidor-construido.ts"],
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "web",
          include: ["packages/web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["packages/web/src/test/setup.ts"],
          // A cap, not a measure: pages that draw the whole app (lazy shell, home, dialogs) took
          // over the 5 s default on a 2-core machine busy with other suites.
          testTimeout: 15000,
          // Both cores (Vitest's default, cores − 1, ran one file at a time here).
          maxWorkers: 2,
          // Each worker keeps its jsdom page and its modules from one file to the next: a new
          // page per file was 98 s of the 161 s this project took, and importing the app again
          // 57 s more (32–34 s in all without). The setup file (src/test/setup.ts) puts back what a
          // file may leave behind: notifications, cached queries, language, timers, stubs, DOM.
          isolate: false,
        },
      },
    ],
  },
});
