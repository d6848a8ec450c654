import { describe, expect, it } from "vitest";
import {
  comprobarDecision,
  cuadreConciliacion,
  type Decision,
  decisionesParaApi,
  decisionInicial,
  desplazarFecha,
  type LineaExtracto,
  type MovimientoResumen,
  resumenDecisiones,
  saldoLibroTrasDecidir,
} from "./extractos-logica";

const mov = (
  id: number,
  importe: number,
  tipo: MovimientoResumen["origen"]["tipo"] = "manual",
) => ({
  id,
  fecha: "2026-11-10",
  concepto: `Movimiento ${id}`,
  importe,
  origen: { tipo, id: null },
});

function linea(n: number, importe: number, propuesta: LineaExtracto["propuesta"]): LineaExtracto {
  return {
    id: null,
    n,
    linea: n + 1,
    fechaOperacion: "2026-11-10",
    fechaValor: "2026-11-10",
    importe,
    concepto: `Apunte ${n}`,
    conceptos: [],
    conceptoComun: null,
    conceptoPropio: null,
    documento: null,
    referencia1: null,
    referencia2: null,
    endToEndId: null,
    referenciaBanco: null,
    estado: "pendiente",
    propuesta,
    movimientos: [],
  };
}

// A month of the filà's bank: the remittance, the POS's day less its fee, a bank fee a rule
// knows, a subsidy nobody booked yet, and a line already decided in an earlier import.
const REMESA = linea(1, 4820.5, {
  accion: "conciliar",
  regla: "remesa",
  movimientos: [mov(11, 4820.5, "remesa")],
  comision: 0,
});
const TPV = linea(2, 97.6, {
  accion: "conciliar",
  regla: "pago_online",
  movimientos: [mov(21, 60, "pago_online"), mov(22, 40, "pago_online")],
  comision: 2.4,
});
const COMISION = linea(3, -3.5, {
  accion: "nuevo",
  idCategoria: 18,
  categoria: "Comisiones bancarias",
  idRegla: 1,
});
const SUBVENCION = linea(4, 1500, {
  accion: "nuevo",
  idCategoria: null,
  categoria: null,
  idRegla: null,
});
const YA = { ...linea(5, -10, null), estado: "conciliada" as const };
const LINEAS = [REMESA, TPV, COMISION, SUBVENCION, YA];
const IMPORTES: Record<number, number> = { 11: 4820.5, 21: 60, 22: 40, 31: 1500, 32: 99 };
const importeDe = (id: number) => IMPORTES[id];

describe("la conciliación de un extracto", () => {
  it("cada línea empieza con su propuesta; sin categoría o ya decidida, por decidir", () => {
    expect(LINEAS.map(decisionInicial)).toEqual([
      { accion: "conciliar", idsMovimiento: [11] },
      { accion: "conciliar", idsMovimiento: [21, 22] },
      { accion: "nuevo", idCategoria: 18, concepto: "Apunte 3" },
      { accion: "pendiente" },
      { accion: "pendiente" },
    ]);
  });

  it("un abono menor que los pagos en línea que junta deja la diferencia como comisión", () => {
    expect(cuadreConciliacion(97.6, [60, 40])).toEqual({
      sumaCentimos: 10000,
      comisionCentimos: 240,
      cuadra: true,
    });
    expect(cuadreConciliacion(4820.5, [4820.5])).toEqual({
      sumaCentimos: 482050,
      comisionCentimos: 0,
      cuadra: true,
    });
    // A charge is never explained by a fee, nor a credit larger than its movements.
    expect(cuadreConciliacion(-50, [-40]).cuadra).toBe(false);
    expect(cuadreConciliacion(100, [60]).cuadra).toBe(false);
  });

  it("dice qué falta en cada decisión", () => {
    expect(
      comprobarDecision(REMESA, { accion: "conciliar", idsMovimiento: [] }, importeDe),
    ).toEqual({
      tipo: "sinMovimientos",
    });
    expect(
      comprobarDecision(REMESA, { accion: "conciliar", idsMovimiento: [32] }, importeDe),
    ).toEqual({ tipo: "noSuman", sumaCentimos: 9900, importeCentimos: 482050 });
    expect(
      comprobarDecision(
        SUBVENCION,
        { accion: "nuevo", idCategoria: null, concepto: "x" },
        importeDe,
      ),
    ).toEqual({ tipo: "sinCategoria" });
    expect(
      comprobarDecision(SUBVENCION, { accion: "nuevo", idCategoria: 7, concepto: " " }, importeDe),
    ).toEqual({ tipo: "sinConcepto" });
    expect(comprobarDecision(SUBVENCION, { accion: "omitir" }, importeDe)).toBeNull();
    expect(comprobarDecision(SUBVENCION, { accion: "pendiente" }, importeDe)).toBeNull();
  });

  it("envía una decisión por línea decidida, con la comisión y el concepto cambiado", () => {
    const decisiones: Record<number, Decision> = {
      ...Object.fromEntries(LINEAS.map((l) => [l.n, decisionInicial(l)])),
      4: { accion: "nuevo", idCategoria: 7, concepto: "Subvención del Ayuntamiento" },
      5: { accion: "omitir" },
    };
    expect(decisionesParaApi(LINEAS, decisiones, importeDe)).toEqual([
      { n: 1, accion: "conciliar", idsMovimiento: [11] },
      { n: 2, accion: "conciliar", idsMovimiento: [21, 22], comision: 2.4 },
      { n: 3, accion: "nuevo", idCategoria: 18 },
      { n: 4, accion: "nuevo", idCategoria: 7, concepto: "Subvención del Ayuntamiento" },
    ]);
    expect(resumenDecisiones(LINEAS, decisiones)).toEqual({
      conciliar: 2,
      nuevo: 2,
      omitir: 0,
      pendiente: 0,
    });
  });

  it("el saldo del libro tras decidir suma los nuevos y resta la comisión, al céntimo", () => {
    const decisiones = Object.fromEntries(LINEAS.map((l) => [l.n, decisionInicial(l)]));
    // Book: 1000,10 with the remittance and the POS in it; the bank: + the fee line and the TPV fee.
    expect(
      saldoLibroTrasDecidir({ saldoLibro: 1000.1, lineas: LINEAS }, decisiones, importeDe),
    ).toBe(1000.1 - 3.5 - 2.4);
    const conSubvencion = {
      ...decisiones,
      4: { accion: "nuevo", idCategoria: 7, concepto: "Subvención" } as Decision,
    };
    expect(
      saldoLibroTrasDecidir({ saldoLibro: 0.1, lineas: LINEAS }, conSubvencion, importeDe),
    ).toBe(1494.2);
  });

  it("mueve una fecha por días sin que el horario de verano la cambie", () => {
    expect(desplazarFecha("2026-03-29", -7)).toBe("2026-03-22");
    expect(desplazarFecha("2026-12-28", 7)).toBe("2027-01-04");
  });
});
