import type { AnuncioVista } from "@fila/domain";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { HashRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { MarketPage } from "./market-page";

const anuncio: AnuncioVista = {
  id: 5,
  titulo: "Casco de moro",
  descripcion: "",
  precio: 0,
  imagenes: [],
  etiquetas: [],
  destacado: false,
  fecha: "2026-11-28",
  contacto: { nombre: "Pep", email: "", telefono: "" },
  activo: true,
  idSocio: 3,
  caduca: "2099-02-26",
  nombreSocio: "Pep",
};

const json = (status: number, cuerpo: unknown) =>
  new Response(JSON.stringify(cuerpo), { status, headers: { "Content-Type": "application/json" } });

// The server's answer to «Destacar», held until the test lets it go.
let soltarGuardado: () => void;

beforeEach(() => {
  window.location.hash = "#/market";
  sesionStore.iniciar("t-mercadillo", {
    id: 1,
    nombre: "Junta",
    email: "junta@example.com",
    rol: "administrador",
    socioId: 0,
    condicionesAceptadas: "si",
    tokenPush: "",
  } as never);
  const guardado = new Promise<void>((resolver) => {
    soltarGuardado = resolver;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const clave = `${init.method ?? "GET"} ${String(entrada)}`;
      if (clave.startsWith("GET /api/anuncios?")) {
        return json(200, { items: [anuncio], total: 1, page: 1, pageSize: 24 });
      }
      if (clave === "GET /api/anuncios/etiquetas") return json(200, { items: [] });
      if (clave === "GET /api/anuncios/5") return json(200, anuncio);
      if (clave === "PUT /api/anuncios/5") {
        await guardado;
        return json(200, { ...anuncio, destacado: true });
      }
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sesionStore.cerrar();
  window.location.hash = "";
});

/** The market's query parameters, as the address holds them. */
const parametros = () => new URLSearchParams(window.location.hash.split("?")[1] ?? "");

function pintar() {
  return render(
    <Providers client={crearQueryClient()}>
      <HashRouter>
        <Routes>
          <Route path="/market" element={<MarketPage />} />
        </Routes>
      </HashRouter>
    </Providers>,
  );
}

const buscar = (texto: string) =>
  fireEvent.change(screen.getByRole("searchbox", { name: "Buscar en el mercadillo" }), {
    target: { value: texto },
  });

describe("el mercadillo en la URL", () => {
  it("cerrar el anuncio al responder el servidor no borra la búsqueda escrita mientras tanto", async () => {
    pintar();
    fireEvent.click(await screen.findByTestId("tarjeta-anuncio"));
    const dialogo = await screen.findByRole("dialog", { name: "Casco de moro" });
    expect(parametros().get("anuncio")).toBe("5");

    // «Destacar» is sent; before the answer the search box writes `q` (after its 300 ms).
    fireEvent.click(screen.getByRole("button", { name: "Destacar" }));
    buscar("casco");
    await waitFor(() => expect(parametros().get("q")).toBe("casco"));
    expect(parametros().get("anuncio")).toBe("5");

    // The answer closes the ad with the function kept from the click: only `anuncio` goes.
    soltarGuardado();
    await waitFor(() => expect(dialogo.isConnected).toBe(false));
    expect(parametros().toString()).toBe("q=casco");
  });

  it("la búsqueda se escribe sobre la dirección de ahora, no sobre la que vio el último dibujo", async () => {
    pintar();
    fireEvent.click(await screen.findByTestId("tarjeta-anuncio"));
    const dialogo = await screen.findByRole("dialog", { name: "Casco de moro" });
    buscar("casco");
    // The ad is closed and the router has not drawn it yet: HashRouter commits navigations as
    // transitions, so the address runs ahead of the page (modelled by changing the address alone).
    window.history.replaceState(null, "", "#/market");
    await waitFor(() => expect(parametros().get("q")).toBe("casco"));
    // Written from the page's old copy, `anuncio=5` came back and the ad opened again.
    expect(parametros().toString()).toBe("q=casco");
    await waitFor(() => expect(dialogo.isConnected).toBe(false));
  });
});
