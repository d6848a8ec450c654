import { expect, type Page } from "@playwright/test";

export type Foto = { name: string; mimeType: string; buffer: Buffer };

/** The market (#/market), its ad form and detail, and the featured page. */
export class MercadilloPage {
  constructor(readonly page: Page) {}

  dialogo(titulo: string | RegExp) {
    return this.page.getByRole("dialog", { name: titulo });
  }

  tarjeta(titulo: string) {
    return this.page.getByTestId("tarjeta-anuncio").filter({ hasText: titulo });
  }

  async publicar(datos: {
    titulo: string;
    descripcion: string;
    precio: string;
    etiqueta: string;
    telefono: string;
    fotos: Foto[];
  }) {
    await this.page.getByRole("button", { name: "Publicar anuncio" }).click();
    const form = this.dialogo("Nuevo anuncio");
    await form.getByLabel("Título").fill(datos.titulo);
    await form.getByLabel("Descripción").fill(datos.descripcion);
    await form.getByLabel("Precio (€)").fill(datos.precio);
    const etiquetas = form.getByLabel("Etiquetas");
    await etiquetas.fill(datos.etiqueta);
    await etiquetas.press("Enter");
    await form.getByLabel("Nombre").fill("Pep del Tabal");
    await form.getByLabel("Teléfono").fill(datos.telefono);
    await form.locator("input[type='file'][multiple]").setInputFiles(datos.fotos);
    await expect(form.getByText(`${datos.fotos.length} foto(s) por subir`)).toBeVisible();
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
  }

  async abrir(titulo: string) {
    await this.tarjeta(titulo).click();
    const detalle = this.dialogo(titulo);
    await expect(detalle).toBeVisible();
    return detalle;
  }
}
