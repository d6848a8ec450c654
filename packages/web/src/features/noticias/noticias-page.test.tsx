import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { NoticiasPage } from "./noticias-page";

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
  tokenPush: "",
};

let pedidas: URL[];

beforeEach(() => {
  pedidas = [];
  sesionStore.iniciar("t-1", ADMIN as never);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      pedidas.push(new URL(String(entrada), "http://fila.test"));
      return new Response(JSON.stringify({ items: [], total: 0, page: 1, pageSize: 25 }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
});

function Ubicacion() {
  return <output data-testid="url">{useLocation().search}</output>;
}

describe("NoticiasPage", () => {
  it("lee la búsqueda, el estado y la página de la URL y escribe en ella el estado elegido", async () => {
    render(
      <Providers client={crearQueryClient()}>
        <MemoryRouter initialEntries={["/noticias?q=fiesta&estado=0&page=2"]}>
          <NoticiasPage />
          <Ubicacion />
        </MemoryRouter>
      </Providers>,
    );
    await waitFor(() =>
      expect(pedidas.at(-1)?.search).toBe("?page=2&pageSize=25&q=fiesta&sort=-fecha&publicada=0"),
    );
    expect(
      (screen.getByRole("textbox", { name: "Buscar noticias" }) as HTMLInputElement).value,
    ).toBe("fiesta");
    expect(await screen.findByText("No hay noticias")).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: "Publicadas" }));
    await waitFor(() => expect(screen.getByTestId("url").textContent).toBe("?q=fiesta&estado=1"));
    await waitFor(() =>
      expect(pedidas.at(-1)?.search).toBe("?page=1&pageSize=25&q=fiesta&sort=-fecha&publicada=1"),
    );
  });
});
