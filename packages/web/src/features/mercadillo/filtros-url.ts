export type Vista = "todos" | "mios";

/** What the market shows, as kept in the URL (`#/market?q=…&etiqueta=…&vista=mios&page=2`). */
export type FiltrosMercadillo = { q: string; etiqueta: string; vista: Vista; page: number };

export function filtrosDesdeUrl(params: URLSearchParams): FiltrosMercadillo {
  const page = Number(params.get("page"));
  return {
    q: params.get("q")?.trim() ?? "",
    etiqueta: params.get("etiqueta")?.trim().toLowerCase() ?? "",
    vista: params.get("vista") === "mios" ? "mios" : "todos",
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * `actuales` with the filters replaced by `filtros` (defaults left out, for short links); other
 * parameters (the open ad, `?anuncio=`) stay.
 */
export function filtrosAUrl(
  actuales: URLSearchParams,
  filtros: FiltrosMercadillo,
): URLSearchParams {
  const params = new URLSearchParams(actuales);
  const valores: Record<keyof FiltrosMercadillo, string> = {
    q: filtros.q,
    etiqueta: filtros.etiqueta,
    vista: filtros.vista === "mios" ? "mios" : "",
    page: filtros.page > 1 ? String(filtros.page) : "",
  };
  for (const [clave, valor] of Object.entries(valores)) {
    if (valor) params.set(clave, valor);
    else params.delete(clave);
  }
  return params;
}
