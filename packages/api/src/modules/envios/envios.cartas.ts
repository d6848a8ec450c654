import { formatearFecha, type Idioma } from "@fila/domain";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces.js";
import { generarPdf } from "../../lib/pdf.js";
import { conLogo } from "../../services/logo.js";

/** 1 mm in PDF points. */
const MM = 72 / 25.4;

/**
 * Where the recipient's address goes on an A4 sheet folded in three for a DL envelope (220 × 110
 * mm) with a right window of 90 × 45 mm whose left edge is 100 mm from the sheet's left edge
 * (20 mm from the right) and whose top is 50 mm from the top of the sheet: the block starts a
 * few millimetres inside the window so that the address never slides under its edge.
 */
const VENTANA = { x: 104 * MM, y: 54 * MM, ancho: 82 * MM };
/** The letter's text starts below the first fold (99 mm), under the window. */
const INICIO_TEXTO = 105 * MM;
const MARGEN = 20 * MM;

export type Remitente = {
  nombre: string;
  direccion: string;
  cod_postal: string;
  poblacion: string;
  provincia: string;
  logo?: Uint8Array | null;
};

export type Carta = {
  nombre: string;
  apellidos: string;
  direccion: string;
  codPostal: string;
  poblacion: string;
  provincia: string;
  /** The message for this recipient, placeholders filled, as plain text (paragraphs by \n). */
  texto: string;
};

const TITULO: Record<Idioma, (n: number) => string> = {
  es: (n) => `Cartas del envío ${n}`,
  va: (n) => `Cartes de l'enviament ${n}`,
};

const localidad = (cp: string, poblacion: string, provincia: string) =>
  [cp, poblacion, provincia && provincia !== poblacion ? `(${provincia})` : ""]
    .filter(Boolean)
    .join(" ");

/**
 * The mail-merge of a mailing: one A4 letter per recipient (more pages if the text is long), the
 * association's logo and address at the top, the recipient's address in the envelope's window,
 * the place and date (dd/mm/aaaa) and the message. The fixed parts carry no words, so the letter
 * reads the same in both languages; only the document's title follows the caller's.
 */
export async function generarCartas(
  idEnvio: number,
  cartas: Carta[],
  remitente: Remitente | undefined,
  hoy: string,
  idioma: Idioma,
): Promise<Buffer> {
  const r = remitente ?? {
    nombre: "",
    direccion: "",
    cod_postal: "",
    poblacion: "",
    provincia: "",
  };
  const fecha = [r.poblacion, formatearFecha(hoy)].filter(Boolean).join(", ");
  const contenido: Content[] = cartas.flatMap((c, i): Content[] => [
    // In the flow first, so that the absolutely placed blocks after it land on its page.
    {
      text: fecha,
      alignment: "right",
      margin: [0, INICIO_TEXTO - MARGEN, 0, 14],
      ...(i > 0 ? { pageBreak: "before" as const } : {}),
    },
    {
      absolutePosition: { x: MARGEN, y: MARGEN },
      ...(conLogo(r.logo, {
        stack: [
          { text: r.nombre, bold: true, fontSize: 12 },
          { text: r.direccion, fontSize: 9 },
          { text: localidad(r.cod_postal, r.poblacion, r.provincia), fontSize: 9 },
        ],
      }) as object),
    } as Content,
    {
      absolutePosition: { x: VENTANA.x, y: VENTANA.y },
      width: VENTANA.ancho,
      stack: [
        { text: `${c.nombre} ${c.apellidos}`.trim(), bold: true },
        { text: c.direccion },
        { text: localidad(c.codPostal, c.poblacion, c.provincia) },
      ],
    } as Content,
    ...c.texto
      .split(/\n{2,}|\n/)
      .map((parrafo): Content => ({ text: parrafo, margin: [0, 0, 0, 8], lineHeight: 1.25 })),
  ]);
  const documento: TDocumentDefinitions = {
    info: { title: TITULO[idioma](idEnvio), author: r.nombre },
    pageSize: "A4",
    pageMargins: [MARGEN, MARGEN, MARGEN, MARGEN],
    defaultStyle: { font: "Roboto", fontSize: 11 },
    content: contenido,
  };
  return generarPdf(documento);
}
