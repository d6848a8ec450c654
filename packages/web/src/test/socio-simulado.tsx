import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { sesionStore } from "../app/session-store";
import type { PagoApi } from "../features/pagos/tipos";
import { simularApi } from "./api-simulada";

/** The member the tests of a member's own pages sign in as: Jordi Pastor, member 5. */
export const JORDI = {
  id: 5,
  nombre: "Jordi",
  email: "jordi@fila.test",
  rol: "usuario",
  socioId: 5,
  condicionesAceptadas: "si",
  tokenPush: "",
} as const;

/**
 * `simularApi` (routes by "METHOD /path", every request recorded) with Jordi signed in before each
 * test (the session is closed after it, with the rest of the simulation).
 */
export function simularApiDelSocio(): ReturnType<typeof simularApi> {
  const api = simularApi();
  beforeEach(() => {
    sesionStore.iniciar("t-1", JORDI as never);
  });
  return api;
}

/** Draws a page of the app (its providers and a router) as the tests of the member's pages do. */
export function pintar(nodo: ReactNode) {
  return render(
    <Providers client={crearQueryClient()}>
      <MemoryRouter>{nodo}</MemoryRouter>
    </Providers>,
  );
}

/** One of Jordi's charges, as `GET /api/pagos/mios` lists it: a pending fee unless told otherwise. */
export function cargoDeJordi(cambios: Partial<PagoApi> = {}): PagoApi {
  return {
    id: 1,
    idSocio: 5,
    idPagador: 5,
    idProducto: null,
    concepto: "Cuota",
    importe: 0,
    fechaEmision: "2026-01-01",
    fechaVencimiento: "2026-03-31",
    estado: "pendiente",
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
    ...cambios,
  };
}
