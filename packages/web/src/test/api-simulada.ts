import { afterEach, beforeEach, vi } from "vitest";
import { sesionStore } from "../app/session-store";

/** What a route of the simulated API answers: a status and a JSON body. */
export type Respuesta = { status: number; cuerpo?: unknown };
export type Manejador = (init: RequestInit, url: URL) => Respuesta;
export type Llamada = { metodo: string; url: URL; init: RequestInit };

/**
 * The API of the Cuotas page's tabs as their tests simulate it (Lotería, Tesorería): `rutas`
 * maps "METHOD /path" (or "METHOD /path?query", to answer only that query) to what it answers
 * (404 for the rest), `llamadas` records every request.
 * Both are emptied before each test; after it, the session is closed and fetch restored.
 *
 * It also makes the empty media query match: the setup's matchMedia matches nothing, and
 * mantine-datatable draws a cell only while the cell's media query (none: "") matches, as it
 * does in a browser.
 */
export function simularApi(): { rutas: Record<string, Manejador>; llamadas: Llamada[] } {
  const rutas: Record<string, Manejador> = {};
  const llamadas: Llamada[] = [];
  const matchMediaDelSetup = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({ ...matchMediaDelSetup(query), matches: query === "" }) as MediaQueryList;
    llamadas.length = 0;
    for (const clave of Object.keys(rutas)) delete rutas[clave];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(entrada), "http://fila.test");
        const metodo = init.method ?? "GET";
        llamadas.push({ metodo, url, init });
        const manejador =
          rutas[`${metodo} ${url.pathname}${url.search}`] ?? rutas[`${metodo} ${url.pathname}`];
        if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
        const { status, cuerpo } = manejador(init, url);
        return new Response(JSON.stringify(cuerpo ?? null), {
          status,
          headers: { "Content-Type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => {
    window.matchMedia = matchMediaDelSetup;
    sesionStore.cerrar();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return { rutas, llamadas };
}
