import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { PUERTO_APP } from "./support/constantes";

// The specs compute "today" in their own process (dentroDe, fechaEnPantalla) for the browser,
// which runs in Europe/Madrid (timezoneId below): both on the same clock, or between 23:00 and
// 24:00 UTC the spec types yesterday. Set before any worker starts (they inherit it).
process.env.TZ = "Europe/Madrid";

const chromiumDebian = "/usr/bin/chromium";

export default defineConfig({
  testDir: "./specs",
  fullyParallel: false,
  workers: 1,
  // One retry, reported as «flaky» in the list. The intermittent failures seen on the admin's
  // list pages (actos, mercadillo: a button never found, rows "detached") came from the login:
  // its two-factor check answered after the test had opened another page, and sent it back to
  // the home (fixed in login-page.tsx, with its unit test). The retry stays as a guard; a test
  // that fails twice is a real failure.
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
    // The server ends its requests, writes its shutdown copy and stops its embedded PostgreSQL
    // (ADR 0028): cut sooner, the postmaster was left running.
    gracefulShutdown: { signal: "SIGTERM", timeout: 60_000 },
  },
});
