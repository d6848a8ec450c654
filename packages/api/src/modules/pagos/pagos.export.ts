import { type EstadoPago, formatearFecha, hoyIso, type Idioma, type Pago } from "@fila/domain";
import { neutralizar, type ValorCelda } from "../socios-io/socios-io.columnas.js";
import { escribirCsv, escribirXlsx, TIPO_CSV, TIPO_XLSX } from "../socios-io/socios-io.ficheros.js";

export type FicheroExportado = { nombre: string; tipo: string; contenido: Buffer };

export const ESTADO_PAGO_TEXTO: Record<EstadoPago, string> = {
  pendiente: "Pendiente",
  pagado: "Pagado",
  devuelto: "Devuelto",
  anulado: "Anulado",
};

const ESTADO_PAGO_TEXTO_VA: Record<EstadoPago, string> = {
  pendiente: "Pendent",
  pagado: "Pagat",
  devuelto: "Tornat",
  anulado: "Anul·lat",
};

/** The headers in Valencian, in the order of COLUMNAS (issue 38). */
const CABECERAS_VA = [
  "N.º càrrec",
  "Any",
  "Matrícula",
  "Soci",
  "Pagador",
  "Concepte",
  "Producte",
  "Termini",
  "Import (€)",
  "Data d'emissió",
  "Venciment",
  "Estat",
  "Data de pagament",
  "Forma de pagament",
  "Referència",
  "Motiu d'anul·lació",
];

const texto = (s: string) => neutralizar(s);
const fecha = (f: string | null) => (f ? formatearFecha(f) : null);

/** Spanish header and value of each exported column; amounts stay numbers (euros). */
const COLUMNAS: [string, (p: Pago) => ValorCelda][] = [
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
  ["Estado", (p) => ESTADO_PAGO_TEXTO[p.estado]],
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
  const cabeceras = idioma === "va" ? CABECERAS_VA : COLUMNAS.map(([c]) => c);
  const estado = COLUMNAS.findIndex(([c]) => c === "Estado");
  const filas = pagos.map((p) =>
    COLUMNAS.map(([, valor], i) =>
      i === estado && idioma === "va" ? ESTADO_PAGO_TEXTO_VA[p.estado] : valor(p),
    ),
  );
  const hoy = hoyIso();
  if (formato === "xlsx") {
    return {
      nombre: `pagos-${hoy}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, filas, idioma === "va" ? "Pagaments" : "Pagos"),
    };
  }
  return { nombre: `pagos-${hoy}.csv`, tipo: TIPO_CSV, contenido: escribirCsv(cabeceras, filas) };
}
