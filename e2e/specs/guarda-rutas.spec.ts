import { expect, type Page, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";

// Pages only the administrador manages: opened by another role, they lead to that role's home
// without showing any error (the API would answer them with 403).
const SOLO_ADMINISTRADOR = [
  "admin-home",
  "socios",
  "noticias",
  "pagos",
  "actos",
  "productos",
  "informes",
  "utilidades",
  "tipossocio",
  "formaspago",
  "listado-inscritos",
  "restauracion-home",
  "gallofa",
];

/** Records every API answer of 403 while the test runs. */
function vigilarProhibidos(page: Page): string[] {
  const prohibidos: string[] = [];
  page.on("response", (respuesta) => {
    if (respuesta.status() === 403) prohibidos.push(respuesta.url());
  });
  return prohibidos;
}

for (const rol of ["usuario", "socio"] as const) {
  const cuenta = CUENTAS[rol];
  const ajenas = rol === "socio" ? [...SOLO_ADMINISTRADOR, "user-home"] : SOLO_ADMINISTRADOR;

  test(`${rol}: cada página del administrador lleva a su inicio sin caja de error`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const prohibidos = vigilarProhibidos(page);
    const app = new AppPage(page);
    await app.entrarConSesion(cuenta);

    for (const ruta of ajenas) {
      await app.irA(ruta);
      await app.esperarRuta(cuenta.home);
      await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
      await expect(page.getByText("No tienes permiso", { exact: false })).toHaveCount(0);
      await expect(page.getByRole("alert")).toHaveCount(0);
    }
    // A fresh load of an administrador page (not a navigation inside the app) also lands home.
    await page.goto("/#/admin-home");
    await page.reload();
    await app.esperarRuta(cuenta.home);
    await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
    expect(prohibidos).toEqual([]);
  });
}

test("el administrador abre el inicio de usuario («Cambiar a Fester») y el del socio", async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador);
  await app.irA("user-home");
  await app.esperarRuta("user-home");
  await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
  await app.irA("socio-home");
  await app.esperarRuta("socio-home");
  await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
});
