import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { AppPage } from "./app-page";

/** Utilidades: the association's bank settings and the SEPA remittances. */
export class RemesasPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  async abrir() {
    await this.irA("utilidades");
    await expect(this.page.getByRole("heading", { name: "Utilidades" })).toBeVisible();
  }

  async identificadorAcreedor(): Promise<string> {
    await this.page.getByRole("tab", { name: "Datos de la asociación" }).click();
    const id = this.page.getByTestId("identificador-acreedor");
    await expect(id).toHaveText(/^ES\d{2}000[A-Z0-9]+$/);
    return (await id.textContent())?.trim() ?? "";
  }

  token() {
    return this.page.evaluate(() => window.localStorage.getItem("token"));
  }

  /** Emits this year's active products through the API (pending charges to collect). */
  async emitirCuotasDelAnyo(anyo: number) {
    const headers = { Authorization: `Bearer ${await this.token()}` };
    const productos = await this.page.request.get(`/api/productos?anyo=${anyo}&pageSize=200`, {
      headers,
    });
    expect(productos.ok()).toBe(true);
    const ids = ((await productos.json()).items as { id: number; activo: boolean }[])
      .filter((p) => p.activo)
      .map((p) => p.id);
    if (ids.length === 0) return;
    const emision = await this.page.request.post("/api/pagos/emision", {
      headers,
      data: { anyo, productos: ids, confirmar: true },
    });
    expect(emision.ok(), await emision.text()).toBe(true);
  }

  dialogo(nombre: string | RegExp) {
    return this.page.getByRole("dialog", { name: nombre });
  }

  /** Generates a remittance from the "Nueva remesa" modal; returns its number. */
  async generar(hasta: string): Promise<number> {
    await this.page.getByRole("tab", { name: "Remesas SEPA" }).click();
    await this.page.getByRole("button", { name: "Nueva remesa" }).click();
    const dialogo = this.dialogo("Nueva remesa");
    await dialogo.getByLabel("Incluir cargos que vencen hasta").fill(hasta);
    await dialogo.getByRole("button", { name: "Generar remesa" }).click();
    const aviso = dialogo.getByRole("status");
    await expect(aviso).toContainText(/Remesa \d+ generada/);
    return Number((await aviso.textContent())?.match(/Remesa (\d+)/)?.[1]);
  }

  /** Clicks a download button and returns the downloaded file's name and text. */
  async descargar(boton: ReturnType<Page["getByRole"]>) {
    const [descarga] = await Promise.all([this.page.waitForEvent("download"), boton.click()]);
    const ruta = await descarga.path();
    return { nombre: descarga.suggestedFilename(), texto: await readFile(ruta, "utf8") };
  }
}
