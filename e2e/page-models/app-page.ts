import { expect, type Page } from "@playwright/test";

export const PASSWORD_DEMO = "demo-fila-2026";
export const CUENTAS = {
  administrador: { email: "admin@filademo.es", home: "admin-home" },
  usuario: { email: "usuario@filademo.es", home: "user-home" },
  socio: { email: "socio@filademo.es", home: "socio-home" },
} as const;

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
