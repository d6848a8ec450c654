import { defineConfig } from "vitest/config";

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
          globalSetup: ["packages/api/src/test/global-setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
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
        },
      },
    ],
  },
});
