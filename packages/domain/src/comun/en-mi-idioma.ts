// Without zod: the pages use it on their first paint.

/** Written: some text besides blanks and tags (an emptied rich-text editor leaves `<p></p>`). */
export function estaEscrito(texto: string): boolean {
  return (
    texto
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|\u00a0/g, " ")
      .trim() !== ""
  );
}

/**
 * A text written in both languages as its reader reads it (issue 38): theirs when written, the
 * other one otherwise. Events' descriptions and the terms and
 * privacy texts; news and alerts, whose Spanish text is required, have their own rule.
 */
export function textoEnMiIdioma(es: string, va: string, idioma: "es" | "va"): string {
  return textoYSuIdioma(es, va, idioma).texto;
}

/** `textoEnMiIdioma` and the language the text given is in (for the page's `lang`). */
export function textoYSuIdioma(
  es: string,
  va: string,
  idioma: "es" | "va",
): { texto: string; idioma: "es" | "va" } {
  const otro = idioma === "va" ? "es" : "va";
  const propio = idioma === "va" ? va : es;
  return estaEscrito(propio)
    ? { texto: propio, idioma }
    : { texto: otro === "va" ? va : es, idioma: otro };
}

/** Languages a two-language text is written in (the editor's «ES · VA» badge). */
export function idiomasEscritos(es: string, va: string): { es: boolean; va: boolean } {
  return { es: estaEscrito(es), va: estaEscrito(va) };
}

/** An event's description for its reader: `descripcionVa` in Valencian, with fallback. */
export function descripcionActo(
  acto: { descripcion: string; descripcionVa?: string },
  idioma: "es" | "va",
): { texto: string; idioma: "es" | "va" } {
  return textoYSuIdioma(acto.descripcion, acto.descripcionVa ?? "", idioma);
}
