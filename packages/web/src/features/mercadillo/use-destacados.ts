import type { AnuncioVista, Noticia } from "@fila/domain";
import { useMemo } from "react";
import { compararIso } from "../../lib/orden";
import { useListaNoticias } from "../noticias/use-noticias";
import { useListaAnuncios } from "./use-anuncios";

export type Destacado =
  | { tipo: "anuncio"; fecha: string; anuncio: AnuncioVista }
  | { tipo: "noticia"; fecha: string; noticia: Noticia };

/**
 * Featured ads and featured news together, newest first: the filà's shop window. Each list is
 * paginated on the server; the window shows the newest `cuantos` of both.
 */
export function useDestacados(cuantos: number, silenciosa = false) {
  const anuncios = useListaAnuncios({ destacado: true, page: 1, pageSize: cuantos }, silenciosa);
  const noticias = useListaNoticias(
    { publicadas: true, destacada: "1", page: 1, pageSize: cuantos },
    silenciosa,
  );
  // The same array while neither answer changes: a card list can defer on it.
  const datosAnuncios = anuncios.data?.items;
  const datosNoticias = noticias.data?.items;
  const items = useMemo<Destacado[]>(
    () =>
      [
        ...(datosAnuncios ?? []).map((a) => ({
          tipo: "anuncio" as const,
          fecha: a.fecha,
          anuncio: a,
        })),
        ...(datosNoticias ?? []).map((n) => ({
          tipo: "noticia" as const,
          fecha: n.fecha,
          noticia: n,
        })),
      ]
        .sort((a, b) => compararIso(b.fecha, a.fecha))
        .slice(0, cuantos),
    [datosAnuncios, datosNoticias, cuantos],
  );
  return { items, cargando: anuncios.isLoading || noticias.isLoading };
}
