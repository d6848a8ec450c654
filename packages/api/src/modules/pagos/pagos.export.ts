import { type EstadoPago, formatearFecha, hoyIso, type Idioma, type Pago } from "@fila/domain";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import {
  type CeldaExportada,
  escribirCsv,
  escribirXlsx,
  TIPO_CSV,
  TIPO_XLSX,
} from "../socios-io/socios-io.ficheros.js";
import { fijo } from "../socios-io/socios-io.textos-exportacion.js";

export type FicheroExportado = { nombre: string; tipo: string; contenido: Buffer };

export const ESTADO_PAGO_TEXTO: Record<EstadoPago, string> = {
  pendiente: "Pendiente",
  pagado: "Pagado",
  devuelto: "Devuelto",
  anulado: "Anulado",
};

const texto = (s: string) => neutralizar(s);
const fecha = (f: string | null) => (f ? formatearFecha(f) : null);

/** Spanish header and value of each exported column; amounts stay numbers (euros). */
const COLUMNAS: [string, (p: Pago) => CeldaExportada][] = [
  ["Nº cargo", (p) => p.id],
  ["Año", (p) => p.anyo],
  ["Matrícula", (p) => p.socio.matricula || null],
  ["Socio", (p) => texto(`${p.socio.apellidos}, ${p.socio.nombre}`)],
  ["Pagador", (p) => texto(`${p.pagador.apellidos}, ${p.pagador.nombre}`)],
  ["Concepto", (p) => texto(p.concepto)],
  ["Producto", (p) => (p.producto ? texto(p.producto.nombre) : null)],
  ["Plazo", (p) => `${p.plazo}/${p.plazos}`],
  ["Importe (€)", (p) => p.importe],
  ["Fecha de emisión", (p) => fecha(p.fechaEmision)],
  ["Vencimiento", (p) => fecha(p.fechaVencimiento)],
  ["Estado", (p) => fijo(ESTADO_PAGO_TEXTO[p.estado])],
  ["Fecha de pago", (p) => fecha(p.fechaPago)],
  ["Forma de pago", (p) => (p.formaPago ? texto(p.formaPago.nombre) : null)],
  ["Referencia", (p) => texto(p.referencia)],
  ["Motivo de anulación", (p) => texto(p.motivoAnulacion)],
];

/** The charges as a file, headers and states in the reader's language (Spanish by default). */
export async function exportarPagos(
  pagos: Pago[],
  formato: "xlsx" | "csv",
  idioma: Idioma = "es",
): Promise<FicheroExportado> {
  const cabeceras = COLUMNAS.map(([c]) => c);
  const filas = pagos.map((p) => COLUMNAS.map(([, valor]) => valor(p)));
  const hoy = hoyIso();
  if (formato === "xlsx") {
    return {
      nombre: `pagos-${hoy}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, filas, "Pagos", idioma),
    };
  }
  return {
    nombre: `pagos-${hoy}.csv`,
    tipo: TIPO_CSV,
    contenido: escribirCsv(cabeceras, filas, idioma),
  };
}
