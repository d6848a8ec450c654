import { expect, type Page } from "@playwright/test";

export const PASSWORD_DEMO = "demo-fila-2026";
export const CUENTAS = {
  administrador: { email: "admin@filademo.es", home: "admin-home" },
  usuario: { email: "usuario@filademo.es", home: "user-home" },
  socio: { email: "socio@filademo.es", home: "socio-home" },
} as const;

export type Cuenta = { email: string; home: string };

type SesionGuardada = { token: string; user: string };

/**
 * Sessions signed in through the API, one per account and worker (a worker runs the specs one
 * after another, and a session lasts 30 days): `entrarConSesion` reuses them.
 */
const sesiones = new Map<string, SesionGuardada>();

/** The fields of the session user the login form keeps under `user` (SPEC §4, session-store.ts). */
function usuarioGuardado(datos: Record<string, unknown>): string {
  const { id, nombre, email, rol, socioId, condicionesAceptadas } = datos;
  return JSON.stringify({ id, nombre, email, rol, socioId, condicionesAceptadas });
}

/** The saved session of `cuenta` on the page's installation, checked or signed in afresh. */
async function sesionDe(page: Page, cuenta: Cuenta): Promise<SesionGuardada> {
  const { origin } = new URL(page.url());
  const clave = `${origin} ${cuenta.email}`;
  const { request } = page;
  const guardada = sesiones.get(clave);
  if (guardada) {
    // Still alive (a spec may have revoked it: logout, password change): the user as it is now.
    const res = await request.get(`${origin}/api/sesion`, {
      headers: { Authorization: `Bearer ${guardada.token}` },
    });
    if (res.ok()) {
      const sesion = { token: guardada.token, user: usuarioGuardado(await res.json()) };
      sesiones.set(clave, sesion);
      return sesion;
    }
  }
  const res = await request.post(`${origin}/api/login`, {
    data: { email: cuenta.email, password: PASSWORD_DEMO },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken, ...datos } = (await res.json()) as { accessToken: string };
  const sesion = { token: accessToken, user: usuarioGuardado(datos) };
  sesiones.set(clave, sesion);
  return sesion;
}

/**
 * Scrolls down to every place of the page still waiting to be drawn until it comes near the
 * screen (`AlVerse` in packages/web: the lower part of the member homes on a phone), as a person
 * does to see it, until all of it is drawn.
 */
export async function verLoDeDebajo(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const pendientes = page.locator("[data-al-verse=pendiente]");
  await expect(async () => {
    // In one step in the page: a place can be drawn between counting it and scrolling to it, and
    // a locator's scroll would then wait, until the test's timeout, for an element that no
    // longer matches (the flaky accessibility runs of the member homes).
    await pendientes.evaluateAll((lugares) => lugares[0]?.scrollIntoView({ block: "center" }));
    expect(await pendientes.count()).toBe(0);
  }).toPass();
}

/** The app as a person sees it: the login form, the shell, the side menu. */
export class AppPage {
  constructor(readonly page: Page) {}

  async irA(ruta: string) {
    await this.page.goto(`/#/${ruta}`);
  }

  async entrar(email: string, password: string) {
    await this.irA("login");
    await this.page.getByLabel("Correo electrónico").fill(email);
    await this.page.getByLabel("Contraseña", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Entrar" }).click();
  }

  async esperarRuta(ruta: string) {
    await expect(this.page).toHaveURL(new RegExp(`#/${ruta}(\\?.*)?$`));
  }

  /** Signs in and waits until the role's home has rendered (the sign-in navigation is over). */
  async entrarHastaInicio(email: string, password: string, home: string) {
    await this.entrar(email, password);
    await this.esperarRuta(home);
    await expect(this.page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
  }

  /**
   * Opens `ruta` (the account's home unless given) already signed in, as a person who signed in
   * earlier on this device finds the app: the token and user the login form leaves in local
   * storage, from a session signed in once per account through the API. For the tests that are
   * not about signing in or out (those use `entrar`). Replaces any session the page had, keeping
   * the device's language like a logout would; the page loads afresh.
   */
  async entrarConSesion(cuenta: Cuenta, ruta: string = cuenta.home) {
    // A small file of the app's origin, to reach its local storage before the app starts.
    await this.page.goto("/assets/config.json");
    const { token, user } = await sesionDe(this.page, cuenta);
    await this.page.evaluate(
      ([token, user]) => {
        const idioma = localStorage.getItem("idioma");
        localStorage.clear();
        if (idioma !== null) localStorage.setItem("idioma", idioma);
        localStorage.setItem("token", token);
        localStorage.setItem("user", user);
      },
      [token, user],
    );
    await this.irA(ruta);
    await this.esperarRuta(ruta.split("?")[0] ?? ruta);
    if (ruta === cuenta.home) {
      await expect(this.page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
    }
  }

  /** See `verLoDeDebajo`: the sections of the page below a phone's first screen, drawn. */
  async verLoDeDebajo() {
    await verLoDeDebajo(this.page);
  }

  menu() {
    return this.page.getByRole("navigation", { name: "Menú principal" });
  }

  async abrirMenu() {
    if (!(await this.menu().isVisible())) {
      await this.page.getByRole("button", { name: "Menú", exact: true }).click();
    }
    await expect(this.menu()).toBeVisible();
  }

  /** Every link of the side menu (expanding submenus first) as {texto, href}. */
  async enlacesDelMenu() {
    await this.abrirMenu();
    const grupos = this.menu().locator("button[aria-expanded='false']");
    while ((await grupos.count()) > 0) await grupos.first().click();
    return this.menu()
      .getByRole("link")
      .evaluateAll((enlaces) =>
        enlaces.map((a) => ({
          texto: (a.textContent ?? "").trim(),
          href: a.getAttribute("href"),
        })),
      );
  }

  async cerrarSesion() {
    await this.page.getByRole("button", { name: "Cerrar sesión" }).click();
  }

  almacenamientoLocal() {
    return this.page.evaluate(() => ({ ...window.localStorage }));
  }
}
