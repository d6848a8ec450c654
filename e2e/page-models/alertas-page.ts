import { expect, type Locator, type Page } from "@playwright/test";

/** `#/alertas`, the header bell and the foreground push card. */
export class AlertasPage {
  constructor(readonly page: Page) {}

  campana(noLeidas?: number): Locator {
    return this.page.getByRole("link", {
      name: noLeidas === undefined ? /^Alertas, \d+ sin leer$/ : `Alertas, ${noLeidas} sin leer`,
    });
  }

  /** Unread count announced by the bell. */
  async noLeidas(): Promise<number> {
    const nombre = (await this.campana().getAttribute("aria-label")) ?? "";
    return Number(/(\d+)/.exec(nombre)?.[1] ?? Number.NaN);
  }

  tarjetaPush(): Locator {
    return this.page.getByRole("status", { name: "Notificación" });
  }

  async pestanya(nombre: "Mis alertas" | "Enviar alerta" | "Enviadas") {
    await this.page.getByRole("tab", { name: nombre }).click();
  }

  formulario(): Locator {
    return this.page.getByRole("form", { name: "Enviar alerta" });
  }

  async enviarATipoDeSocio(datos: { titulo: string; mensaje: string; tipo: string }) {
    const form = this.formulario();
    await form.getByLabel("Título").fill(datos.titulo);
    await form.getByLabel("Mensaje").fill(datos.mensaje);
    // The segmented control's radio is visually hidden: its label is what a person clicks.
    await form.getByText("Tipos de socio", { exact: true }).first().click();
    await expect(form.getByRole("radio", { name: "Tipos de socio" })).toBeChecked();
    await form.getByRole("combobox", { name: "Tipos de socio" }).click();
    await this.page.getByRole("option", { name: datos.tipo, exact: true }).click();
    await this.page.keyboard.press("Escape");
    await form.getByRole("button", { name: "Enviar alerta" }).click();
  }

  filaEnviada(titulo: string): Locator {
    return this.page
      .getByRole("table", { name: "Enviadas" })
      .getByRole("row")
      .filter({ hasText: titulo });
  }

  alertaEnLista(titulo: string): Locator {
    return this.page.getByRole("listitem").filter({ hasText: titulo });
  }

  async abrir(titulo: string) {
    await this.alertaEnLista(titulo).getByRole("button").click();
    await expect(this.page.getByRole("dialog", { name: titulo })).toBeVisible();
  }
}
