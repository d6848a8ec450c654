import { describe, expect, it } from "vitest";
import {
  esExtractoRepetido,
  type MovimientoConciliable,
  proponerConciliacion,
  reglaParaLinea,
} from "./conciliacion";

const mov = (
  id: number,
  fecha: string,
  importe: number,
  origen: MovimientoConciliable["origen"] = "manual",
  referencia = "",
): MovimientoConciliable => ({ id, fecha, importe, origen, referencia });
const linea = (n: number, fecha: string, importe: number, texto = "") => ({
  n,
  fecha,
  importe,
  texto,
});

describe("proponerConciliacion", () => {
  it("una remesa casa por su importe hasta 3 días después de su cobro, no 4", () => {
    const p = proponerConciliacion(
      [linea(1, "2026-03-13", 17000), linea(2, "2026-03-14", 17000)],
      [mov(7, "2026-03-10", 17000, "remesa"), mov(8, "2026-03-10", 17000, "remesa")],
      [],
    );
    expect(p.get(1)).toEqual({
      accion: "conciliar",
      regla: "remesa",
      idsMovimiento: [7],
      comision: 0,
    });
    expect(p.get(2)).toMatchObject({ accion: "nuevo", idCategoria: null });
  });

  it("de dos movimientos del mismo importe elige el de la fecha más cercana, y cada uno una vez", () => {
    const p = proponerConciliacion(
      [linea(1, "2026-03-10", -5000), linea(2, "2026-03-10", -5000)],
      [mov(1, "2026-03-07", -5000), mov(2, "2026-03-09", -5000)],
      [],
    );
    expect(p.get(1)).toMatchObject({ regla: "movimiento", idsMovimiento: [2] });
    expect(p.get(2)).toMatchObject({ regla: "movimiento", idsMovimiento: [1] });
  });

  it("un cobro en la mesa casa por su referencia en el texto (sin mayúsculas, espacios ni signos), no por otro del mismo importe", () => {
    const p = proponerConciliacion(
      [linea(1, "2026-03-20", 4500, "TRANSF. SOCI")],
      [
        mov(1, "2026-03-20", 4500, "cobro", "TRF-11111"),
        mov(2, "2026-03-18", 4500, "cobro", "TRF 88231"),
      ],
      [],
    );
    // Without a reference in the line, the amount and the closest date; with it, the reference.
    expect(p.get(1)).toMatchObject({ regla: "movimiento", idsMovimiento: [1] });
    const conRef = proponerConciliacion(
      [linea(1, "2026-03-20", 4500, "TRANSF. SOCI · ref trf 88231")],
      [
        mov(1, "2026-03-20", 4500, "cobro", "TRF-11111"),
        mov(2, "2026-03-15", 4500, "cobro", "TRF-88231"),
      ],
      [],
    );
    expect(conRef.get(1)).toMatchObject({ regla: "cobro", idsMovimiento: [2] });
  });

  it("los pagos en línea de un día casan con un abono de ese día a 3 después, con la comisión hasta un 5 % y 50 €", () => {
    const online = [
      mov(1, "2026-03-01", 1500, "pago_online"),
      mov(2, "2026-03-01", 2500, "pago_online"),
      mov(3, "2026-03-02", 10000, "pago_online"),
    ];
    const p = proponerConciliacion(
      [linea(1, "2026-03-02", 3940), linea(2, "2026-03-03", 9400)],
      online,
      [],
    );
    expect(p.get(1)).toEqual({
      accion: "conciliar",
      regla: "pago_online",
      idsMovimiento: [1, 2],
      comision: 60,
    });
    // 6 % is not a fee.
    expect(p.get(2)).toMatchObject({ accion: "nuevo" });
    // Nor a credit larger than the day.
    expect(proponerConciliacion([linea(1, "2026-03-02", 4001)], online, []).get(1)).toMatchObject({
      accion: "nuevo",
    });
  });

  it("lo que no casa lleva la categoría de la primera regla por orden, del mismo signo", () => {
    const reglas = [
      { id: 1, texto: "comision", tipo: "gasto" as const, idCategoria: 26, orden: 5 },
      { id: 2, texto: "COMISIÓN TPV", tipo: null, idCategoria: 27, orden: 1 },
      { id: 3, texto: "subvención", tipo: "ingreso" as const, idCategoria: 40, orden: 0 },
    ];
    const p = proponerConciliacion(
      [
        linea(1, "2026-03-02", -300, "COMISION MANTENIMIENTO"),
        linea(2, "2026-03-02", -60, "Comision TPV marzo"),
        linea(3, "2026-03-02", -100, "Devolución subvencion"),
        linea(4, "2026-03-02", 100000, "SUBVENCION AJUNTAMENT"),
      ],
      [],
      reglas,
    );
    expect([1, 2, 3, 4].map((n) => p.get(n))).toEqual([
      { accion: "nuevo", idCategoria: 26, idRegla: 1 },
      { accion: "nuevo", idCategoria: 27, idRegla: 2 },
      { accion: "nuevo", idCategoria: null, idRegla: null },
      { accion: "nuevo", idCategoria: 40, idRegla: 3 },
    ]);
    expect(
      reglaParaLinea({ importe: 5, texto: "x" }, [{ ...reglas[0], texto: " " } as never]),
    ).toBeNull();
  });
});

describe("esExtractoRepetido", () => {
  const h = (fecha: string, huella: string) => ({ fecha, huella });
  const viejo = {
    desde: "2026-03-01",
    hasta: "2026-03-31",
    lineas: [h("2026-03-05", "a"), h("2026-03-05", "a"), h("2026-03-20", "b")],
  };

  it("el mismo extracto, o uno que solo trae líneas ya importadas en el solape, es repetido", () => {
    expect(esExtractoRepetido(viejo, viejo)).toBe(true);
    expect(
      esExtractoRepetido(
        {
          desde: "2026-03-15",
          hasta: "2026-04-15",
          lineas: [h("2026-03-20", "b"), h("2026-04-02", "c")],
        },
        viejo,
      ),
    ).toBe(true);
  });

  it("otras líneas en el solape, una línea repetida de más o periodos sin solape no lo son", () => {
    expect(esExtractoRepetido({ ...viejo, lineas: [h("2026-03-20", "z")] }, viejo)).toBe(false);
    expect(
      esExtractoRepetido({ ...viejo, lineas: [...viejo.lineas, h("2026-03-05", "a")] }, viejo),
    ).toBe(false);
    expect(
      esExtractoRepetido({ desde: "2026-04-01", hasta: "2026-04-30", lineas: [] }, viejo),
    ).toBe(false);
    // No lines in the overlap: the same only for the same period.
    const vacio = { desde: "2026-05-01", hasta: "2026-05-31", lineas: [] };
    expect(esExtractoRepetido(vacio, vacio)).toBe(true);
    expect(esExtractoRepetido({ ...vacio, hasta: "2026-05-15" }, vacio)).toBe(false);
  });
});
