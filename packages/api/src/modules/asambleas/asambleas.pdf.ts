import { formatearFecha } from "@fila/domain";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces.js";
import { generarPdf } from "../../lib/pdf.js";
import { htmlATexto } from "../../services/html-a-texto.js";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import { escribirXlsx } from "../socios-io/socios-io.ficheros.js";

/** Every page numbered «Página n de N» (the books must be). */
const pie = (actual: number, total: number): Content => ({
  text: `Página ${actual} de ${total}`,
  alignment: "center",
  fontSize: 8,
  margin: [0, 10, 0, 0],
});

const documento = (titulo: string, contenido: Content[]): TDocumentDefinitions => ({
  pageSize: "A4",
  pageMargins: [40, 50, 40, 50],
  info: { title: titulo },
  defaultStyle: { font: "Roboto", fontSize: 9 },
  footer: pie,
  content: [{ text: titulo, fontSize: 14, bold: true, margin: [0, 0, 0, 10] }, ...contenido],
});

/** The frozen census, NIFs masked (`***4567**`). */
export function pdfCenso(
  titulo: string,
  filas: {
    matricula: number | null;
    nombre: string;
    apellidos: string;
    nif: string;
    incluido: boolean;
    motivoTexto: string;
  }[],
): Promise<Buffer> {
  const dentro = filas.filter((f) => f.incluido);
  const fuera = filas.filter((f) => !f.incluido);
  const tabla = (fs: typeof filas, conMotivo: boolean): Content => ({
    table: {
      headerRows: 1,
      widths: conMotivo ? [50, "*", 70, 140] : [50, "*", 70],
      body: [
        ["Matrícula", "Socio", "NIF", ...(conMotivo ? ["Motivo"] : [])].map((t) => ({
          text: t,
          bold: true,
        })),
        ...fs.map((f) => [
          f.matricula === null ? "" : String(f.matricula),
          `${f.apellidos}, ${f.nombre}`,
          f.nif,
          ...(conMotivo ? [f.motivoTexto] : []),
        ]),
      ],
    },
    layout: "lightHorizontalLines",
  });
  return generarPdf(
    documento(`Censo electoral — ${titulo}`, [
      { text: `Con derecho a voto: ${dentro.length}`, margin: [0, 0, 0, 6] },
      tabla(dentro, false),
      { text: `Fuera del censo: ${fuera.length}`, margin: [0, 12, 0, 6] },
      tabla(fuera, true),
    ]),
  );
}

/** The minutes book: every approved minutes in order, pages numbered. */
export function pdfActas(
  actas: {
    nombre: string;
    fecha: string;
    contenido: string;
    aprobada_en: string | null;
    hash: string | null;
  }[],
): Promise<Buffer> {
  const contenido: Content[] = actas.length
    ? actas.flatMap((a, i): Content[] => [
        {
          text: `${i + 1}. ${a.nombre} — ${formatearFecha(a.fecha)}`,
          fontSize: 12,
          bold: true,
          margin: [0, 0, 0, 6],
          ...(i > 0 ? { pageBreak: "before" as const } : {}),
        },
        { text: htmlATexto(a.contenido), margin: [0, 0, 0, 8] },
        {
          text: `Aprobada el ${a.aprobada_en ? formatearFecha(a.aprobada_en) : "—"}. Huella SHA-256: ${a.hash ?? ""}`,
          fontSize: 7,
          color: "#555555",
        },
      ])
    : [{ text: "No hay actas aprobadas." }];
  return generarPdf(documento("Libro de actas", contenido));
}

export type FilaRegistro = {
  matricula: number | null;
  nombre: string;
  nif: string;
  periodos: { alta: string | null; baja: string | null }[];
};

const fecha = (f: string | null) => (f ? formatearFecha(f) : "");

/** The register of members (libro registro de socios), PDF. */
export function pdfLibroRegistro(filas: FilaRegistro[]): Promise<Buffer> {
  return generarPdf(
    documento("Libro registro de socios", [
      {
        table: {
          headerRows: 1,
          widths: [50, "*", 70, 150],
          body: [
            ["Matrícula", "Nombre", "NIF", "Altas y bajas"].map((t) => ({ text: t, bold: true })),
            ...filas.map((f) => [
              f.matricula === null ? "" : String(f.matricula),
              f.nombre,
              f.nif,
              f.periodos
                .map(
                  (p) => `Alta ${fecha(p.alta) || "—"}${p.baja ? ` · Baja ${fecha(p.baja)}` : ""}`,
                )
                .join("\n"),
            ]),
          ],
        },
        layout: "lightHorizontalLines",
      },
    ]),
  );
}

/** The register of members, XLSX: one row per period. */
export function xlsxLibroRegistro(filas: FilaRegistro[]): Promise<Buffer> {
  const celdas = filas.flatMap((f) =>
    (f.periodos.length ? f.periodos : [{ alta: null, baja: null }]).map((p) => [
      f.matricula,
      neutralizar(f.nombre),
      neutralizar(f.nif),
      fecha(p.alta),
      fecha(p.baja),
    ]),
  );
  return escribirXlsx(
    ["Matrícula", "Nombre", "NIF", "Fecha de alta", "Fecha de baja"],
    celdas,
    "Libro registro",
  );
}
