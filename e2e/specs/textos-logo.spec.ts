import { expect, test } from "@playwright/test";
import { AppPage } from "../page-models/app-page";
import { PUERTO_TEXTOS } from "../support/constantes";
import { ADMIN_NUEVA, InstalacionNueva } from "../support/instalacion-nueva";

/** A 64×32 PNG of one colour. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe2SQQkAQRDDaqMyz2KUrYh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbvCTByV4YJcS5gZIAAAAAElFTkSuQmCC",
  "base64",
);

// A fresh installation of its own: a new terms version would stop every demo account at the
// terms page in the specs that follow.
const nueva = new InstalacionNueva(PUERTO_TEXTOS);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await nueva.arrancar();
});
test.afterAll(async () => {
  await nueva.parar();
});

test("la junta sube el logotipo (no un SVG), que sale en la cabecera, y publica unas condiciones nuevas que todos vuelven a aceptar", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contexto = await browser.newContext({ baseURL: nueva.url });
  try {
    const page = await contexto.newPage();
    const app = new AppPage(page);
    await app.entrar(ADMIN_NUEVA.email, ADMIN_NUEVA.password);
    await page.getByRole("button", { name: "Acepto las condiciones" }).click();
    await app.esperarRuta("admin-home");
    await app.irA("utilidades?pestanya=textos");

    const subir = async (nombre: string, mimeType: string, buffer: Buffer) => {
      const selector = page.waitForEvent("filechooser");
      await page.getByLabel("Subir un logotipo nuevo").click();
      await (await selector).setFiles({ name: nombre, mimeType, buffer });
    };
    await subir(
      "logo.svg",
      "image/svg+xml",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'),
    );
    await expect(page.getByRole("alert")).toContainText("SVG no se admite");
    await subir("logo.png", "image/png", PNG);
    await expect(page.getByText("Logotipo guardado.")).toBeVisible();
    await expect(page.getByTestId("logo-actual")).toBeVisible();
    const cabecera = page.getByRole("banner").locator("img");
    await expect(cabecera).toHaveAttribute("src", /^\/api\/asociacion\/logo\?v=\d+$/);
    expect(await cabecera.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // New terms, published as a new version: the board itself is taken to accept them.
    const editor = page.getByTestId("editor-condiciones").locator("[contenteditable='true']");
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("Normas de la filà para 2027");
    await page.getByLabel("Publicar como versión nueva de las condiciones").check();
    await page.getByRole("button", { name: "Guardar los textos" }).click();
    await app.esperarRuta("condiciones");
    await expect(page.getByText("Normas de la filà para 2027")).toBeVisible();
    await page.getByRole("button", { name: "Acepto las condiciones" }).click();
    await app.esperarRuta("admin-home");

    // Signing in again does not ask a second time.
    await app.cerrarSesion();
    await app.entrar(ADMIN_NUEVA.email, ADMIN_NUEVA.password);
    await app.esperarRuta("admin-home");
  } finally {
    await contexto.close();
  }
});
