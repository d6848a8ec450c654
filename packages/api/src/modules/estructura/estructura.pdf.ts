import type { Grupo, Idioma } from "@fila/domain";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces.js";
import { generarPdf, TIPO_PDF } from "../../lib/pdf.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";

const TEXTOS = {
  es: {
    titulo: "Escuadras",
    ordinaria: "Ordinaria",
    especial: "Especial",
    cabo: "Cabo",
    traje: "Traje",
    banda: "Banda",
    sinMiembros: "Sin festeros",
    festeros: "festeros",
    desfile: "Desfile",
  },
  va: {
    titulo: "Esquadres",
    ordinaria: "Ordinària",
    especial: "Especial",
    cabo: "Cap d'esquadra",
    traje: "Vestit",
    banda: "Banda",
    sinMiembros: "Sense festers",
    festeros: "festers",
    desfile: "Desfilada",
  },
} as const;

function bloque(g: Grupo, t: (typeof TEXTOS)[Idioma]): Content {
  const cabo = g.miembros.find((m) => m.esCabo);
  const detalle = [
    g.tipo === "especial" ? t.especial : t.ordinaria,
    `${g.miembros.length} ${t.festeros}`,
    g.traje ? `${t.traje}: ${g.traje}` : "",
    g.banda ? `${t.banda}: ${g.banda}` : "",
    ...Object.entries(g.desfiles).map(([d, n]) => `${t.desfile} ${d}: ${n}º`),
  ].filter(Boolean);
  return {
    stack: [
      { text: g.nombre, bold: true, fontSize: 12 },
      { text: detalle.join(" · "), fontSize: 8, margin: [0, 1, 0, 3] },
      ...(cabo ? [{ text: `${t.cabo}: ${cabo.nombre} ${cabo.apellidos}`, fontSize: 9 }] : []),
      g.miembros.length === 0
        ? { text: t.sinMiembros, italics: true, fontSize: 9 }
        : {
            ol: g.miembros.map((m) => ({
              text: `${m.apellidos}, ${m.nombre}${m.rol ? ` (${m.rol})` : ""}${m.esCabo ? ` — ${t.cabo}` : ""}`,
              bold: m.esCabo,
            })),
            fontSize: 9,
            margin: [0, 2, 0, 0],
          },
    ],
    margin: [0, 0, 0, 12],
    unbreakable: g.miembros.length <= 30,
  };
}

/** The composition of the year's escuadras, in their order, as an A4 PDF. */
export async function pdfComposicion(
  asociacion: string,
  anyo: number,
  escuadras: Grupo[],
  idioma: Idioma,
): Promise<FicheroDescarga> {
  const t = TEXTOS[idioma] ?? TEXTOS.es;
  const titulo = `${t.titulo} ${anyo}`;
  const documento: TDocumentDefinitions = {
    info: { title: titulo, author: asociacion },
    pageSize: "A4",
    pageMargins: [36, 36, 36, 36],
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: [
      { text: [asociacion, titulo].filter(Boolean).join(" — "), bold: true, fontSize: 15 },
      { text: " ", fontSize: 6 },
      ...escuadras.map((g) => bloque(g, t)),
    ],
  };
  return {
    nombre: `escuadras-${anyo}.pdf`,
    tipo: TIPO_PDF,
    contenido: await generarPdf(documento),
  };
}
