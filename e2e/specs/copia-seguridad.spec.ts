import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

/** A second, empty installation (own port, empty DATA_DIR, embedded database) to restore into. */
const PUERTO_NUEVA = Number(process.env.E2E_PUERTO_RESTAURACION ?? 3847);
const NUEVA = `http://127.0.0.1:${PUERTO_NUEVA}`;
const ADMIN_NUEVA = { email: "nueva@fila.test", password: "instalacion-nueva-2026" };

let servidor: ChildProcess | null = null;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "fila-e2e-nueva-"));
  // Always the embedded database: with DATABASE_URL the run also moves a filà from PostgreSQL.
  const { DATABASE_URL: _url, DEMO: _demo, ...entorno } = process.env;
  servidor = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, "../../packages/api/src/server.ts")],
    {
      stdio: "inherit",
      env: {
        ...entorno,
        PORT: String(PUERTO_NUEVA),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: NUEVA,
        ADMIN_EMAIL: ADMIN_NUEVA.email,
        ADMIN_PASSWORD: ADMIN_NUEVA.password,
        LOG_LEVEL: "warn",
      },
    },
  );
  const limite = Date.now() + 100_000;
  for (;;) {
    const listo = await fetch(`${NUEVA}/assets/config.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (listo) break;
    if (Date.now() > limite || servidor.exitCode !== null) {
      throw new Error("la instalación nueva no ha arrancado");
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
});

test.afterAll(async () => {
  if (servidor && servidor.exitCode === null) {
    const proceso = servidor;
    proceso.kill("SIGTERM");
    await new Promise((ok) => proceso.once("exit", ok));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The first rows of the members list and its "1–50 de N" line. */
async function primerosSocios(page: Page) {
  const tabla = page.getByRole("table", { name: "Lista de festeros" });
  await expect(tabla.getByRole("row").nth(5)).toBeVisible();
  const filas = await tabla
    .locator("tbody tr")
    .evaluateAll((trs) => trs.slice(0, 5).map((tr) => (tr.textContent ?? "").trim()));
  const paginacion = await page.getByText(/^\d+–\d+ de \d+$/).textContent();
  return { filas, paginacion };
}

test("la copia descargada de una filà se restaura en una instalación nueva, que muestra los mismos socios", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.entrarHastaInicio(
    CUENTAS.administrador.email,
    PASSWORD_DEMO,
    CUENTAS.administrador.home,
  );
  await app.irA("socios");
  const antes = await primerosSocios(page);
  expect(antes.filas[0]).not.toBe("");

  await app.irA("utilidades?pestanya=copias");
  const esperaDescarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar copia de seguridad" }).click();
  const descarga = await esperaDescarga;
  expect(descarga.suggestedFilename()).toMatch(/^fila-copia-.*\.fila\.gz$/);
  const fichero = path.join(dataDir, "..", `${path.basename(dataDir)}-copia.fila.gz`);
  await descarga.saveAs(fichero);
  await expect(page.getByText("Copia de seguridad descargada.")).toBeVisible();

  // The fresh installation: its first administrator accepts the terms and restores the copy.
  const contexto = await browser.newContext({ baseURL: NUEVA });
  try {
    const nueva = await contexto.newPage();
    const appNueva = new AppPage(nueva);
    await appNueva.entrar(ADMIN_NUEVA.email, ADMIN_NUEVA.password);
    await nueva.getByRole("button", { name: "Acepto las condiciones" }).click();
    await appNueva.esperarRuta("admin-home");
    await appNueva.irA("utilidades?pestanya=copias");
    const selector = nueva.waitForEvent("filechooser");
    await nueva.getByLabel("Copia de seguridad").click();
    await (await selector).setFiles(fichero);
    await nueva.getByRole("button", { name: "Restaurar…" }).click();
    const dialogo = nueva.getByRole("dialog", { name: "Restaurar la copia de seguridad" });
    await dialogo.getByLabel("Tu contraseña").fill("no-es-esta");
    await dialogo.getByLabel(/Escribe el nombre de la asociación/).fill("Filà");
    await dialogo.getByRole("button", { name: "Restaurar y cerrar todas las sesiones" }).click();
    await expect(dialogo.getByText("La contraseña no es correcta.")).toBeVisible();

    await dialogo.getByLabel("Tu contraseña").fill(ADMIN_NUEVA.password);
    await dialogo.getByRole("button", { name: "Restaurar y cerrar todas las sesiones" }).click();
    await expect(nueva.getByText("Copia restaurada")).toBeVisible({ timeout: 60_000 });
    await appNueva.esperarRuta("login");

    // The accounts are those of the copy; the members the same.
    await appNueva.entrarHastaInicio(
      CUENTAS.administrador.email,
      PASSWORD_DEMO,
      CUENTAS.administrador.home,
    );
    await appNueva.irA("socios");
    expect(await primerosSocios(nueva)).toEqual(antes);
  } finally {
    await contexto.close();
    rmSync(fichero, { force: true });
  }
});
