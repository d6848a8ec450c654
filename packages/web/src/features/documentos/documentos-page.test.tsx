import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { DocumentosPage } from "./documentos-page";

const SOCIO = {
  id: 2,
  nombre: "Pep Soler",
  email: "pep@filademo.es",
  rol: "socio",
  socioId: 7,
  condicionesAceptadas: "si",
  tokenPush: "",
};

let pedidas: URL[];

beforeEach(() => {
  pedidas = [];
  sesionStore.iniciar("t-1", SOCIO as never);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      pedidas.push(new URL(String(entrada), "http://fila.test"));
      return new Response(JSON.stringify({ items: [], total: 120, page: 1, pageSize: 50 }), {
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

describe("DocumentosPage", () => {
  it("lee la búsqueda, el año y la página de la URL y pide al servidor la página elegida", async () => {
    render(
      <Providers client={crearQueryClient()}>
        <MemoryRouter initialEntries={["/documentos?q=acta&anyo=2025&page=2"]}>
          <DocumentosPage />
          <Ubicacion />
        </MemoryRouter>
      </Providers>,
    );
    await waitFor(() =>
      expect(pedidas.at(-1)?.search).toBe("?page=2&pageSize=50&sort=categoria&q=acta&anyo=2025"),
    );
    expect((screen.getByLabelText("Buscar documentos") as HTMLInputElement).value).toBe("acta");
    expect(await screen.findByText("No hay documentos")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "3" }));
    await waitFor(() =>
      expect(screen.getByTestId("url").textContent).toBe("?q=acta&anyo=2025&page=3"),
    );
    await waitFor(() => expect(pedidas.at(-1)?.searchParams.get("page")).toBe("3"));

    // Another year starts again at the first page.
    fireEvent.change(screen.getByLabelText("Año"), { target: { value: "2024" } });
    await waitFor(() => expect(screen.getByTestId("url").textContent).toBe("?q=acta&anyo=2024"));
    await waitFor(() =>
      expect(pedidas.at(-1)?.search).toBe("?page=1&pageSize=50&sort=categoria&q=acta&anyo=2024"),
    );
  });
});
