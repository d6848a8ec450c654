import {
  aCentimos,
  aEuros,
  type ConciliacionCuenta,
  type DecisionExtracto,
  type ExtractoImportado as ExtractoImportadoApi,
  type ExtractoResumen,
  type ImportacionExtracto,
  type LineaExtracto as LineaExtractoApi,
  type MovimientoResumen as MovimientoResumenApi,
  type PropuestaLinea,
  type ReglaTesoreria,
} from "@fila/domain";

/**
 * The bank statement's import as docs/CONTRATO-TESORERIA.md tells it («Extractos del banco»):
 * the dry run's lines with the proposed match, the treasurer's decision for each (confirm the
 * match, change it, a new movement in a category, skip, or leave it pending) and the decisions
 * the API takes.
 */

// The API's shapes (packages/domain/src/tesoreria/extractos.schema.ts), by the screen's names.
export type MovimientoResumen = MovimientoResumenApi;
export type Propuesta = PropuestaLinea;
export type LineaExtracto = LineaExtractoApi;
export type ResultadoExtracto = ImportacionExtracto;
export type CuentaDeExtracto = ImportacionExtracto["cuentas"][number];
export type ExtractoImportado = ExtractoResumen;
export type DetalleExtracto = ExtractoImportadoApi;
export type Conciliacion = ConciliacionCuenta;
export type Regla = ReglaTesoreria;

/** What the treasurer decides for a line (`pendiente`: nothing yet, it stays for later). */
export type Decision =
  | { accion: "conciliar"; idsMovimiento: number[] }
  | { accion: "nuevo"; idCategoria: number | null; concepto: string }
  | { accion: "omitir" }
  | { accion: "pendiente" };

export type DecisionApi = DecisionExtracto;

/** The decision a line starts with: its proposal (a new movement without category: pending). */
export function decisionInicial(l: LineaExtracto): Decision {
  const p = l.propuesta;
  if (l.estado !== "pendiente" || !p) return { accion: "pendiente" };
  if (p.accion === "conciliar") {
    return { accion: "conciliar", idsMovimiento: p.movimientos.map((m) => m.id) };
  }
  return p.idCategoria === null
    ? { accion: "pendiente" }
    : { accion: "nuevo", idCategoria: p.idCategoria, concepto: l.concepto };
}

export type ProblemaDecision =
  | { tipo: "sinMovimientos" }
  | { tipo: "noSuman"; sumaCentimos: number; importeCentimos: number }
  | { tipo: "sinCategoria" }
  | { tipo: "sinConcepto" };

/**
 * Matching a line with movements: what they add up to against the line, and the bank's fee that
 * explains the difference (a credit smaller than the movements it gathers: the POS keeps its fee).
 */
export function cuadreConciliacion(
  importeLinea: number,
  importes: readonly number[],
): { sumaCentimos: number; comisionCentimos: number; cuadra: boolean } {
  const suma = importes.reduce((s, i) => s + aCentimos(i), 0);
  const linea = aCentimos(importeLinea);
  const comision = linea > 0 && suma > linea ? suma - linea : 0;
  return { sumaCentimos: suma, comisionCentimos: comision, cuadra: suma - comision === linea };
}

/** What is wrong with a decision before it goes to the API (null: nothing). */
export function comprobarDecision(
  l: Pick<LineaExtracto, "importe">,
  d: Decision,
  importeDe: (idMovimiento: number) => number | undefined,
): ProblemaDecision | null {
  if (d.accion === "conciliar") {
    if (d.idsMovimiento.length === 0) return { tipo: "sinMovimientos" };
    const importes = d.idsMovimiento.map((id) => importeDe(id) ?? 0);
    const c = cuadreConciliacion(l.importe, importes);
    return c.cuadra
      ? null
      : { tipo: "noSuman", sumaCentimos: c.sumaCentimos, importeCentimos: aCentimos(l.importe) };
  }
  if (d.accion === "nuevo") {
    if (d.idCategoria === null) return { tipo: "sinCategoria" };
    if (d.concepto.trim() === "") return { tipo: "sinConcepto" };
  }
  return null;
}

/**
 * The `decisiones` field of the confirmation: one per decided line (pending lines go without one
 * and stay pending), the fee when a credit gathers more than it brings.
 */
export function decisionesParaApi(
  lineas: readonly LineaExtracto[],
  decisiones: Readonly<Record<number, Decision>>,
  importeDe: (idMovimiento: number) => number | undefined,
): DecisionApi[] {
  const salida: DecisionApi[] = [];
  for (const l of lineas) {
    const d = decisiones[l.n];
    if (!d || l.estado !== "pendiente") continue;
    if (d.accion === "conciliar") {
      const c = cuadreConciliacion(
        l.importe,
        d.idsMovimiento.map((id) => importeDe(id) ?? 0),
      );
      salida.push({
        n: l.n,
        accion: "conciliar",
        idsMovimiento: d.idsMovimiento,
        ...(c.comisionCentimos > 0 ? { comision: aEuros(c.comisionCentimos) } : {}),
      });
    } else if (d.accion === "nuevo" && d.idCategoria !== null) {
      const concepto = d.concepto.trim();
      salida.push({
        n: l.n,
        accion: "nuevo",
        idCategoria: d.idCategoria,
        ...(concepto && concepto !== l.concepto ? { concepto } : {}),
      });
    } else if (d.accion === "omitir") {
      salida.push({ n: l.n, accion: "omitir" });
    }
  }
  return salida;
}

/** How many lines go each way. */
export function resumenDecisiones(
  lineas: readonly LineaExtracto[],
  decisiones: Readonly<Record<number, Decision>>,
): Record<Decision["accion"], number> {
  const r = { conciliar: 0, nuevo: 0, omitir: 0, pendiente: 0 };
  for (const l of lineas) {
    if (l.estado !== "pendiente") continue;
    r[(decisiones[l.n] ?? { accion: "pendiente" }).accion] += 1;
  }
  return r;
}

/**
 * What the book's balance will be once the decisions are applied: the dry run's book balance plus
 * the new movements, less the bank's fees of the matches (a fee enters as a bank expense; a match
 * adds nothing else: its movements are in the book already).
 */
export function saldoLibroTrasDecidir(
  cuenta: Pick<CuentaDeExtracto, "saldoLibro" | "lineas">,
  decisiones: Readonly<Record<number, Decision>>,
  importeDe: (idMovimiento: number) => number | undefined,
): number {
  let centimos = aCentimos(cuenta.saldoLibro);
  for (const l of cuenta.lineas) {
    const d = decisiones[l.n];
    if (l.estado !== "pendiente" || !d) continue;
    if (d.accion === "nuevo" && d.idCategoria !== null) centimos += aCentimos(l.importe);
    if (d.accion === "conciliar") {
      const c = cuadreConciliacion(
        l.importe,
        d.idsMovimiento.map((id) => importeDe(id) ?? 0),
      );
      if (c.cuadra) centimos -= c.comisionCentimos;
    }
  }
  return aEuros(centimos);
}

/** An ISO date moved `dias` days (in UTC: no daylight-saving surprises). */
export function desplazarFecha(iso: string, dias: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
