import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { sesionStore } from "../app/session-store";

/** What a fake list server was asked, and how many rows it has (`total` may change mid-test). */
export type ServidorDePaginas = { pedidas: URL[]; total: number };

/**
 * Stubs `fetch` with a list server: every request answers its `page` of `pageSize` rows out of
 * `total` (rows made by `fila`), and is kept in `pedidas`. Undo it with `vi.unstubAllGlobals()`.
 */
export function servirPaginas(
  fila: (n: number) => unknown = (n) => ({ id: n }),
  total = 0,
): ServidorDePaginas {
  const servidor: ServidorDePaginas = { pedidas: [], total };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      const url = new URL(String(entrada), "http://fila.test");
      servidor.pedidas.push(url);
      const page = Number(url.searchParams.get("page") ?? 1);
      const pageSize = Number(url.searchParams.get("pageSize") ?? 0);
      const antes = (page - 1) * pageSize;
      const cuantas = Math.max(0, Math.min(pageSize, servidor.total - antes));
      const items = Array.from({ length: cuantas }, (_, i) => fila(antes + i + 1));
      const cuerpo = JSON.stringify({ items, total: servidor.total, page, pageSize });
      return new Response(cuerpo, { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return servidor;
}

function ConsultaDeLaUrl() {
  return <output data-testid="consulta-url">{useLocation().search}</output>;
}

/**
 * Draws a page at `ruta` for a signed-in account of `rol` (end it with `sesionStore.cerrar()`);
 * `consulta()` is the URL's query at that moment, as the person would share it.
 */
export function pintarEnRuta(pagina: ReactNode, ruta: string, rol = "administrador") {
  const cuenta = { id: 1, nombre: "Prueba", email: "prueba@fila.test", rol, socioId: 1 };
  sesionStore.iniciar("t-1", { ...cuenta, condicionesAceptadas: "si", tokenPush: "" } as never);
  render(
    <Providers client={crearQueryClient()}>
      <MemoryRouter initialEntries={[ruta]}>
        {pagina}
        <ConsultaDeLaUrl />
      </MemoryRouter>
    </Providers>,
  );
  return { consulta: () => screen.getByTestId("consulta-url").textContent };
}
