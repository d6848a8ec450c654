import { aCentimos, formatearFecha, formatearImporte, type Idioma, type Pago } from "@fila/domain";
import type { TDocumentDefinitions } from "pdfmake/interfaces.js";
import { generarPdf } from "../../lib/pdf.js";
import { conLogo } from "../../services/logo.js";

export type DatosAsociacion = {
  nombre: string;
  cif: string;
  direccion: string;
  cod_postal: string;
  poblacion: string;
  provincia: string;
  logo?: Uint8Array | null;
};

const nombreDe = (p: { nombre: string; apellidos: string }) => `${p.nombre} ${p.apellidos}`.trim();

/** The words of the receipt in each language (dates and money stay es-ES in both). */
const TEXTOS_RECIBO = {
  es: {
    socio: "Socio",
    matricula: "matrícula",
    pagador: "Pagador",
    concepto: "Concepto",
    importe: "Importe",
    fechaPago: "Fecha de pago",
    formaPago: "Forma de pago",
    referencia: "Referencia",
    recibo: "Recibo nº",
    asociacion: "Asociación",
    recibimos: (quien: string, cuanto: string) => `Recibimos de ${quien} la cantidad de ${cuanto}.`,
  },
  va: {
    socio: "Soci",
    matricula: "matrícula",
    pagador: "Pagador",
    concepto: "Concepte",
    importe: "Import",
    fechaPago: "Data de pagament",
    formaPago: "Forma de pagament",
    referencia: "Referència",
    recibo: "Rebut n.º",
    asociacion: "Associació",
    recibimos: (quien: string, cuanto: string) =>
      `Hem rebut de ${quien} la quantitat de ${cuanto}.`,
  },
} as const satisfies Record<Idioma, unknown>;

/** The receipt of a paid charge, in the reader's language (Spanish by default), as a PDF. */
export async function generarRecibo(
  pago: Pago,
  asociacion: DatosAsociacion | undefined,
  idioma: Idioma = "es",
): Promise<Buffer> {
  const t = TEXTOS_RECIBO[idioma];
  const a = asociacion ?? {
    nombre: "",
    cif: "",
    direccion: "",
    cod_postal: "",
    poblacion: "",
    provincia: "",
  };
  const localidad = [a.cod_postal, a.poblacion, a.provincia ? `(${a.provincia})` : ""]
    .filter(Boolean)
    .join(" ");
  const filas: [string, string][] = [
    [
      t.socio,
      `${nombreDe(pago.socio)}${pago.socio.matricula ? ` (${t.matricula} ${pago.socio.matricula})` : ""}`,
    ],
    [t.pagador, nombreDe(pago.pagador)],
    [t.concepto, pago.concepto],
    [t.importe, formatearImporte(aCentimos(pago.importe))],
    [t.fechaPago, formatearFecha(pago.fechaPago)],
    [t.formaPago, pago.formaPago?.nombre ?? ""],
    [t.referencia, pago.referencia],
  ];
  const documento: TDocumentDefinitions = {
    info: { title: `${t.recibo} ${pago.id}`, author: a.nombre },
    pageSize: "A5",
    pageOrientation: "landscape",
    pageMargins: [36, 36, 36, 36],
    defaultStyle: { font: "Roboto", fontSize: 10 },
    content: [
      conLogo(a.logo, {
        stack: [
          { text: a.nombre || t.asociacion, bold: true, fontSize: 14 },
          { text: a.cif ? `CIF ${a.cif}` : "", margin: [0, 2, 0, 0] },
          { text: [a.direccion, localidad].filter(Boolean).join(" · ") },
        ],
      }),
      { text: `${t.recibo} ${pago.id}`, bold: true, fontSize: 16, margin: [0, 18, 0, 10] },
      {
        table: {
          widths: [110, "*"],
          body: filas.map(([etiqueta, valor]) => [{ text: etiqueta, bold: true }, valor || "—"]),
        },
        layout: "lightHorizontalLines",
      },
      {
        text: t.recibimos(nombreDe(pago.pagador), formatearImporte(aCentimos(pago.importe))),
        margin: [0, 16, 0, 0],
      },
    ],
  };
  return generarPdf(documento);
}
