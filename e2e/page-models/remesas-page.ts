import { readFile } from "node:fs/promises";
import { formatearFecha, hoyIso } from "@fila/domain";
import { type APIResponse, expect, type Page } from "@playwright/test";
import { AppPage } from "./app-page";
import { escribirFecha } from "./campo-fecha";

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
    await this.esperarTrabajo(emision);
  }

  /** A background job launched (202 `{idTrabajo}`), followed until it ends well: its result. */
  async esperarTrabajo(lanzado: APIResponse): Promise<unknown> {
    expect(lanzado.status(), await lanzado.text()).toBe(202);
    const { idTrabajo } = (await lanzado.json()) as { idTrabajo: number };
    const headers = { Authorization: `Bearer ${await this.token()}` };
    let fin: { estado: string; resultado: unknown; error: string | null } | undefined;
    await expect
      .poll(
        async () => {
          const r = await this.page.request.get(`/api/trabajos/${idTrabajo}`, { headers });
          fin = await r.json();
          return fin?.estado;
        },
        { timeout: 30_000 },
      )
      .not.toBe("en_curso");
    expect(fin?.estado, fin?.error ?? "").toBe("terminado");
    return fin?.resultado;
  }

  dialogo(nombre: string | RegExp) {
    return this.page.getByRole("dialog", { name: nombre });
  }

  /** Generates a remittance from the "Nueva remesa" modal (`hasta` as dd/mm/aaaa); returns its number. */
  async generar(hasta: string): Promise<number> {
    return this.generarSinEsperar(hasta);
  }

  /** The same, as a promise the caller may await later (to look at the job's progress first). */
  async generarSinEsperar(hasta: string): Promise<number> {
    await this.page.getByRole("tab", { name: "Remesas SEPA" }).click();
    await this.page.getByRole("button", { name: "Nueva remesa" }).click();
    const dialogo = this.dialogo("Nueva remesa");
    // The proposed collection date (five days from today in Spain) is shown as dd/mm/aaaa.
    const cobro = new Date(`${hoyIso()}T12:00:00Z`);
    cobro.setUTCDate(cobro.getUTCDate() + 5);
    await expect(dialogo.getByLabel("Fecha de cobro")).toHaveValue(
      formatearFecha(cobro.toISOString().slice(0, 10)),
    );
    await escribirFecha(dialogo.getByLabel("Incluir cargos que vencen hasta"), hasta);
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
