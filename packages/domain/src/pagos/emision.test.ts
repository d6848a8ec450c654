import { describe, expect, it } from "vitest";
import {
  cargosDeEmision,
  type ProductoEmision,
  precioParaSocio,
  type SocioEmision,
  vencimientoPlazo,
} from "./emision";

const socio = (cambios: Partial<SocioEmision> = {}): SocioEmision => ({
  id: 7,
  idTipoSocio: 1,
  idPagador: null,
  tipoPago: "anual",
  pagarDerrama: "no",
  importeDerramaCentimos: 0,
  anyoDerrama: 0,
  anyosPagoDerrama: 0,
  ramell: "no",
  tipoPagoRamell: "completo",
  ...cambios,
});

const producto = (cambios: Partial<ProductoEmision> = {}): ProductoEmision => ({
  id: 3,
  nombre: "Cuota 2026",
  tipo: "cuota",
  precioCentimos: 10000,
  preciosPorTipo: new Map([[2, 5000]]),
  ...cambios,
});

const suma = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe("emisión de cuotas", () => {
  it("usa el precio del tipo del socio y, si no tiene, el general", () => {
    expect(precioParaSocio(producto(), 2)).toBe(5000);
    expect(precioParaSocio(producto(), 1)).toBe(10000);
    expect(precioParaSocio(producto(), null)).toBe(10000);
    expect(precioParaSocio(producto({ preciosPorTipo: new Map([[2, 0]]) }), 2)).toBe(0);
  });

  it("cuota anual: un cargo al pagador, con clave y vencimiento el 1 de enero", () => {
    const [cargo, ...resto] = cargosDeEmision(socio({ idPagador: 9 }), producto(), 2026);
    expect(resto).toEqual([]);
    expect(cargo).toEqual({
      idSocio: 7,
      idPagador: 9,
      idProducto: 3,
      anyo: 2026,
      concepto: "Cuota 2026",
      importeCentimos: 10000,
      plazo: 1,
      plazos: 1,
      fechaVencimiento: "2026-01-01",
      claveEmision: "cuota:3:7:1",
    });
  });

  it("reparte la cuota por la periodicidad con suma exacta y vencimientos repartidos", () => {
    const semestral = cargosDeEmision(socio({ tipoPago: "semestral" }), producto(), 2026);
    expect(semestral.map((c) => c.fechaVencimiento)).toEqual(["2026-01-01", "2026-07-01"]);
    expect(semestral.map((c) => c.concepto)).toEqual([
      "Cuota 2026 (plazo 1/2)",
      "Cuota 2026 (plazo 2/2)",
    ]);
    const trimestral = cargosDeEmision(socio({ tipoPago: "trimestral" }), producto(), 2026);
    expect(trimestral.map((c) => c.fechaVencimiento.slice(5, 7))).toEqual(["01", "04", "07", "10"]);
    for (const precio of [1, 7, 999, 10001, 12345, 100000]) {
      const mensual = cargosDeEmision(
        socio({ tipoPago: "mensual", idTipoSocio: null }),
        producto({ precioCentimos: precio }),
        2026,
      );
      expect(suma(mensual.map((c) => c.importeCentimos))).toBe(precio);
      expect(new Set(mensual.map((c) => c.claveEmision)).size).toBe(mensual.length);
      expect(mensual.every((c) => c.plazos === 12 && c.importeCentimos > 0)).toBe(true);
    }
    const mensual = cargosDeEmision(socio({ tipoPago: "mensual" }), producto(), 2026);
    expect(mensual.map((c) => c.importeCentimos)).toEqual(
      Array(12)
        .fill(10000 / 12)
        .map((_, i) => (i < 4 ? 834 : 833)),
    );
    expect(mensual[11]?.fechaVencimiento).toBe("2026-12-01");
  });

  it("un precio 0 no crea cargos", () => {
    expect(
      cargosDeEmision(
        socio({ idTipoSocio: 2 }),
        producto({ preciosPorTipo: new Map([[2, 0]]) }),
        2026,
      ),
    ).toEqual([]);
    expect(
      cargosDeEmision(socio(), producto({ tipo: "loteria", precioCentimos: 0 }), 2026),
    ).toEqual([]);
  });

  it("lotería, acto y otro: un solo cargo aunque el socio pague por plazos", () => {
    for (const tipo of ["loteria", "acto", "otro"] as const) {
      const cargos = cargosDeEmision(
        socio({ tipoPago: "mensual", idTipoSocio: 2 }),
        producto({ tipo }),
        2026,
      );
      expect(cargos.map((c) => [c.importeCentimos, c.plazos, c.claveEmision])).toEqual([
        [5000, 1, `${tipo}:3:7:1`],
      ]);
    }
  });

  describe("derrama", () => {
    const derrama = producto({ tipo: "derrama", nombre: "Derrama 2026", precioCentimos: 99999 });
    const conDerrama = (c: Partial<SocioEmision> = {}) =>
      socio({
        pagarDerrama: "si",
        importeDerramaCentimos: 100000,
        anyoDerrama: 2025,
        anyosPagoDerrama: 3,
        ...c,
      });

    it("cobra la parte del año, ignora el precio, y los años suman exactamente el total", () => {
      const porAnyo = [2025, 2026, 2027].map((anyo) =>
        cargosDeEmision(conDerrama(), derrama, anyo),
      );
      expect(porAnyo.map((cs) => cs.map((c) => c.importeCentimos))).toEqual([
        [33334],
        [33333],
        [33333],
      ]);
      expect(suma(porAnyo.flat().map((c) => c.importeCentimos))).toBe(100000);
      expect(porAnyo[1]?.[0]).toMatchObject({
        plazo: 2,
        plazos: 3,
        concepto: "Derrama 2026 (año 2/3)",
        claveEmision: "derrama:3:7:2",
      });
    });

    it("no cobra fuera de los años de pago, sin importe o si no paga derrama", () => {
      expect(cargosDeEmision(conDerrama(), derrama, 2024)).toEqual([]);
      expect(cargosDeEmision(conDerrama(), derrama, 2028)).toEqual([]);
      expect(cargosDeEmision(conDerrama({ pagarDerrama: "no" }), derrama, 2026)).toEqual([]);
      expect(cargosDeEmision(conDerrama({ importeDerramaCentimos: 0 }), derrama, 2026)).toEqual([]);
      expect(cargosDeEmision(conDerrama({ anyosPagoDerrama: 0 }), derrama, 2025)).toEqual([]);
    });
  });

  describe("ramell", () => {
    const ramell = producto({ tipo: "ramell", nombre: "Ramell 2026", precioCentimos: 25001 });

    it("solo a quien lleva ramell: completo en un cargo, fraccionado en cinco exactos", () => {
      expect(cargosDeEmision(socio(), ramell, 2026)).toEqual([]);
      const completo = cargosDeEmision(socio({ ramell: "si" }), ramell, 2026);
      expect(completo.map((c) => c.importeCentimos)).toEqual([25001]);
      const fraccionado = cargosDeEmision(
        socio({ ramell: "si", tipoPagoRamell: "fraccionado", tipoPago: "mensual" }),
        ramell,
        2026,
      );
      expect(fraccionado.map((c) => c.importeCentimos)).toEqual([5001, 5000, 5000, 5000, 5000]);
      expect(fraccionado.map((c) => c.claveEmision)).toEqual(
        [1, 2, 3, 4, 5].map((p) => `ramell:3:7:${p}`),
      );
      expect(fraccionado[4]?.concepto).toBe("Ramell 2026 (plazo 5/5)");
    });
  });

  it("vencimientos: el día 1 de los meses repartidos por el año", () => {
    expect(vencimientoPlazo(2026, 1, 1)).toBe("2026-01-01");
    expect([1, 2, 3, 4, 5].map((p) => vencimientoPlazo(2026, p, 5))).toEqual([
      "2026-01-01",
      "2026-03-01",
      "2026-05-01",
      "2026-08-01",
      "2026-10-01",
    ]);
  });
});
