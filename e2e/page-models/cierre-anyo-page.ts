import { expect, type Page } from "@playwright/test";
import { AppPage } from "./app-page";

/** Utilidades → Cierre de año: the wizard (year → preview → confirm) and the history. */
export class CierreAnyoPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  async abrir() {
    await this.irA("utilidades?pestanya=cierre");
    await expect(this.page.getByRole("heading", { name: "Utilidades" })).toBeVisible();
    await expect(this.page.getByRole("tab", { name: "Cierre de año" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  }

  async verVistaPrevia(anyo: number) {
    const campo = this.page.getByLabel("Año que se cierra");
    await campo.fill(String(anyo));
    await this.page.getByRole("button", { name: "Ver la vista previa" }).click();
  }

  /** The figure of a preview card, by its title. */
  cifra(titulo: string) {
    return this.page.locator(".mantine-Paper-root").filter({ hasText: titulo }).locator("p").nth(1);
  }

  historial() {
    return this.page.getByRole("table", { name: "Años cerrados" });
  }
}
