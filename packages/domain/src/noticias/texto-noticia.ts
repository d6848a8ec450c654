// Without zod: the homes use it on their first paint (e2e/specs/rendimiento.spec.ts).

/** The texts of a news item in both languages, as the API gives them. */
type TextosNoticia = {
  titulo: string;
  resumen: string;
  contenido: string;
  tituloVa: string;
  resumenVa: string;
  contenidoVa: string;
};

/** The text of a news item for a reader: theirs when written, the other otherwise (issue 38). */
export function textoNoticia(
  n: TextosNoticia,
  idioma: "es" | "va",
): { titulo: string; resumen: string; contenido: string } {
  if (idioma === "va" && n.tituloVa.trim() !== "") {
    return { titulo: n.tituloVa, resumen: n.resumenVa, contenido: n.contenidoVa || n.contenido };
  }
  return { titulo: n.titulo, resumen: n.resumen, contenido: n.contenido };
}
