import { describe, expect, it } from "vitest";
import { CobroSchema, EmisionSchema, PagoEntradaSchema } from "./pago.schema";
import { CopiaProductosSchema, ProductoEntradaSchema } from "./producto.schema";

const mensajes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe("esquemas de pagos y productos", () => {
  const cargo = { idSocio: 1, concepto: "Multa", importe: 10, fechaVencimiento: "2026-03-01" };

  it("un cargo necesita importe positivo con como mucho dos decimales", () => {
    expect(PagoEntradaSchema.safeParse(cargo).success).toBe(true);
    expect(PagoEntradaSchema.safeParse({ ...cargo, importe: 10.01 }).success).toBe(true);
    expect(mensajes(PagoEntradaSchema.safeParse({ ...cargo, importe: 10.005 }))).toContain(
      "El importe no puede tener más de dos decimales",
    );
    expect(mensajes(PagoEntradaSchema.safeParse({ ...cargo, importe: -5 }))).toContain(
      "El importe debe ser mayor que cero",
    );
    expect(PagoEntradaSchema.safeParse({ ...cargo, importe: 0 }).success).toBe(false);
    expect(mensajes(PagoEntradaSchema.safeParse({ ...cargo, concepto: " " }))).toContain(
      "El concepto es obligatorio",
    );
  });

  it("un cobro parcial también valida el importe", () => {
    const cobro = { fecha: "2026-02-01", idFormaPago: 1 };
    expect(CobroSchema.parse(cobro)).toEqual({ ...cobro, referencia: "" });
    expect(CobroSchema.safeParse({ ...cobro, importe: 0.001 }).success).toBe(false);
    expect(CobroSchema.safeParse({ ...cobro, fecha: "01/02/2026" }).success).toBe(false);
  });

  it("la emisión es una vista previa salvo que se confirme", () => {
    expect(EmisionSchema.parse({ anyo: 2026, productos: [1] }).confirmar).toBe(false);
    expect(mensajes(EmisionSchema.safeParse({ anyo: 2026, productos: [] }))).toContain(
      "Elige al menos un producto",
    );
    expect(EmisionSchema.safeParse({ anyo: 2026, productos: [1, 1] }).success).toBe(false);
  });

  it("un producto no repite tipo de socio y la copia necesita años distintos", () => {
    const base = { nombre: "Cuota", anyo: 2026, tipo: "cuota", precio: 100 };
    expect(ProductoEntradaSchema.parse(base)).toMatchObject({ precios: [], activo: true });
    expect(
      mensajes(
        ProductoEntradaSchema.safeParse({
          ...base,
          precios: [
            { idTipoSocio: 1, precio: 1 },
            { idTipoSocio: 1, precio: 2 },
          ],
        }),
      ),
    ).toContain("Hay un tipo de socio con dos precios");
    expect(ProductoEntradaSchema.safeParse({ ...base, tipo: "x" }).success).toBe(false);
    expect(CopiaProductosSchema.safeParse({ desde: 2026, hasta: 2026 }).success).toBe(false);
  });
});
