import { menuPorRol } from "@fila/domain";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

function enlacesEsperados(rol: string) {
  return menuPorRol(rol).flatMap((item) =>
    (item.submenu?.length ? item.submenu : [item]).map((i) => ({
      texto: i.texto,
      href: `#${i.url}`,
    })),
  );
}

for (const [rol, cuenta] of Object.entries(CUENTAS)) {
  test(`${rol}: entra, llega a su inicio y ve exactamente su menú`, async ({ page }) => {
    const app = new AppPage(page);
    await app.entrar(cuenta.email, PASSWORD_DEMO);
    await app.esperarRuta(cuenta.home);
    const almacen = await app.almacenamientoLocal();
    expect(almacen.token).toBeTruthy();
    expect(JSON.parse(almacen.user)).toMatchObject({
      email: cuenta.email,
      rol,
      condicionesAceptadas: "si",
    });
    expect(await app.enlacesDelMenu()).toEqual(enlacesEsperados(rol));
  });
}

test("una contraseña errónea muestra el error en español y no guarda sesión", async ({ page }) => {
  const app = new AppPage(page);
  await app.entrar(CUENTAS.usuario.email, "no-es-la-contrasenya");
  await expect(page.getByRole("alert")).toContainText("Correo o contraseña incorrectos.");
  await app.esperarRuta("login");
  const almacen = await app.almacenamientoLocal();
  expect(almacen.token).toBeUndefined();
});

test("un token caducado lleva a la página de entrada", async ({ page }) => {
  const app = new AppPage(page);
  await app.irA("login");
  await page.evaluate(() => {
    localStorage.setItem("token", "token-caducado-o-revocado");
    localStorage.setItem(
      "user",
      JSON.stringify({
        id: 1,
        nombre: "Nadie",
        email: "x@y.es",
        rol: "administrador",
        socioId: 0,
        condicionesAceptadas: "si",
      }),
    );
  });
  await app.irA("admin-home");
  await page.reload();
  await app.esperarRuta("login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
});

test("cerrar sesión vacía el almacenamiento local", async ({ page }) => {
  const app = new AppPage(page);
  await app.entrar(CUENTAS.socio.email, PASSWORD_DEMO);
  await app.esperarRuta(CUENTAS.socio.home);
  await app.cerrarSesion();
  await app.esperarRuta("login");
  expect(await app.almacenamientoLocal()).toEqual({});
});

test("una versión distinta en config.json recarga la página una sola vez", async ({ page }) => {
  let cargas = 0;
  let lecturas = 0;
  page.on("load", () => {
    cargas += 1;
  });
  await page.route("**/assets/config.json", (ruta) => {
    lecturas += 1;
    return ruta.fulfill({
      json: { version: "una-version-nueva" },
      headers: { "cache-control": "no-store" },
    });
  });
  await page.goto("/#/login");
  await expect.poll(() => cargas, { timeout: 10_000 }).toBe(2);
  // The reloaded page reads the version again (at start, once) and stays: a second reload would
  // follow that answer at once, so a short wait once the app is drawn is enough to see it.
  await expect.poll(() => lecturas).toBe(2);
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.waitForTimeout(500);
  expect(cargas).toBe(2);
  expect(lecturas).toBe(2);
});

test("con la misma versión no recarga", async ({ page }) => {
  let cargas = 0;
  page.on("load", () => {
    cargas += 1;
  });
  const respuesta = page.waitForResponse("**/assets/config.json");
  await page.goto("/#/login");
  await respuesta;
  // A reload would follow the answer at once (the test above): the app drawn, and a short wait.
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.waitForTimeout(500);
  expect(cargas).toBe(1);
});

test("el administrador abre cada ruta de la especificación y ninguna queda en blanco", async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador);
  const rutas = [
    "alertas",
    "socios",
    "socios/ficha/0",
    "noticias",
    "pagos",
    "actos",
    "user-home",
    "misactos",
    "tipossocio",
    "tiposacto",
    "formaspago",
    "productos",
    "mispagos",
    "en-construccion",
    "vernoticias",
    "informes",
    "privacidad",
    "documentos",
    "condiciones",
    "listado-inscritos",
    "admin-home",
    "destacado",
    "market",
    "gallofa",
    "utilidades",
    "socio-home",
    "restauracion-home",
  ];
  for (const ruta of rutas) {
    await app.irA(ruta);
    await app.esperarRuta(ruta);
    await expect(page.getByRole("heading").first()).toBeVisible();
    // Lazy pages render after the URL changes: wait for real content, never a blank main.
    await expect
      .poll(async () => (await page.locator("main").innerText()).trim().length)
      .toBeGreaterThan(10);
  }
  await app.irA("inicio");
  await app.esperarRuta("admin-home");
  await app.irA("ruta-que-no-existe");
  await app.esperarRuta("admin-home");
});

test("sin sesión, una ruta protegida o desconocida lleva a la entrada; las públicas se ven", async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.irA("socios");
  await app.esperarRuta("login");
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await app.irA("privacidad");
  await expect(page.getByRole("heading", { name: "Política de privacidad" })).toBeVisible();
  await app.irA("condiciones");
  await expect(page.getByRole("heading", { name: "Condiciones de uso" })).toBeVisible();
});
