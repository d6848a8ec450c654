import { expect, type Locator, type Page } from "@playwright/test";
import { escribirFecha, escribirHora } from "./campo-fecha";

export type DatosActo = {
  nombre: string;
  tipo: string;
  /** dd/mm/aaaa, as typed. */
  fecha: string;
  hora: string;
  lugar: string;
  /** dd/mm/aaaa, as typed. */
  fechaMaxima: string;
  aforo: number;
  /** Off: a full event refuses (on by default for an event with an aforo). */
  listaEspera?: boolean;
  puntos: number;
  menus: string[];
  invitadosMax: number;
  precioInvitado: string;
  /** Member type name → price as typed ("30"). */
  precios: Record<string, string>;
};

/** The events pages: actos (administrador), misactos, listado-inscritos and restauracion-home. */
export class ActosPage {
  constructor(readonly page: Page) {}

  dialogo(titulo: string | RegExp): Locator {
    return this.page.getByRole("dialog", { name: titulo });
  }

  /** Administrador, on `actos`: the form of a new event, filled and saved. */
  async crearActo(datos: DatosActo): Promise<void> {
    await this.page.getByRole("button", { name: "Nuevo acto" }).click();
    const form = this.dialogo("Nuevo acto");
    await form.getByRole("textbox", { name: "Nombre" }).fill(datos.nombre);
    await form.getByRole("combobox", { name: "Tipo de acto" }).click();
    await this.page.getByRole("option", { name: datos.tipo, exact: true }).click();
    await escribirFecha(form.getByRole("textbox", { name: "Fecha", exact: true }), datos.fecha);
    await escribirHora(form, datos.hora);
    await form.getByLabel("Lugar").fill(datos.lugar);
    await escribirFecha(form.getByLabel("Fecha máxima de inscripción"), datos.fechaMaxima);
    await form.getByRole("textbox", { name: "Aforo" }).fill(String(datos.aforo));
    const listaEspera = form.getByRole("switch", { name: "Lista de espera" });
    await expect(listaEspera).toBeChecked();
    if (datos.listaEspera === false) await listaEspera.uncheck();
    await form.getByRole("textbox", { name: "Puntos por asistir" }).fill(String(datos.puntos));
    const menus = form.getByLabel("Menús a elegir");
    for (const menu of datos.menus) {
      await menus.fill(menu);
      await menus.press("Enter");
    }
    await form.getByRole("switch", { name: "Se admiten invitados" }).check();
    await form
      .getByRole("textbox", { name: "Invitados por socio (máximo)" })
      .fill(String(datos.invitadosMax));
    await form.getByRole("switch", { name: "Acto de pago" }).check();
    for (const [tipo, precio] of Object.entries(datos.precios)) {
      await form.getByRole("textbox", { name: `Precio para ${tipo}` }).fill(precio);
    }
    await form.getByRole("textbox", { name: "Precio por invitado" }).fill(datos.precioInvitado);
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toBeHidden();
  }

  filaActo(nombre: string): Locator {
    return this.page.getByRole("row").filter({ hasText: nombre });
  }

  /** usuario/socio, on `misactos`: the card of one event. */
  tarjeta(nombre: string): Locator {
    return this.page.getByRole("article", { name: nombre });
  }

  async inscribir(
    acto: string,
    persona: string,
    datos: { menu: string; invitados?: number; alergias?: string; importe?: string },
  ): Promise<void> {
    await this.tarjeta(acto)
      .getByRole("button", { name: `Inscribir a ${persona}` })
      .click();
    const modal = this.dialogo(`Inscribir a ${persona} en «${acto}»`);
    await modal.getByRole("combobox", { name: "Menú" }).click();
    await this.page.getByRole("option", { name: datos.menu, exact: true }).click();
    if (datos.invitados !== undefined) {
      await modal.getByRole("textbox", { name: "Invitados" }).fill(String(datos.invitados));
    }
    if (datos.alergias) await modal.getByLabel("Alergias").fill(datos.alergias);
    if (datos.importe) {
      await expect(modal.getByTestId("importe-inscripcion")).toHaveText(
        `Importe: ${datos.importe}`,
      );
    }
    await modal.getByRole("button", { name: "Inscribir" }).click();
    await expect(modal).toBeHidden();
  }

  /** The enrolment line of one person in an event's card. */
  persona(acto: string, persona: string): Locator {
    return this.tarjeta(acto).getByRole("listitem", { name: persona, exact: true });
  }
}
