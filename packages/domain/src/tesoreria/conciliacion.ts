import type { ApunteExtracto } from "./extracto";
import type { OrigenMovimiento } from "./tesoreria.schema";

/**
 * La conciliación del extracto del banco con el libro (issue 47): qué movimientos del libro
 * corresponden a cada línea del banco, qué categoría proponer a lo que el libro no tiene, y si un
 * extracto ya se importó. Céntimos enteros; fechas `YYYY-MM-DD`.
 */

/** Días de margen entre la fecha del libro y la del banco (una remesa, un movimiento a mano). */
export const DIAS_MARGEN_CONCILIACION = 3;
/** La comisión del TPV que se acepta: hasta un 5 % del día y como mucho 50 €. */
const COMISION_TPV_MAX_PORCIENTO = 5;
const COMISION_TPV_MAX_CENTIMOS = 5000;

export type LineaConciliable = {
  n: number;
  fecha: string;
  importe: number;
  /** El concepto, los conceptos complementarios, el documento y las referencias. */
  texto: string;
};

export type MovimientoConciliable = {
  id: number;
  fecha: string;
  importe: number;
  origen: OrigenMovimiento;
  /** La referencia del cobro en ventanilla ("" si no la tiene). */
  referencia: string;
};

export type ReglaConciliacion = {
  id: number;
  texto: string;
  tipo: "ingreso" | "gasto" | null;
  idCategoria: number;
  orden: number;
};

export const REGLAS_PROPUESTA = [
  "remesa",
  "devolucion",
  "cobro",
  "pago_online",
  "movimiento",
] as const;
export type ReglaPropuesta = (typeof REGLAS_PROPUESTA)[number];

export type PropuestaConciliacion =
  | { accion: "conciliar"; regla: ReglaPropuesta; idsMovimiento: number[]; comision: number }
  | { accion: "nuevo"; idCategoria: number | null; idRegla: number | null };

/** Sin mayúsculas, sin acentos y sin espacios repetidos: para buscar un texto en otro. */
export function normalizarTextoBanco(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Solo letras y cifras: «TRF-88231» y «trf 88231» son la misma referencia. */
const soloAlfanumerico = (s: string) => normalizarTextoBanco(s).replace(/[^a-z0-9]/g, "");

function dia(fecha: string): number {
  return (
    Date.UTC(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8, 10))) /
    86_400_000
  );
}

/** Días de `a` a `b` (positivo si `b` es posterior). */
export function diasEntre(a: string, b: string): number {
  return dia(b) - dia(a);
}

/** El texto de una línea del banco en el que se buscan referencias y reglas. */
export function textoDeApunte(a: ApunteExtracto): string {
  return [
    a.concepto,
    ...a.conceptos,
    a.documento,
    a.referencia1,
    a.referencia2,
    a.endToEndId,
    a.referenciaBanco,
  ]
    .filter((x): x is string => !!x)
    .join(" ");
}

/** La primera regla activa (por orden, luego id) cuyo texto está en la línea y cuyo signo casa. */
export function reglaParaLinea(
  linea: { importe: number; texto: string },
  reglas: readonly ReglaConciliacion[],
): ReglaConciliacion | null {
  const texto = normalizarTextoBanco(linea.texto);
  const tipo = linea.importe >= 0 ? "ingreso" : "gasto";
  const ordenadas = [...reglas].sort((a, b) => a.orden - b.orden || a.id - b.id);
  for (const r of ordenadas) {
    const buscado = normalizarTextoBanco(r.texto);
    if (buscado === "") continue;
    if (r.tipo !== null && r.tipo !== tipo) continue;
    if (texto.includes(buscado)) return r;
  }
  return null;
}

/**
 * Propone, para cada línea del banco, los movimientos del libro que le corresponden (ninguno en
 * dos líneas), regla a regla y línea a línea en el orden del extracto:
 * 1. una remesa por su importe el día de cobro ±3 días;
 * 2. la devolución de un adeudo por su importe ±3 días;
 * 3. un cobro en ventanilla por su importe y su referencia en el texto de la línea (comparando
 *    solo letras y cifras), sea cual sea su fecha entre las del extracto ±3 días;
 * 4. los pagos en línea de un día por su suma, en un abono de ese día a 3 días después; si el
 *    abono es algo menor (hasta un 5 % y 50 €), la diferencia es la comisión del TPV;
 * 5. cualquier otro movimiento por su importe ±3 días, el de la fecha más cercana;
 * y a lo que queda, un movimiento nuevo con la categoría de la primera regla que case.
 */
export function proponerConciliacion(
  lineas: readonly LineaConciliable[],
  movimientos: readonly MovimientoConciliable[],
  reglas: readonly ReglaConciliacion[],
): Map<number, PropuestaConciliacion> {
  const propuestas = new Map<number, PropuestaConciliacion>();
  const usados = new Set<number>();
  const libres = (origen?: OrigenMovimiento) =>
    movimientos.filter((m) => !usados.has(m.id) && (origen === undefined || m.origen === origen));

  const porImporte = (
    regla: ReglaPropuesta,
    candidatos: (l: LineaConciliable) => MovimientoConciliable[],
    margen = DIAS_MARGEN_CONCILIACION,
  ) => {
    for (const l of lineas) {
      if (propuestas.has(l.n)) continue;
      const elegido = candidatos(l)
        .filter((m) => m.importe === l.importe && Math.abs(diasEntre(m.fecha, l.fecha)) <= margen)
        .sort(
          (a, b) =>
            Math.abs(diasEntre(a.fecha, l.fecha)) - Math.abs(diasEntre(b.fecha, l.fecha)) ||
            a.id - b.id,
        )[0];
      if (!elegido) continue;
      usados.add(elegido.id);
      propuestas.set(l.n, { accion: "conciliar", regla, idsMovimiento: [elegido.id], comision: 0 });
    }
  };

  porImporte("remesa", () => libres("remesa"));
  porImporte("devolucion", () => libres("devolucion"));
  porImporte(
    "cobro",
    (l) => {
      const texto = soloAlfanumerico(l.texto);
      return libres("cobro").filter((m) => {
        const ref = soloAlfanumerico(m.referencia);
        return ref.length >= 3 && texto.includes(ref);
      });
    },
    Number.POSITIVE_INFINITY,
  );

  // The POS pays each day's online payments in one credit, maybe less its fee.
  for (const l of lineas) {
    if (propuestas.has(l.n) || l.importe <= 0) continue;
    const porDia = new Map<string, MovimientoConciliable[]>();
    for (const m of libres("pago_online")) {
      const d = diasEntre(m.fecha, l.fecha);
      if (d < 0 || d > DIAS_MARGEN_CONCILIACION) continue;
      porDia.set(m.fecha, [...(porDia.get(m.fecha) ?? []), m]);
    }
    const dias = [...porDia.keys()].sort((a, b) => diasEntre(a, l.fecha) - diasEntre(b, l.fecha));
    for (const d of dias) {
      const del = porDia.get(d) ?? [];
      const suma = del.reduce((s, m) => s + m.importe, 0);
      const comision = suma - l.importe;
      const maxima = Math.min(
        COMISION_TPV_MAX_CENTIMOS,
        Math.floor((suma * COMISION_TPV_MAX_PORCIENTO) / 100),
      );
      if (comision < 0 || comision > maxima) continue;
      for (const m of del) usados.add(m.id);
      propuestas.set(l.n, {
        accion: "conciliar",
        regla: "pago_online",
        idsMovimiento: del.map((m) => m.id).sort((a, b) => a - b),
        comision,
      });
      break;
    }
  }

  porImporte("movimiento", () => libres());

  for (const l of lineas) {
    if (propuestas.has(l.n)) continue;
    const r = reglaParaLinea(l, reglas);
    propuestas.set(l.n, {
      accion: "nuevo",
      idCategoria: r?.idCategoria ?? null,
      idRegla: r?.id ?? null,
    });
  }
  return propuestas;
}

/**
 * La huella de una línea del banco: lo que la hace la misma línea en otro fichero de la misma
 * cuenta (sin la línea del fichero, que cambia si el fichero trae otra cuenta delante).
 */
export function huellaApunte(a: ApunteExtracto): string {
  return JSON.stringify([
    a.fechaOperacion,
    a.fechaValor,
    a.importeCentimos,
    a.conceptoComun,
    a.conceptoPropio,
    a.documento,
    a.referencia1,
    a.referencia2,
    a.endToEndId,
    a.referenciaBanco,
    normalizarTextoBanco(a.concepto),
  ]);
}

export type PeriodoConHuellas = {
  desde: string;
  hasta: string;
  lineas: readonly { fecha: string; huella: string }[];
};

/**
 * Si el extracto `nuevo` ya se importó en `viejo` (la misma cuenta): sus periodos se solapan y las
 * líneas del nuevo en el solape están todas en el viejo (contando las repetidas). Dos periodos
 * solapados sin líneas en el solape solo son el mismo si son el mismo periodo.
 */
export function esExtractoRepetido(nuevo: PeriodoConHuellas, viejo: PeriodoConHuellas): boolean {
  const desde = nuevo.desde > viejo.desde ? nuevo.desde : viejo.desde;
  const hasta = nuevo.hasta < viejo.hasta ? nuevo.hasta : viejo.hasta;
  if (desde > hasta) return false;
  const en = (p: PeriodoConHuellas) =>
    p.lineas.filter((l) => l.fecha >= desde && l.fecha <= hasta).map((l) => l.huella);
  const deNuevo = en(nuevo);
  const deViejo = en(viejo);
  if (deNuevo.length === 0) {
    return deViejo.length === 0 && nuevo.desde === viejo.desde && nuevo.hasta === viejo.hasta;
  }
  const cuenta = new Map<string, number>();
  for (const h of deViejo) cuenta.set(h, (cuenta.get(h) ?? 0) + 1);
  for (const h of deNuevo) {
    const c = cuenta.get(h) ?? 0;
    if (c === 0) return false;
    cuenta.set(h, c - 1);
  }
  return true;
}
