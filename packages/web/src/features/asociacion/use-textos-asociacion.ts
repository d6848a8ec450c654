import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type TextosAsociacion = {
  nombre: string;
  condiciones: string;
  privacidad: string;
  /** The same texts in Valencian, '' when not written (issue 38; absent from older servers). */
  condicionesVa?: string;
  privacidadVa?: string;
  versionCondiciones: string | number | null;
  /** URL of the logo (it changes with each new one), null or absent without one. */
  logo?: string | null;
};

export const CLAVE_TEXTOS = ["asociacion", "textos"] as const;

/** Public texts of the association (name, terms, privacy); no session needed. */
export const consultaTextosAsociacion = () =>
  queryOptions({
    queryKey: CLAVE_TEXTOS,
    queryFn: ({ signal }) => api.get<TextosAsociacion>("/asociacion/textos", signal),
    staleTime: 10 * 60_000,
    // The text pages show the failure; elsewhere only the name is missing (the app's is used).
    meta: { errorEnPagina: true },
  });

export function useTextosAsociacion() {
  return useQuery(consultaTextosAsociacion());
}

/** The association's name, or the app's while it loads or when it cannot be read. */
export function useNombreAsociacion(porDefecto: string): string {
  const { data } = useTextosAsociacion();
  return data?.nombre?.trim() || porDefecto;
}
