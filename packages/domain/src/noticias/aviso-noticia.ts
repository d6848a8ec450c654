import type { DestinoAlerta } from "../alertas/alerta.schema";
import type { AudienciaNoticia } from "./noticia.schema";

/**
 * The alert that tells readers about a published news item: its title and summary, a link to
 * it, and only the people who may read it — everyone, or for a members-only item the accounts
 * of members of any type (`idsTiposSocio`: every member type), never accounts without a member
 * record, who would open a news item they cannot see.
 */
export function avisoDeNoticia(
  noticia: { id: number; titulo: string; resumen: string; audiencia: AudienciaNoticia },
  idsTiposSocio: number[],
): { titulo: string; mensaje: string; enlace: string; destino: DestinoAlerta } {
  return {
    // The alert's own limits: 120 characters of title, 2000 of message.
    titulo: noticia.titulo.slice(0, 120),
    mensaje: (noticia.resumen || noticia.titulo).slice(0, 2000),
    enlace: `/vernoticias?id=${noticia.id}`,
    destino: noticia.audiencia === "socios" ? { tiposSocio: idsTiposSocio } : { todos: true },
  };
}
