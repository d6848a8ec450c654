import type { PedidoOnline } from "@fila/domain";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { PedidosOnline } from "./pedidos-online";

const TOTAL = 120;
let pedidas: URL[];

function pedido(n: number): PedidoOnline {
  return {
    numero: String(n).padStart(12, "0"),
    fecha: "2026-11-28T10:00:00.000Z",
    estado: "pagado",
    metodo: "bizum",
    importe: 25,
    idSocio: n,
    socio: `Socio ${n}`,
    cargos: [{ id: n, concepto: `Cuota ${n}`, importe: 25 }],
    codigoAutorizacion: "123456",
    respuesta: "0000",
    motivo: "Operación autorizada.",
    // The seventh was made in Redsys's test mode.
    prueba: n === 7,
  };
}

beforeEach(() => {
  pedidas = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      const url = new URL(String(entrada), "http://fila.test");
      pedidas.push(url);
      const page = Number(url.searchParams.get("page"));
      const pageSize = Number(url.searchParams.get("pageSize"));
      const desde = (page - 1) * pageSize + 1;
      const items = Array.from(
        { length: Math.max(0, Math.min(pageSize, TOTAL - desde + 1)) },
        (_, i) => pedido(desde + i),
      );
      return new Response(JSON.stringify({ items, total: TOTAL, page, pageSize }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PedidosOnline", () => {
  it("pide los pedidos por páginas al servidor y vuelve a la primera al cambiar la búsqueda", async () => {
    render(
      <Providers client={crearQueryClient()}>
        <MemoryRouter>
          <PedidosOnline />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText("Socio 1")).toBeTruthy();
    expect(screen.queryByText("Socio 51")).toBeNull();
    // Only the test-mode order carries the «De prueba» mark.
    expect(screen.getAllByText("De prueba")).toHaveLength(1);
    expect(screen.getByText("Socio 7").closest("tr")?.textContent).toContain("De prueba");
    expect(pedidas.at(-1)?.searchParams.get("pageSize")).toBe("50");

    fireEvent.click(screen.getByRole("button", { name: "3" }));
    expect(await screen.findByText("Socio 101")).toBeTruthy();
    expect(pedidas.at(-1)?.searchParams.get("page")).toBe("3");

    fireEvent.change(screen.getByRole("searchbox", { name: "Socio o número de pedido" }), {
      target: { value: "Socio" },
    });
    await waitFor(() => expect(pedidas.at(-1)?.searchParams.get("q")).toBe("Socio"));
    expect(pedidas.at(-1)?.searchParams.get("page")).toBe("1");
  }, 20_000);
});
