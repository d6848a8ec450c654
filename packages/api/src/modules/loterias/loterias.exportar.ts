import {
  formatearFecha,
  hoyIso,
  type Idioma,
  type Loteria,
  type Participacion,
  type Talonario,
} from "@fila/domain";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { ESTADO_PAGO_TEXTO } from "../pagos/pagos.export.js";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import {
  type CeldaExportada,
  escribirCsv,
  escribirXlsx,
  TIPO_CSV,
  TIPO_XLSX,
} from "../socios-io/socios-io.ficheros.js";
import { fijo } from "../socios-io/socios-io.textos-exportacion.js";

const texto = (s: string) => neutralizar(s);

const ESTADO_PARTICIPACION_TEXTO = {
  valida: "Válida",
  anulada: "Anulada",
  devuelta: "Devuelta",
} as const;

const COLUMNAS_LOTERIAS: [string, (l: Loteria) => CeldaExportada][] = [
  ["Nombre", (l) => texto(l.nombre)],
  ["Sorteo", (l) => texto(l.sorteo)],
  ["Fecha del sorteo", (l) => formatearFecha(l.fechaSorteo)],
  ["Límite de devolución", (l) => formatearFecha(l.fechaLimiteDevolucion)],
  ["Números", (l) => l.numeros.map((n) => n.numero).join(", ")],
  ["Décimos", (l) => l.contadores.decimos],
  ["Precio (€)", (l) => l.precio],
  ["Emitidas", (l) => l.contadores.emitidas],
  ["Vendidas", (l) => l.contadores.vendidas],
  ["Devueltas", (l) => l.contadores.devueltas],
  ["Anuladas", (l) => l.contadores.anuladas],
  ["Digitales", (l) => l.contadores.digitales],
  ["Disponibles", (l) => l.contadores.disponibles],
  ["Liquidado (€)", (l) => l.contadores.importeLiquidado],
  ["Donativos (€)", (l) => l.contadores.donativos],
  ["Pendiente de cobro (€)", (l) => l.contadores.importePendiente],
  ["Cobrado (€)", (l) => l.contadores.importeCobrado],
  ["Premios (€)", (l) => l.contadores.premiosTotal],
  ["Premios pagados (€)", (l) => l.contadores.premiosPagados],
];

const COLUMNAS_TALONARIOS: [string, (t: Talonario) => CeldaExportada][] = [
  ["Serie desde", (t) => t.serieDesde],
  ["Serie hasta", (t) => t.serieHasta],
  ["Participaciones", (t) => t.participaciones],
  ["Titular", (t) => (t.socio ? texto(`${t.socio.apellidos}, ${t.socio.nombre}`) : fijo("Junta"))],
  ["Estado", (t) => fijo(t.estado === "liquidado" ? "Liquidado" : "Pendiente")],
  ["Vendidas", (t) => t.vendidas],
  ["Devueltas", (t) => t.devueltas],
  ["Anuladas", (t) => t.anuladas],
  ["Digitales", (t) => t.digitales],
  ["Jugado (€)", (t) => t.importeJugado],
  ["Donativo (€)", (t) => t.donativo],
  ["Total (€)", (t) => t.total],
  ["Cargo", (t) => (t.cargo ? fijo(ESTADO_PAGO_TEXTO[t.cargo.estado]) : null)],
];

const COLUMNAS_PARTICIPACIONES: [string, (p: Participacion) => CeldaExportada][] = [
  ["Serie", (p) => p.serie],
  ["Estado", (p) => fijo(ESTADO_PARTICIPACION_TEXTO[p.estado])],
  ["Digital", (p) => fijo(p.digital ? "Sí" : "No")],
  ["Comprador", (p) => (p.comprador ? texto(p.comprador.nombre) : null)],
  ["Correo", (p) => (p.comprador ? texto(p.comprador.email) : null)],
  ["Teléfono", (p) => (p.comprador ? texto(p.comprador.telefono) : null)],
  ["Motivo de anulación", (p) => texto(p.motivoAnulacion)],
  ["Premio bruto (€)", (p) => p.premio?.bruto ?? null],
  ["Retención (€)", (p) => p.premio?.retencion ?? null],
  ["Premio neto (€)", (p) => p.premio?.neto ?? null],
  ["Premio pagado", (p) => (p.premio ? fijo(p.premio.pagado ? "Sí" : "No") : null)],
];

async function exportar<T>(
  columnas: [string, (x: T) => CeldaExportada][],
  filas: T[],
  formato: "xlsx" | "csv",
  nombre: string,
  hoja: string,
  idioma: Idioma,
): Promise<FicheroDescarga> {
  const cabeceras = columnas.map(([c]) => c);
  const celdas = filas.map((f) => columnas.map(([, valor]) => valor(f)));
  const base = `${nombre}-${hoyIso()}`;
  return formato === "xlsx"
    ? {
        nombre: `${base}.xlsx`,
        tipo: TIPO_XLSX,
        contenido: await escribirXlsx(cabeceras, celdas, hoja, idioma),
      }
    : { nombre: `${base}.csv`, tipo: TIPO_CSV, contenido: escribirCsv(cabeceras, celdas, idioma) };
}

/** The lotteries (the list of draws with their counters) as a file. */
export const exportarLoterias = (
  loterias: Loteria[],
  formato: "xlsx" | "csv",
  idioma: Idioma = "es",
) => exportar(COLUMNAS_LOTERIAS, loterias, formato, "loterias", "Loterías", idioma);

/** A lottery's talonarios as a file, headers in the reader's language. */
export const exportarTalonarios = (
  talonarios: Talonario[],
  formato: "xlsx" | "csv",
  idLoteria: number,
  idioma: Idioma = "es",
) =>
  exportar(
    COLUMNAS_TALONARIOS,
    talonarios,
    formato,
    `loteria-${idLoteria}-talonarios`,
    "Talonarios",
    idioma,
  );

/** A lottery's participations (the payout list with `premiadas`) as a file. */
export const exportarParticipaciones = (
  participaciones: Participacion[],
  formato: "xlsx" | "csv",
  idLoteria: number,
  idioma: Idioma = "es",
) =>
  exportar(
    COLUMNAS_PARTICIPACIONES,
    participaciones,
    formato,
    `loteria-${idLoteria}-participaciones`,
    "Participaciones",
    idioma,
  );
