import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

type Resumen = {
  porDia: { fecha: string; visitantes: number; vistas: number }[];
  paginas: { ruta: string; vistas: number }[];
};

async function tokenAdmin(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function resumen(request: APIRequestContext, token: string): Promise<Resumen> {
  const res = await request.get("/api/analitica/resumen", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Resumen;
}

const vistasDe = (r: Resumen, ruta: string) => r.paginas.find((p) => p.ruta === ruta)?.vistas ?? 0;
const visitantesHoy = (r: Resumen) => r.porDia.at(-1)?.visitantes ?? 0;

/** The socio's pages, opened from the menu as a person would. */
async function recorridoDelSocio(page: Page) {
  const app = new AppPage(page);
  await app.entrarHastaInicio(CUENTAS.socio.email, PASSWORD_DEMO, CUENTAS.socio.home);
  await app.abrirMenu();
  await app.menu().getByRole("link", { name: "Actos" }).click();
  await app.esperarRuta("misactos");
  // A view counts once the page is drawn (VistaAnalitica renders with it): the address alone
  // changes before its code has loaded, and going on at once left «Mis actos» uncounted.
  await expect(page.getByRole("heading", { name: "Mis actos", level: 1 })).toBeVisible();
  await app.abrirMenu();
  await app.menu().getByRole("link", { name: "Pagos" }).click();
  await app.esperarRuta("mispagos");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await ocultar(page);
}

/**
 * The page goes to the background (another app, another tab, the phone locked): the pending
 * batch leaves at once with sendBeacon. The page stays open, so the beacon is not cut short by
 * closing the test's browser context.
 */
async function ocultar(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

test("las páginas que abre un socio aparecen en el uso de la aplicación del administrador", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenAdmin(request);
  const antes = await resumen(request, token);

  const socio = await browser.newContext();
  const pagina = await socio.newPage();
  const versiones: (string | undefined)[] = [];
  pagina.on("request", (peticion) => {
    const url = new URL(peticion.url());
    if (url.pathname.startsWith("/api/") && url.pathname !== "/api/analitica") {
      versiones.push(peticion.headers()["x-api-version"]);
    }
  });
  const respuestaSesion = pagina.waitForResponse((r) => r.url().includes("/api/login"));
  await recorridoDelSocio(pagina);
  // Every call of the app states its API version, and the API answers with its own.
  expect(versiones.length).toBeGreaterThan(2);
  expect(new Set(versiones)).toEqual(new Set(["1"]));
  expect((await respuestaSesion).headers()["x-api-version"]).toBe("1");

  await expect
    .poll(async () => vistasDe(await resumen(request, token), "/mispagos"), { timeout: 20_000 })
    .toBe(vistasDe(antes, "/mispagos") + 1);
  await socio.close();
  const despues = await resumen(request, token);
  expect(vistasDe(despues, "/misactos")).toBe(vistasDe(antes, "/misactos") + 1);
  expect(vistasDe(despues, "/socio-home")).toBe(vistasDe(antes, "/socio-home") + 1);
  expect(vistasDe(despues, "/login")).toBe(vistasDe(antes, "/login") + 1);
  expect(visitantesHoy(despues)).toBeGreaterThanOrEqual(Math.max(1, visitantesHoy(antes)));

  // The administrator sees them on the home, in the most viewed pages.
  const admin = await browser.newContext();
  const paginaAdmin = await admin.newPage();
  await new AppPage(paginaAdmin).entrarConSesion(CUENTAS.administrador);
  const uso = paginaAdmin.getByRole("region", { name: "Uso de la aplicación" });
  // Below the board's figures: drawn once its place comes near the screen (AlVerse).
  await expect(paginaAdmin.getByTestId("panel-socios")).toBeVisible();
  await paginaAdmin.locator("[data-al-verse]").first().scrollIntoViewIfNeeded();
  await expect(uso).toBeVisible();
  const paginas = uso.getByRole("region", { name: "Páginas más vistas" });
  await expect(
    paginas.getByRole("row").filter({ hasText: "/mispagos" }).getByRole("cell").last(),
  ).toHaveText(String(vistasDe(despues, "/mispagos")));
  await expect(
    paginas.getByRole("progressbar", { name: /^\/misactos: \d+ vistas?$/ }),
  ).toBeVisible();
  await expect(uso.getByTestId("analitica-totales")).toContainText("páginas vistas");
  // The charts are drawn (recharts SVG) once they come near the screen (AlVerse).
  await uso.getByTestId("analitica-dias").scrollIntoViewIfNeeded();
  await expect(uso.locator(".recharts-surface").first()).toBeVisible();
  await admin.close();
});

test("quien pide no ser rastreado (Sec-GPC) no cuenta", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const token = await tokenAdmin(request);
  const antes = await resumen(request, token);
  const contexto = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
  const pagina = await contexto.newPage();
  const envios: number[] = [];
  pagina.on("response", (r) => {
    if (new URL(r.url()).pathname === "/api/analitica") envios.push(r.status());
  });
  await new AppPage(pagina).irA("privacidad");
  await expect(
    pagina.getByRole("heading", { name: "Qué contamos del uso de la aplicación" }),
  ).toBeVisible();
  await expect(pagina.getByText(/No guardamos tu dirección IP/)).toBeVisible();
  await ocultar(pagina);
  await expect.poll(() => envios.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(envios).toEqual([204]);
  await contexto.close();
  expect(vistasDe(await resumen(request, token), "/privacidad")).toBe(
    vistasDe(antes, "/privacidad"),
  );
});
