import { expect, type Locator, type Page } from "@playwright/test";

/** The page of one master (tipos de socio, tipos de acto, formas de pago). */
export class MaestrosPage {
  constructor(readonly page: Page) {}

  titulo(texto: string) {
    return this.page.getByRole("heading", { level: 1, name: texto });
  }

  tabla() {
    return this.page.getByRole("table");
  }

  /** The table row whose name cell is exactly `nombre`. */
  fila(nombre: string): Locator {
    return this.tabla()
      .getByRole("row")
      .filter({ has: this.page.getByText(nombre, { exact: true }) });
  }

  accion(accion: "Editar" | "Activar" | "Desactivar" | "Borrar", nombre: string) {
    return this.page.getByRole("button", { name: `${accion} «${nombre}»`, exact: true });
  }

  dialogo(titulo: string | RegExp) {
    return this.page.getByRole("dialog", { name: titulo });
  }

  async rellenar(
    dialogo: Locator,
    datos: { nombre?: string; descripcion?: string; color?: string },
  ): Promise<void> {
    if (datos.nombre !== undefined) await dialogo.getByLabel("Nombre").fill(datos.nombre);
    if (datos.descripcion !== undefined) {
      await dialogo.getByLabel("Descripción").fill(datos.descripcion);
    }
    if (datos.color !== undefined) {
      const color = dialogo.getByRole("textbox", { name: "Color" });
      await color.fill(datos.color);
      await color.press("Tab");
    }
  }

  async guardar(dialogo: Locator): Promise<void> {
    await dialogo.getByRole("button", { name: "Guardar" }).click();
    await expect(dialogo).toBeHidden();
  }
}
