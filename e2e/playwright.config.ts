import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { PUERTO_APP } from "./support/constantes";

const chromiumDebian = "/usr/bin/chromium";

export default defineConfig({
  testDir: "./specs",
  fullyParallel: false,
  workers: 1,
  // One retry, reported as «flaky» in the list: after merging six areas an admin list page was
  // seen, twice in five full runs, re-rendering its rows without end until the step timed out
  // (actos, mercadillo; each passed on its own and on the next run). Until that loop is found, a
  // rerun keeps such a run from hiding real failures, which fail twice.
  retries: 1,
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PUERTO_APP}`,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    trace: "off",
    launchOptions: existsSync(chromiumDebian)
      ? {
          executablePath: chromiumDebian,
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        }
      : {},
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node --import tsx support/servidor.ts",
    url: `http://127.0.0.1:${PUERTO_APP}/assets/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
