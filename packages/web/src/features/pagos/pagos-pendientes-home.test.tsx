import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { PagosPendientesHome } from "./pagos-pendientes-home";
import type { PagoApi } from "./tipos";

type Respuesta = { status: number; cuerpo?: unknown };
let rutasApi: Record<string, () => Respuesta>;
let llamadas: string[];

beforeEach(() => {
  llamadas = [];
  rutasApi = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const clave = `${init.method ?? "GET"} ${String(entrada)}`;
      llamadas.push(clave);
      const manejador = rutasApi[clave];
      if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
      const { status, cuerpo } = manejador();
      return new Response(JSON.stringify(cuerpo ?? null), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  sesionStore.iniciar("t-1", {
    id: 5,
    nombre: "Jordi",
    email: "jordi@fila.test",
    rol: "usuario",
    socioId: 5,
    condicionesAceptadas: "si",
    tokenPush: "",
  } as never);
});
afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function cargo(id: number, estado: PagoApi["estado"], importe: number): PagoApi {
  return {
    id,
    idSocio: 5,
    idPagador: 5,
    idProducto: null,
    concepto: `Cuota ${id}`,
    importe,
    fechaEmision: "2026-01-01",
    fechaVencimiento: "2026-03-31",
    estado,
    fechaPago: null,
    idFormaPago: null,
    referencia: "",
    idRemesa: null,
    plazo: 1,
    plazos: 1,
    anyo: 2026,
    idPagoOrigen: null,
    motivoAnulacion: "",
    motivoDevolucion: "",
    fechaDevolucion: null,
    socio: { id: 5, nombre: "Jordi", apellidos: "Pastor", matricula: 0 },
    pagador: { id: 5, nombre: "Jordi", apellidos: "Pastor" },
    producto: null,
    formaPago: null,
  };
}

describe("lo que debo en el inicio del socio", () => {
  it("pide solo los cargos pendientes y devueltos, no el historial de todos los años", async () => {
    const items = [cargo(7, "pendiente", 45.5), cargo(8, "devuelto", 20)];
    rutasApi["GET /api/pagos/mios?pendientes=1&page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: { items, total: 2, page: 1, pageSize: 200, totalPendiente: 65.5 },
    });
    rutasApi["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: false, prueba: false, metodos: [] },
    });
    render(
      <Providers client={crearQueryClient()}>
        <MemoryRouter>
          <PagosPendientesHome />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText("2 cargos por pagar")).toBeTruthy();
    expect(screen.getByTestId("home-total-pendiente").textContent).toBe("65,50 €");
    expect(llamadas.filter((l) => l.startsWith("GET /api/pagos/mios"))).toEqual([
      "GET /api/pagos/mios?pendientes=1&page=1&pageSize=200",
    ]);
  });
});
