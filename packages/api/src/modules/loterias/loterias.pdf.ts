import {
  formatearFecha,
  formatearImporte,
  importePorNumeroCentimos,
  type LoteriaEnCentimos,
  precioParticipacionCentimos,
} from "@fila/domain";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces.js";
import { generarPdf } from "../../lib/pdf.js";

/** The depositary printed on every participation: the association's data. */
export type Depositaria = {
  nombre: string;
  cif: string;
  direccion: string;
  cod_postal: string;
  poblacion: string;
  provincia: string;
};

/** What a printed participation needs of its lottery. */
export type LoteriaImpresa = LoteriaEnCentimos & { nombre: string; sorteo: string };

/** One participation to print: its serial, its state and the URL its QR opens. */
export type ParticipacionImpresa = {
  serie: number;
  anulada: boolean;
  urlVerificacion: string;
  /** The buyer of a digital one (printed on it); null on paper. */
  comprador: string | null;
  /**
   * A digital one printed in its talonario's sheets: marked so that its paper stub is not sold
   * (its buyer has the PDF).
   */
  digital?: boolean;
};

export const CADUCIDAD_PREMIOS =
  "Los premios caducan a los tres meses de la celebración del sorteo.";

/** On a digital participation's paper stub: it is sold already. */
export const DIGITAL_NO_VENDER = "DIGITAL: ya vendida, no vender en papel";

const localidad = (a: Depositaria) =>
  [a.cod_postal, a.poblacion, a.provincia ? `(${a.provincia})` : ""].filter(Boolean).join(" ");

/** The legal text of a participation (what the law asks it to carry), as lines. */
export function textoParticipacion(
  a: Depositaria,
  l: LoteriaImpresa,
  p: Pick<ParticipacionImpresa, "serie">,
): { depositaria: string[]; sorteo: string; numeros: string; importes: string[] } {
  const porNumero = importePorNumeroCentimos(l);
  const n = l.numeros.length;
  return {
    depositaria: [
      `Depositaria: ${a.nombre || "—"}`,
      `CIF ${a.cif || "—"}`,
      [a.direccion, localidad(a)].filter(Boolean).join(" · ") || "—",
    ],
    sorteo: `${l.sorteo} del ${formatearFecha(l.fechaSorteo)}`,
    numeros: `${n === 1 ? "Número" : "Números"}: ${l.numeros.map((x) => x.numero).join(" · ")}`,
    importes: [
      `Participación nº ${p.serie}`,
      n === 1
        ? `Juega ${formatearImporte(l.importeJugadoCentimos)}`
        : `Juega ${formatearImporte(l.importeJugadoCentimos)} (${formatearImporte(porNumero)} en cada número)`,
      `Donativo ${formatearImporte(l.donativoCentimos)}`,
      `Total ${formatearImporte(precioParticipacionCentimos(l))}`,
    ],
  };
}

function bloque(
  a: Depositaria,
  l: LoteriaImpresa,
  p: ParticipacionImpresa,
  conMatriz: boolean,
): Content {
  const t = textoParticipacion(a, l, p);
  const participacion: Content = {
    columns: [
      {
        width: "*",
        stack: [
          { text: l.nombre, bold: true, fontSize: 11 },
          { text: t.depositaria.join(" · "), fontSize: 7, margin: [0, 1, 0, 3] },
          { text: t.sorteo, fontSize: 9 },
          { text: t.numeros, bold: true, fontSize: 12, margin: [0, 2, 0, 2] },
          { text: t.importes.join(" · "), fontSize: 9 },
          ...(p.comprador ? [{ text: `Comprador: ${p.comprador}`, fontSize: 8 }] : []),
          { text: CADUCIDAD_PREMIOS, fontSize: 7, italics: true, margin: [0, 3, 0, 0] },
          // What the QR opens, also in letters (for whoever cannot scan it).
          { text: `Verificación: ${p.urlVerificacion}`, fontSize: 5, color: "#555555" },
          ...(p.anulada ? [{ text: "ANULADA", bold: true, color: "#b00020", fontSize: 10 }] : []),
          ...(p.digital
            ? [{ text: DIGITAL_NO_VENDER, bold: true, color: "#b00020", fontSize: 9 }]
            : []),
        ],
      },
      { width: 80, stack: [{ qr: p.urlVerificacion, fit: 80 }] },
    ],
    columnGap: 8,
  };
  const cuerpo: Content[][] = conMatriz
    ? [
        [
          {
            stack: [
              { text: "Matriz", bold: true, fontSize: 8 },
              { text: `Nº ${p.serie}`, bold: true, fontSize: 12, margin: [0, 2, 0, 6] },
              { text: "Vendida a:", fontSize: 8 },
              { text: "\n\n____________________", fontSize: 8 },
              ...(p.anulada ? [{ text: "ANULADA", bold: true, fontSize: 8 }] : []),
              ...(p.digital ? [{ text: "DIGITAL", bold: true, fontSize: 8 }] : []),
            ],
          },
          participacion,
        ],
      ]
    : [[participacion]];
  return {
    table: { widths: conMatriz ? [90, "*"] : ["*"], body: cuerpo, dontBreakRows: true },
    layout: {
      hLineStyle: () => ({ dash: { length: 3 } }),
      vLineStyle: () => ({ dash: { length: 3 } }),
      paddingTop: () => 8,
      paddingBottom: () => 8,
    },
    margin: [0, 0, 0, 6],
    unbreakable: true,
  };
}

/**
 * The participations as an A4 PDF: a talonario's (each with its stub, to cut) or one digital
 * participation. Every participation carries what the law asks: the depositary, the draw and its
 * date, the numbers, the serial, the amount played, the donativo and the total, that prizes
 * expire three months after the draw, and the verification QR.
 */
export function pdfParticipaciones(
  asociacion: Depositaria,
  loteria: LoteriaImpresa,
  participaciones: ParticipacionImpresa[],
  opciones: { titulo: string; conMatriz: boolean },
): Promise<Buffer> {
  const documento: TDocumentDefinitions = {
    info: { title: opciones.titulo, author: asociacion.nombre },
    pageSize: "A4",
    pageMargins: [28, 28, 28, 28],
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: participaciones.map((p) => bloque(asociacion, loteria, p, opciones.conMatriz)),
  };
  return generarPdf(documento);
}
