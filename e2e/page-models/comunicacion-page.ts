import { expect, type Locator, type Page } from "@playwright/test";

/** News (noticias / vernoticias) and documents as the people using them see them. */
export class ComunicacionPage {
  constructor(readonly page: Page) {}

  titulo(texto: string) {
    return this.page.getByRole("heading", { level: 1, name: texto });
  }

  dialogo(titulo: string) {
    return this.page.getByRole("dialog", { name: titulo });
  }

  /** The admin table row of a news item. */
  filaNoticia(titulo: string): Locator {
    return this.page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: this.page.getByText(titulo, { exact: true }) });
  }

  /** Writes a news item in the editor (typing in the Tiptap body) and saves it. */
  async redactarNoticia(datos: {
    titulo: string;
    resumen: string;
    parrafos: string[];
    negrita: string;
    publicar: boolean;
  }) {
    await this.page.getByRole("button", { name: "Nueva noticia" }).click();
    const editor = this.dialogo("Nueva noticia");
    await editor.getByRole("textbox", { name: "Título", exact: true }).fill(datos.titulo);
    await editor.getByLabel("Resumen").fill(datos.resumen);
    const cuerpo = editor.getByTestId("editor-contenido").locator("[contenteditable='true']");
    await cuerpo.click();
    for (const [i, parrafo] of datos.parrafos.entries()) {
      if (i > 0) await this.page.keyboard.press("Enter");
      await this.page.keyboard.type(parrafo);
    }
    await this.page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Negrita" }).click();
    await this.page.keyboard.type(datos.negrita);
    await expect(cuerpo.locator("strong")).toHaveText(datos.negrita);
    if (datos.publicar) await editor.getByRole("switch", { name: "Publicada" }).check();
    return editor;
  }

  /** The reader's card of a news item in vernoticias. */
  tarjetaNoticia(titulo: string) {
    return this.page.getByRole("link", { name: titulo });
  }

  documento(titulo: string) {
    return this.page.getByTestId("documento").filter({ hasText: titulo });
  }

  /** Uploads a file from memory with the document form. */
  async subirDocumento(datos: {
    archivo: { name: string; mimeType: string; buffer: Buffer };
    titulo: string;
    categoria: string;
    visibilidad: "Solo administradores" | "Socios" | "Todos";
  }) {
    await this.page.getByRole("button", { name: "Subir documento" }).click();
    const form = this.dialogo("Subir documento");
    await form.locator("input[type='file']").setInputFiles(datos.archivo);
    await expect(form.getByText(datos.archivo.name)).toBeVisible();
    await form.getByRole("textbox", { name: "Título", exact: true }).fill(datos.titulo);
    await form.getByLabel("Categoría").fill(datos.categoria);
    await form.getByRole("combobox", { name: "Quién lo puede ver" }).click();
    await this.page.getByRole("option", { name: datos.visibilidad, exact: true }).click();
    const respuesta = this.page.waitForResponse(
      (r) => r.url().endsWith("/api/documentos") && r.request().method() === "POST",
    );
    await form.getByRole("button", { name: "Subir", exact: true }).click();
    return (await respuesta).json() as Promise<{ id: number }>;
  }

  token() {
    return this.page.evaluate(() => window.localStorage.getItem("token"));
  }
}
