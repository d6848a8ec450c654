import { expect, type Page } from "@playwright/test";
import { AppPage } from "./app-page";

/** Utilidades → Envíos: write a mailing, choose its recipients, send it and follow it. */
export class EnviosPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  async abrir() {
    await this.irA("utilidades?pestanya=envios");
    await expect(this.page.getByRole("tab", { name: "Envíos", selected: true })).toBeVisible();
  }

  dialogo() {
    return this.page.getByRole("dialog", { name: "Nuevo envío" });
  }

  /** Opens «Nuevo envío» and writes the subject and a body with placeholders inserted by button. */
  async redactar(asunto: string, partes: (string | { marcador: string })[]) {
    await this.page.getByRole("button", { name: "Nuevo envío" }).click();
    const d = this.dialogo();
    await d.getByLabel("Asunto").fill(asunto);
    const editor = d.getByTestId("editor-envio").locator(".ProseMirror");
    await editor.click();
    for (const parte of partes) {
      if (typeof parte === "string") {
        // After a placeholder button the editor takes the focus back on the next animation
        // frame (tiptap's focus command): typed sooner, the text went to the button.
        await expect(editor).toBeFocused();
        await this.page.keyboard.type(parte);
      } else
        await d.getByRole("button", { name: `insertar ${parte.marcador} en el mensaje` }).click();
    }
    return d;
  }

  /** The live count once it has settled: «N destinatarios: X por correo y Y sin correo». */
  async recuento() {
    const texto = this.dialogo().getByTestId("recuento-envio");
    await expect(texto).toContainText(/\d+ destinatarios?: \d+ por correo/);
    const m = /(\d+) destinatarios?: (\d+) por correo y (\d+) sin correo/.exec(
      (await texto.textContent()) ?? "",
    );
    return { total: Number(m?.[1]), conEmail: Number(m?.[2]), sinEmail: Number(m?.[3]) };
  }
}
