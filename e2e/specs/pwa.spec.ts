import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";

test("el manifiesto sale de la asociación y tiene lo que pide la instalación", async ({
  request,
}) => {
  const r = await request.get("/manifest.webmanifest");
  expect(r.status()).toBe(200);
  expect(r.headers()["content-type"]).toContain("application/manifest+json");
  const m = await r.json();
  expect(m).toMatchObject({ start_url: "/#/inicio", display: "standalone", lang: "es" });
  expect(m.name).toBeTruthy();
  expect(m.short_name).toBeTruthy();
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const tamanyos = (m.icons as { sizes: string; src: string }[]).map((i) => i.sizes);
  expect(tamanyos).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icono of m.icons as { src: string }[]) {
    const png = await request.get(icono.src);
    expect(png.status(), icono.src).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["cache-control"]).toContain("no-cache");
});

test("el service worker se registra y, sin conexión, la aplicación abre con el aviso «Sin conexión»", async ({
  page,
  context,
}) => {
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.socio);
  const ambito = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(ambito).toMatch(/\/$/);
  // The shell is cached once the worker controls the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
  await expect(
    page.getByText("Sin conexión: algunos datos pueden no estar actualizados"),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(
    page.getByText("Sin conexión: algunos datos pueden no estar actualizados"),
  ).toBeHidden();
});

test("el administrador pone el nombre corto y el color de la app en los datos de la asociación y el manifiesto los usa", async ({
  page,
  request,
}) => {
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "utilidades?pestanya=asociacion");
  const nombreCorto = page.getByLabel("Nombre corto de la app");
  await expect(nombreCorto).toBeVisible();
  await nombreCorto.fill("Contrabandi");
  const color = page.getByLabel("Color de la app");
  await color.fill("#1864ab");
  await page.getByRole("button", { name: "Guardar los datos" }).click();
  await expect(page.getByText("Datos de la asociación guardados")).toBeVisible();

  const m = await (await request.get("/manifest.webmanifest")).json();
  expect(m).toMatchObject({
    short_name: "Contrabandi",
    theme_color: "#1864ab",
    background_color: "#1864ab",
  });
  // The browser bar takes the page's theme-color: it follows the association's colour too.
  await page.reload();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1864ab");
});
