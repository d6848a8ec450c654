import { expect, type Page, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

// The first page loads only what it needs; every other page module (SPEC §2: all lazily loaded
// pages are preloaded) is fetched after the load event, in idle time. Figures: bench/lighthouse.

/** The page modules of packages/web/src/app/rutas.ts, as the build names their chunks. */
const PAGINAS = [
  "login-page",
  "inicio-page",
  "contrasenya-olvidada-page",
  "privacidad-page",
  "participacion-page",
  "condiciones-page",
  "en-construccion-page",
  "alertas-page",
  "admin-home-page",
  "user-home-page",
  "socio-home-page",
  "maestros-page",
  "utilidades-page",
  "socios-page",
  "socio-ficha-page",
  "productos-page",
  "pagos-page",
  "mis-pagos-page",
  "actos-page",
  "mis-actos-page",
  "listado-inscritos-page",
  "restauracion-page",
  "noticias-page",
  "ver-noticias-page",
  "documentos-page",
  "informes-page",
  "market-page",
  "destacado-page",
  "gallofa-page",
];

type Recurso = { pagina: string; antesDeLoad: boolean; inicio: number; iniciador: string };

/** The page-module scripts this document fetched, each said before or after its load event. */
function modulosPedidos(page: Page): Promise<Recurso[]> {
  return page.evaluate(() => {
    const [navegacion] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    const load = navegacion?.loadEventStart || Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType("resource")
      .map((e) => ({
        m: /\/assets\/([\w-]+-page)-[\w-]+\.js$/.exec(e.name),
        inicio: e.startTime,
        iniciador: (e as PerformanceResourceTiming).initiatorType,
      }))
      .filter((r) => r.m !== null)
      .map((r) => ({
        pagina: r.m?.[1] ?? "",
        antesDeLoad: r.inicio < load,
        inicio: r.inicio,
        iniciador: r.iniciador,
      }));
  });
}

/** Every script the page requests from now on, with idle prefetching off: what it imports. */
async function scriptsSinPrecarga(page: Page): Promise<string[]> {
  await page.route("**/assets/precarga.json*", (ruta) => ruta.fulfill({ json: [] }));
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/[\w-]+\.js$/.test(r.url())) scripts.push(r.url());
  });
  return scripts;
}

test("el login solo pide su propia página mientras carga; las demás se precargan después", async ({
  page,
}) => {
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.waitForLoadState("load");

  await expect
    .poll(async () => (await modulosPedidos(page)).map((r) => r.pagina), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(PAGINAS));

  const pedidos = await modulosPedidos(page);
  const antes = pedidos.filter((r) => r.antesDeLoad).map((r) => r.pagina);
  expect(antes.filter((p) => p !== "login-page")).toEqual([]);
  const despues = pedidos.filter((r) => !r.antesDeLoad).map((r) => r.pagina);
  expect(despues).toEqual(
    expect.arrayContaining(PAGINAS.filter((p) => p !== "login-page" && !antes.includes(p))),
  );
  // Fetched by a <link rel="prefetch">, into the cache: not imported, so not evaluated until
  // the person goes there (an import() would be initiated by a script).
  const importadas = pedidos.filter((r) => r.pagina !== "login-page" && r.iniciador !== "link");
  expect(importadas).toEqual([]);

  // Nor while the login is still fetching its own data (the association's texts).
  const textosListos = await page.evaluate(
    () =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
        e.name.endsWith("/api/asociacion/textos"),
      )?.responseEnd ?? Number.NaN,
  );
  expect(textosListos).toBeGreaterThan(0);
  const otras = pedidos.filter((r) => r.pagina !== "login-page").map((r) => r.inicio);
  expect(Math.min(...otras)).toBeGreaterThanOrEqual(textosListos);
});

test("el navegador recibe la aplicación comprimida", async ({ page }) => {
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => /\/assets\/[\w-]+\.(js|css)$/.test(e.name) && e.decodedBodySize > 20_000)
      .map((e) => ({ nombre: e.name, comprimido: e.encodedBodySize, real: e.decodedBodySize })),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.comprimido, s.nombre).toBeLessThan(s.real / 2);

  const principal = await page.request.get(
    (await page.locator("script[type=module]").first().getAttribute("src")) ?? "",
    { headers: { "accept-encoding": "br" } },
  );
  expect(principal.headers()["content-encoding"]).toBe("br");
  expect(principal.headers().vary).toMatch(/accept-encoding/i);
});

test("el script de entrada no trae zod, la lista de contraseñas comunes ni dayjs", async ({
  page,
}) => {
  // They belong to the pages that validate forms or show dates: in the entry they were parsed
  // and run before the first page (issue 14, goal 5; bench/web.bench.ts gives the sizes).
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  const entrada = await page.request.get(
    (await page.locator("script[type=module]").first().getAttribute("src")) ?? "",
  );
  const codigo = await entrada.text();
  expect(codigo.length).toBeGreaterThan(100_000);
  expect(codigo).not.toContain("ZodError");
  expect(codigo).not.toContain("1q2w3e4r");
  expect(codigo).not.toContain("Invalid Date");
});

test("el login, la contraseña olvidada y la privacidad no descargan el trozo común de las páginas con sesión", async ({
  page,
}) => {
  // Their components go in a small chunk of their own (`basico`, vite.config.ts): with the shared
  // chunk (popovers, number inputs, every page's icons) the login needed 258 KB gzip, now 179.
  const scripts = await scriptsSinPrecarga(page);
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
  await expect(page.getByRole("button", { name: "Enviar el enlace" })).toBeVisible();
  expect(scripts.some((url) => /\/basico-[\w-]+\.js$/.test(url))).toBe(true);
  await page.goto("/#/privacidad");
  await expect(
    page.getByRole("heading", { name: "Política de privacidad", level: 1 }),
  ).toBeVisible();
  expect(scripts.some((url) => /contrasenya-olvidada-page-/.test(url))).toBe(true);
  expect(scripts.some((url) => /privacidad-page-/.test(url))).toBe(true);
  expect(scripts.filter((url) => /\/comun-[\w-]+\.js$/.test(url))).toEqual([]);

  // A signed-in page does load it.
  const app = new AppPage(page);
  await app.entrarHastaInicio(CUENTAS.socio.email, PASSWORD_DEMO, CUENTAS.socio.home);
  expect(scripts.some((url) => /\/comun-[\w-]+\.js$/.test(url))).toBe(true);
});

test("el inicio del socio no ejecuta zod: ni el marco ni la página lo importan", async ({
  page,
}) => {
  const scripts = await scriptsSinPrecarga(page);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.socio);
  await expect(page.getByRole("heading", { name: "Mi carnet" })).toBeVisible();
  await expect(page.getByTestId("home-total-pendiente")).not.toHaveText("–");
  expect(scripts.some((url) => /socio-home-page-/.test(url))).toBe(true);
  for (const url of scripts) {
    expect(await (await page.request.get(url)).text(), url).not.toContain("ZodError");
  }
});

test("el login y el inicio del socio solo aplican los estilos de Mantine que trae la entrada", async ({
  page,
}) => {
  // The stylesheets of the other components (packages/web/estilos-mantine.ts) go in one file for
  // the pages that draw them: every style recalculation of these two pages would match against
  // it too. Prefetched files are not applied, so they do not count here.
  const hojas = () =>
    page.evaluate(() => [...document.styleSheets].map((hoja) => hoja.href ?? "(en línea)"));
  const deOtrosComponentes = expect.stringMatching(/\/assets\/estilos-mantine-[\w-]+\.css$/);
  const app = new AppPage(page);
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect(await hojas()).not.toContainEqual(deOtrosComponentes);
  // The theme's variables (legible dimmed text: rgba(91, 97, 102, 1), minified) come in the
  // entry's stylesheet, written by the build, not in a <style> Mantine works out at every start.
  expect(
    await page.evaluate(() => ({
      atenuado: getComputedStyle(document.documentElement)
        .getPropertyValue("--mantine-color-dimmed")
        .trim(),
      calculadas: [...document.querySelectorAll("style[data-mantine-styles]")].filter((s) =>
        s.innerHTML.includes("--mantine-color-dimmed"),
      ).length,
    })),
  ).toEqual({ atenuado: "#5b6166", calculadas: 0 });

  await app.entrarHastaInicio(CUENTAS.socio.email, PASSWORD_DEMO, CUENTAS.socio.home);
  await expect(page.getByRole("heading", { name: "Mi carnet" })).toBeVisible();
  // Below the fold, drawn last (Diferido).
  await expect(page.getByTestId("home-total-pendiente")).not.toHaveText("–");
  await expect(page.getByRole("heading", { name: "Tus apartados" })).toBeVisible();
  expect(await hojas()).not.toContainEqual(deOtrosComponentes);

  // A page with a modal: it brings them.
  await app.irA("misactos");
  await expect(page.getByRole("heading", { name: "Mis actos", level: 1 })).toBeVisible();
  expect(await hojas()).toContainEqual(deOtrosComponentes);
});

test("la lista de noticias no trae el editor: se carga cuando el administrador escribe una", async ({
  page,
}) => {
  // With no idle prefetching, what the page itself asks for is all there is.
  await page.route("**/assets/precarga.json*", (ruta) => ruta.fulfill({ json: [] }));
  const editor: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/editor-noticia-[\w-]+\.js$/.test(r.url())) editor.push(r.url());
  });
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "noticias");
  await expect(page.getByRole("heading", { name: "Noticias", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nueva noticia" })).toBeVisible();
  expect(editor).toEqual([]);

  await page.getByRole("button", { name: "Nueva noticia" }).click();
  const dialogo = page.getByRole("dialog", { name: "Nueva noticia" });
  await expect(dialogo.getByRole("button", { name: "Negrita" })).toBeVisible();
  expect(editor).toHaveLength(1);
});

test("los textos (es.json) se piden una sola vez, con la página y no después del script", async ({
  page,
}) => {
  const pedidas: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/assets/i18n/es.json")) pedidas.push(r.url());
  });
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect(pedidas).toHaveLength(1);
  const iniciador = await page.evaluate(
    () =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
        e.name.includes("/assets/i18n/es.json"),
      )?.initiatorType,
  );
  expect(iniciador).toBe("link");
});

test("en valenciano se piden solo los textos de va.json, con la página", async ({ page }) => {
  const pedidas: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/assets/i18n/")) pedidas.push(new URL(r.url()).pathname);
  });
  await page.addInitScript(() => localStorage.setItem("idioma", "va"));
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
  expect(pedidas).toEqual(["/assets/i18n/va.json"]);
  const iniciador = await page.evaluate(
    () =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
        e.name.includes("/assets/i18n/va.json"),
      )?.initiatorType,
  );
  expect(iniciador).toBe("link");
});

test.describe("imagen de arranque (packages/web/arranque)", () => {
  // Requests a service worker answers never reach page.route: without it, every one does.
  test.use({ serviceWorkers: "block" });
  /** The app's own scripts held back: what the document alone paints (packages/web/arranque). */
  async function sinScriptsDeLaApp(page: Page) {
    await page.route(/\/assets\/[\w-]+\.js$/, (ruta) => ruta.abort());
  }

  function erroresDeCsp(page: Page): string[] {
    const errores: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) errores.push(m.text());
    });
    return errores;
  }

  test("la primera pintura no espera al código: el login se ve con solo el documento", async ({
    page,
  }) => {
    const csp = erroresDeCsp(page);
    await sinScriptsDeLaApp(page);
    await page.goto("/#/login");
    const arranque = page.locator("#arranque");
    await expect(arranque.getByText("Entra con tu cuenta de festero")).toBeVisible();
    await expect(arranque.locator("h1")).toHaveText("Filà");
    expect(csp).toEqual([]);
  });

  test("la primera pintura del inicio saluda al socio con la sesión guardada, antes que el código", async ({
    page,
  }) => {
    const app = new AppPage(page);
    await app.entrarConSesion(CUENTAS.socio);
    const nombre = (await page.getByRole("heading", { name: /^Hola, / }).textContent()) ?? "";
    // The app's own picture is gone once its page is there.
    await expect(page.locator("#arranque")).toHaveCount(0);

    const csp = erroresDeCsp(page);
    await sinScriptsDeLaApp(page);
    await page.reload();
    const arranque = page.locator("#arranque");
    await expect(arranque.getByText(nombre, { exact: true })).toBeVisible();
    // The home's introduction too: on a phone the largest text of the first screen.
    await expect(arranque.getByText("Aquí tienes tus actos y tus pagos.")).toBeVisible();
    expect(csp).toEqual([]);
  });

  test("la imagen de arranque se va en cuanto aparece la página, sin errores de CSP", async ({
    page,
  }) => {
    const csp = erroresDeCsp(page);
    await page.goto("/#/login");
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    await expect(page.locator("#arranque")).toHaveCount(0);
    expect(csp).toEqual([]);
  });
});
