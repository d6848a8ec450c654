import { expect, type Page, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO, verLoDeDebajo } from "../page-models/app-page";
import { infraccionesGraves } from "../support/axe";

// WCAG 2.1 A and AA over every page each role can open, at desktop and phone size: no serious
// or critical violation. One saved session per role (AppPage.entrarConSesion), the pages then
// opened in that tab.

const TAMANYOS = {
  escritorio: { width: 1280, height: 800 },
  movil: { width: 390, height: 844 },
} as const;

// The lottery's check with a code that is not one (its alert); a real one: loteria.spec.ts.
const PUBLICAS = [
  "login",
  "contrasenya-olvidada",
  "privacidad",
  "condiciones",
  "participacion/codigo-no-valido",
];

/** Pages open to every signed-in role (besides each role's own). */
const COMUNES = ["alertas", "documentos", "vernoticias", "misactos", "mispagos", "socios/ficha/0"];

const RUTAS: Record<keyof typeof CUENTAS, string[]> = {
  administrador: [
    "admin-home",
    "user-home",
    ...COMUNES,
    "alertas?tab=enviar",
    "alertas?tab=enviadas",
    "socios",
    "socios/ficha/nuevo",
    "noticias",
    "market",
    "productos",
    "productos?vista=loteria",
    "pagos",
    "actos",
    "listado-inscritos",
    "restauracion-home",
    "informes",
    "informes?id=deudas",
    "informes?id=recaudacion",
    "utilidades",
    "utilidades?pestanya=asociacion",
    "utilidades?pestanya=copias",
    "utilidades?pestanya=textos",
    "utilidades?pestanya=envios",
    "tipossocio",
    "tiposacto",
    "formaspago",
    "en-construccion",
    "destacado",
    "gallofa",
  ],
  usuario: ["user-home", ...COMUNES, "market", "destacado", "en-construccion"],
  socio: ["socio-home", ...COMUNES, "market", "destacado", "en-construccion"],
};

/**
 * The pages of a role at a size. The administrador's own pages are checked at desktop size in
 * Spanish and at phone size in Valencian (the last describe): at phone size in Spanish only the
 * pages every role shares, so each of the board's pages is read once per size and per language
 * without a third pass.
 */
function rutasDe(rol: keyof typeof CUENTAS, tamanyo: string): string[] {
  if (rol !== "administrador" || tamanyo !== "movil") return RUTAS[rol];
  return RUTAS.administrador.filter((r) => COMUNES.includes(r) || r === "user-home");
}

type Hallazgo = { pagina: string; regla: string; impacto: string; nodos: string[] };

/** Waits until the page has its title and nothing is loading any more. */
async function esperarContenido(page: Page, ruta: string) {
  const sinConsulta = ruta.split("?")[0] ?? ruta;
  await expect(page).toHaveURL(new RegExp(`#/${sinConsulta}(\\?.*)?$`));
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // The header's bar while a page's code loads, then the page's own loaders.
  await expect(page.locator("header [role=progressbar]")).toHaveCount(0);
  await expect(page.locator(".mantine-Loader-root:visible")).toHaveCount(0);
  await expect(page.locator(".mantine-Skeleton-root[data-visible='true']:visible")).toHaveCount(0);
  // The member homes draw their lower sections when someone scrolls near them (AlVerse): down
  // to them, so that they are checked too, and their loaders gone again.
  if (/^(socio|user)-home$/.test(sinConsulta)) {
    await verLoDeDebajo(page);
    await expect(page.locator(".mantine-Loader-root:visible")).toHaveCount(0);
    await expect(page.locator(".mantine-Skeleton-root[data-visible='true']:visible")).toHaveCount(
      0,
    );
  }
}

async function analizar(page: Page, pagina: string): Promise<Hallazgo[]> {
  return (await infraccionesGraves(page)).map((v) => ({
    pagina,
    regla: v.id,
    impacto: v.impact ?? "",
    nodos: v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
  }));
}

/** The findings by rule, printed so that a run tells how far the pages are from clean. */
function resumir(titulo: string, hallazgos: Hallazgo[]): string {
  const porRegla = new Map<string, { paginas: number; nodos: number }>();
  for (const h of hallazgos) {
    const actual = porRegla.get(h.regla) ?? { paginas: 0, nodos: 0 };
    porRegla.set(h.regla, { paginas: actual.paginas + 1, nodos: actual.nodos + h.nodos.length });
  }
  const lineas = [...porRegla].map(
    ([regla, { paginas, nodos }]) => `  ${regla}: ${paginas} páginas, ${nodos} nodos`,
  );
  const detalle = hallazgos.map(
    (h) => `  [${h.pagina}] ${h.regla} (${h.impacto})\n    ${h.nodos.slice(0, 4).join("\n    ")}`,
  );
  return [`${titulo}: ${hallazgos.length} infracciones graves`, ...lineas, ...detalle].join("\n");
}

for (const [nombreTamanyo, viewport] of Object.entries(TAMANYOS)) {
  test.describe(`accesibilidad (${nombreTamanyo})`, () => {
    test.use({ viewport });

    test("las páginas públicas no tienen infracciones graves de WCAG 2.1 AA", async ({ page }) => {
      const app = new AppPage(page);
      const hallazgos: Hallazgo[] = [];
      for (const ruta of PUBLICAS) {
        await app.irA(ruta);
        await esperarContenido(page, ruta);
        hallazgos.push(...(await analizar(page, ruta)));
      }
      const resumen = resumir(`públicas, ${nombreTamanyo}`, hallazgos);
      console.log(resumen);
      expect(hallazgos, resumen).toEqual([]);
    });

    for (const [rol, cuenta] of Object.entries(CUENTAS)) {
      test(`${rol}: sus páginas no tienen infracciones graves de WCAG 2.1 AA`, async ({ page }) => {
        const rutas = rutasDe(rol as keyof typeof CUENTAS, nombreTamanyo);
        test.setTimeout(30_000 + rutas.length * 6_000);
        const app = new AppPage(page);
        await app.entrarConSesion(cuenta);
        const hallazgos: Hallazgo[] = [];

        // The side menu, open over the home.
        await esperarContenido(page, cuenta.home);
        await app.abrirMenu();
        hallazgos.push(...(await analizar(page, `${cuenta.home} con el menú abierto`)));
        await page.getByRole("button", { name: "Menú", exact: true }).click();
        await expect(app.menu()).toBeHidden();

        for (const ruta of rutas) {
          await app.irA(ruta);
          await esperarContenido(page, ruta);
          hallazgos.push(...(await analizar(page, ruta)));
        }
        const resumen = resumir(`${rol}, ${nombreTamanyo}`, hallazgos);
        console.log(resumen);
        expect(hallazgos, resumen).toEqual([]);
      });
    }
  });
}

// Valencian (issue 38), at phone size: the device's language set to Valencian on the login page
// (localStorage `idioma`), the public pages read in it, then each role signs in (the choice is saved
// to its account, and put back to Spanish at the end) and the same pages are checked in Valencian:
// the socio's, and the administrator's own ones with its two-language editors (the event form and
// the Valencian tab of the terms too). The usuario's pages are the socio's ones. One login per role.
test.describe("accesibilidad en valenciano (movil)", () => {
  test.use({ viewport: TAMANYOS.movil });

  /** The device in Valencian, chosen on the login page as a person would. */
  async function valencianoEnLaEntrada(page: Page, app: AppPage) {
    await app.irA("login");
    await esperarContenido(page, "login");
    await page.getByRole("button", { name: "Valencià" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ca-ES-valencia");
    await expect(page.getByText("Entra amb el teu compte de fester")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("idioma"))).toBe("va");
  }

  async function entrarEnValenciano(page: Page, email: string, home: string) {
    await page.getByLabel("Correu electrònic").fill(email);
    await page.getByLabel("Contrasenya", { exact: true }).fill(PASSWORD_DEMO);
    await page.getByRole("button", { name: "Entrar" }).click();
    await esperarContenido(page, home);
    await expect(page.getByRole("button", { name: "Tancar la sessió" })).toBeVisible();
  }

  /** The account back in Spanish, for the specs after this one. */
  async function volverAlCastellano(page: Page) {
    const token = await page.evaluate(() => localStorage.getItem("token"));
    if (!token) return;
    await page.request.put("/api/sesion/idioma", {
      headers: { Authorization: `Bearer ${token}` },
      data: { idioma: "es" },
    });
  }

  async function recorrer(page: Page, app: AppPage, rutas: string[], hallazgos: Hallazgo[]) {
    for (const ruta of rutas) {
      await app.irA(ruta);
      await esperarContenido(page, ruta);
      await expect(page.locator("html")).toHaveAttribute("lang", "ca-ES-valencia");
      hallazgos.push(...(await analizar(page, `${ruta} (va)`)));
    }
  }

  test("las páginas públicas y las del socio en valenciano no tienen infracciones graves", async ({
    page,
  }) => {
    test.setTimeout(30_000 + (PUBLICAS.length + RUTAS.socio.length) * 5_000);
    const app = new AppPage(page);
    await valencianoEnLaEntrada(page, app);
    const hallazgos: Hallazgo[] = [...(await analizar(page, "login (va)"))];
    await recorrer(page, app, PUBLICAS.slice(1), hallazgos);
    await app.irA("login");
    await esperarContenido(page, "login");
    try {
      await entrarEnValenciano(page, CUENTAS.socio.email, CUENTAS.socio.home);
      hallazgos.push(...(await analizar(page, `${CUENTAS.socio.home} (va)`)));
      await recorrer(page, app, RUTAS.socio.slice(1), hallazgos);
    } finally {
      await volverAlCastellano(page);
    }
    const resumen = resumir("valenciano, socio, movil", hallazgos);
    console.log(resumen);
    expect(hallazgos, resumen).toEqual([]);
  });

  test("las páginas del administrador en valenciano no tienen infracciones graves", async ({
    page,
  }) => {
    // The pages every role shares were checked with the socio.
    const rutas = RUTAS.administrador.filter((r) => !COMUNES.includes(r) && r !== "user-home");
    test.setTimeout(30_000 + rutas.length * 5_000);
    const app = new AppPage(page);
    await valencianoEnLaEntrada(page, app);
    const hallazgos: Hallazgo[] = [];
    try {
      await entrarEnValenciano(page, CUENTAS.administrador.email, CUENTAS.administrador.home);
      await recorrer(page, app, rutas, hallazgos);
      // The event form, with its description only in Spanish so far: «ES» and a struck «VA».
      await app.irA("actos");
      await esperarContenido(page, "actos");
      await page.getByRole("button", { name: "Acte nou" }).click();
      const dialogo = page.getByRole("dialog");
      await dialogo.getByLabel("Descripció", { exact: true }).fill("Sopar de germanor");
      await expect(dialogo.getByText("Només en castellà; falta en valencià")).toBeAttached();
      hallazgos.push(...(await analizar(page, "actos, acte nou (va)")));
      await page.keyboard.press("Escape");
      await expect(dialogo).toBeHidden();
      // The terms' editor with its Valencian tab open (the badges and the Valencian editors).
      await app.irA("utilidades?pestanya=textos");
      await esperarContenido(page, "utilidades?pestanya=textos");
      await page.getByRole("tab", { name: "En valencià" }).click();
      await expect(page.getByText("Condicions d'ús en valencià")).toBeVisible();
      hallazgos.push(...(await analizar(page, "utilidades?pestanya=textos, en valencià (va)")));
    } finally {
      await volverAlCastellano(page);
    }
    const resumen = resumir("valenciano, administrador, movil", hallazgos);
    console.log(resumen);
    expect(hallazgos, resumen).toEqual([]);
  });
});
