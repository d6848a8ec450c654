import type { Page } from "@playwright/test";

/** The Informes page: the grouped catalogue and one report with filters, chart, table and files. */
export class InformesPage {
  constructor(readonly page: Page) {}

  async abrirInforme(titulo: string) {
    await this.page.getByRole("link", { name: `Abrir el informe ${titulo}` }).click();
    await this.page.getByRole("heading", { name: titulo, level: 1 }).waitFor();
  }

  async elegir(filtro: string, opcion: string) {
    await this.page.getByRole("combobox", { name: filtro }).click();
    await this.page.getByRole("option", { name: opcion, exact: true }).click();
  }

  tabla() {
    return this.page.getByRole("table");
  }

  grafico() {
    return this.page.getByTestId("grafico-informe");
  }

  /** Clicks a download button and returns the downloaded file. */
  async descargar(formato: "Excel" | "CSV" | "PDF") {
    const [descarga] = await Promise.all([
      this.page.waitForEvent("download"),
      this.page.getByRole("button", { name: formato, exact: true }).click(),
    ]);
    return descarga;
  }
}
