import { type Noticia, textoNoticia } from "@fila/domain";
import { useIdioma } from "../../lib/i18n";

/** A news item as its reader reads it: in their language when written in it (issue 38). */
export function useNoticiaEnMiIdioma(n: Noticia): Noticia {
  const idioma = useIdioma();
  return { ...n, ...textoNoticia(n, idioma) };
}
