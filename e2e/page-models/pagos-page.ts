import { expect, type Locator, type Page } from "@playwright/test";

/** "1.234,56 €" → 1234.56 */
export function euros(texto: string): number {
  const limpio = texto
    .replace(/[^\d,.-]/g, "")
    .replace(/\./g, "")
    .replace(",", ".");
  return Number(limpio);
}

/** Cuotas (productos), Pagos (administrador) and Mis pagos, as a person uses them. */
export class PagosPage {
  constructor(readonly page: Page) {}

  dialogo(titulo: string | RegExp): Locator {
    return this.page.getByRole("dialog", { name: titulo });
  }

  // --- Cuotas -------------------------------------------------------------

  async crearProducto(datos: {
    nombre: string;
    precio: string;
    preciosPorTipo?: Record<string, string>;
  }) {
    await this.page.getByRole("button", { name: "Nuevo producto" }).click();
    const dialogo = this.dialogo("Nuevo producto");
    await dialogo.getByLabel("Nombre").fill(datos.nombre);
    await dialogo.getByRole("textbox", { name: "Precio", exact: true }).fill(datos.precio);
    for (const [tipo, precio] of Object.entries(datos.preciosPorTipo ?? {})) {
      await dialogo.getByRole("textbox", { name: `Precio para ${tipo}` }).fill(precio);
    }
    await dialogo.getByRole("button", { name: "Guardar" }).click();
    await expect(dialogo).toBeHidden();
  }

  filaProducto(nombre: string): Locator {
    return this.page
      .getByRole("table", { name: /^Productos de/ })
      .getByRole("row")
      .filter({ has: this.page.getByText(nombre, { exact: true }) });
  }

  // --- Pagos (administrador) ---------------------------------------------

  /** Preview then confirm the emission of `producto`; returns the preview's totals. */
  async emitir(producto: string) {
    await this.page.getByRole("button", { name: "Emitir cuotas" }).click();
    const dialogo = this.dialogo("Emitir cuotas");
    await dialogo.getByRole("checkbox", { name: new RegExp(`^${producto} · `) }).check();
    await dialogo.getByRole("button", { name: "Previsualizar" }).click();
    const total = dialogo
      .getByRole("table", { name: "Vista previa de la emisión" })
      .getByRole("row")
      .filter({ hasText: /^Total/ });
    await expect(total).toBeVisible();
    const celdas = await total.getByRole("cell").allTextContents();
    const previa = {
      cargos: Number(celdas[1]),
      socios: Number(celdas[2]),
      importe: celdas[3],
      yaExistian: Number(celdas[4]),
      nuevos: Number(celdas[5]),
    };
    await dialogo.getByRole("button", { name: "Confirmar emisión" }).click();
    await expect(dialogo).toBeHidden();
    return previa;
  }

  total(clave: "cargos" | "importe" | "pendiente" | "pagado"): Locator {
    return this.page.getByTestId(`total-${clave}`);
  }

  async buscar(texto: string) {
    await this.page.getByRole("searchbox", { name: "Buscar" }).fill(texto);
  }

  /** The row of a charge: its member's link and its concepto. */
  filaCargo(concepto: string, socio: string): Locator {
    return this.page
      .getByRole("table", { name: "Cargos" })
      .getByRole("row")
      .filter({ has: this.page.getByRole("link", { name: socio, exact: true }) })
      .filter({ has: this.page.getByText(concepto, { exact: true }) });
  }

  accionCargo(
    accion: "Registrar cobro de" | "Anular" | "Recibo de",
    concepto: string,
    socio: string,
  ) {
    return this.page.getByRole("button", {
      name: `${accion} «${concepto}» (${socio})`,
      exact: true,
    });
  }

  /** Registers the payment of one charge; `importe` makes it partial. */
  async registrarCobro(
    concepto: string,
    socio: string,
    opciones: { referencia: string; importe?: string; formaPago?: string },
  ) {
    await this.accionCargo("Registrar cobro de", concepto, socio).click();
    const dialogo = this.dialogo("Registrar cobro");
    await dialogo.getByRole("combobox", { name: "Forma de pago" }).click();
    await this.page.getByRole("option", { name: opciones.formaPago ?? "Efectivo" }).click();
    await dialogo.getByRole("textbox", { name: "Referencia" }).fill(opciones.referencia);
    if (opciones.importe !== undefined) {
      await dialogo
        .getByRole("textbox", { name: "Importe cobrado (opcional)" })
        .fill(opciones.importe);
    }
    await dialogo.getByRole("button", { name: "Registrar cobro" }).click();
    await expect(dialogo).toBeHidden();
  }

  // --- Mis pagos ------------------------------------------------------------

  seccion(nombre: "Por pagar" | "Pagados y anulados"): Locator {
    return this.page.getByRole("region", { name: nombre });
  }

  /** The card of a charge in Mis pagos (named "concepto · Nombre Apellidos"). */
  tarjeta(concepto: string, nombre: string | RegExp): Locator {
    const socio = typeof nombre === "string" ? nombre : nombre.source;
    return this.page.getByRole("listitem", {
      name: new RegExp(`^${concepto.replace(/[()]/g, "\\$&")} · ${socio}`),
    });
  }

  /** Amounts shown on the cards of a section (in euros). */
  async importesDe(seccion: Locator, filtro?: RegExp): Promise<number[]> {
    const tarjetas = filtro
      ? seccion.getByRole("listitem").filter({ hasText: filtro })
      : seccion.getByRole("listitem");
    const textos = await tarjetas.getByTestId("importe").allTextContents();
    return textos.map(euros);
  }
}
