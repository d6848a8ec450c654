import { rmSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { PUERTO_RESTAURACION } from "../support/constantes";
import { ADMIN_NUEVA, InstalacionNueva } from "../support/instalacion-nueva";

const nueva = new InstalacionNueva(PUERTO_RESTAURACION);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await nueva.arrancar();
});
test.afterAll(async () => {
  await nueva.parar();
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
  await app.entrarConSesion(CUENTAS.administrador, "socios");
  const antes = await primerosSocios(page);
  expect(antes.filas[0]).not.toBe("");

  await app.irA("utilidades?pestanya=copias");
  const esperaDescarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar copia de seguridad" }).click();
  const descarga = await esperaDescarga;
  expect(descarga.suggestedFilename()).toMatch(/^fila-copia-.*\.fila\.gz$/);
  const fichero = path.join(nueva.dataDir, "..", `${path.basename(nueva.dataDir)}-copia.fila.gz`);
  await descarga.saveAs(fichero);
  await expect(page.getByText("Copia de seguridad descargada.")).toBeVisible();

  // The fresh installation: its first administrator accepts the terms and restores the copy.
  const contexto = await browser.newContext({ baseURL: nueva.url });
  try {
    const pagina = await contexto.newPage();
    const appNueva = new AppPage(pagina);
    await appNueva.entrar(ADMIN_NUEVA.email, ADMIN_NUEVA.password);
    await pagina.getByRole("button", { name: "Acepto las condiciones" }).click();
    await appNueva.esperarRuta("admin-home");
    await appNueva.irA("utilidades?pestanya=copias");
    const selector = pagina.waitForEvent("filechooser");
    await pagina.getByLabel("Copia de seguridad").click();
    await (await selector).setFiles(fichero);
    await pagina.getByRole("button", { name: "Restaurar…" }).click();
    const dialogo = pagina.getByRole("dialog", { name: "Restaurar la copia de seguridad" });
    await dialogo.getByLabel("Tu contraseña").fill("no-es-esta");
    await dialogo.getByLabel(/Escribe el nombre de la asociación/).fill("Filà");
    await dialogo.getByRole("button", { name: "Restaurar y cerrar todas las sesiones" }).click();
    await expect(dialogo.getByText("La contraseña no es correcta.")).toBeVisible();

    await dialogo.getByLabel("Tu contraseña").fill(ADMIN_NUEVA.password);
    await dialogo.getByRole("button", { name: "Restaurar y cerrar todas las sesiones" }).click();
    await expect(pagina.getByText("Copia restaurada")).toBeVisible({ timeout: 60_000 });
    await appNueva.esperarRuta("login");

    // The accounts are those of the copy; the members the same.
    await appNueva.entrarHastaInicio(
      CUENTAS.administrador.email,
      PASSWORD_DEMO,
      CUENTAS.administrador.home,
    );
    await appNueva.irA("socios");
    expect(await primerosSocios(pagina)).toEqual(antes);
  } finally {
    await contexto.close();
    rmSync(fichero, { force: true });
  }
});
