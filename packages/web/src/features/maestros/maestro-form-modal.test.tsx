import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { sesionStore } from "../../app/session-store";
import { pintarEnRuta } from "../../test/listas";
import { MaestroFormModal } from "./maestro-form-modal";
import type { DatosMaestro } from "./maestros-config";

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      const url = new URL(String(entrada), "http://fila.test");
      const items =
        url.pathname === "/api/tesoreria/cuentas"
          ? [
              { id: 1, nombre: "Caja", tipo: "caja", activo: true },
              { id: 2, nombre: "Banco", tipo: "banco", activo: true },
              { id: 3, nombre: "Banco antiguo", tipo: "banco", activo: false },
            ]
          : [];
      return new Response(JSON.stringify({ items, total: items.length, page: 1, pageSize: 200 }), {
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

it("una forma de pago elige la cuenta de la tesorería de sus cobros (Efectivo → Caja), o ninguna", async () => {
  const guardados: DatosMaestro[] = [];
  pintarEnRuta(
    <MaestroFormModal
      abierto
      clase="domiciliada"
      titulo="Editar la forma de pago «Efectivo»"
      maestro={{
        id: 4,
        nombre: "Efectivo",
        descripcion: "",
        activo: true,
        enUso: 3,
        domiciliada: false,
        idCuentaTesoreria: null,
      }}
      alCerrar={() => {}}
      alGuardar={async (d) => {
        guardados.push(d);
      }}
    />,
    "/formaspago",
  );
  const dialogo = await screen.findByRole("dialog", { name: "Editar la forma de pago «Efectivo»" });
  const campo = within(dialogo).getByLabelText(/^Cuenta de la tesorería/) as HTMLInputElement;
  expect(campo.value).toBe("");
  expect(campo.placeholder).toBe("La del banco de la tesorería");
  fireEvent.click(campo);
  await waitFor(() => expect(campo.getAttribute("aria-controls")).toBeTruthy());
  const opciones = document.getElementById(
    campo.getAttribute("aria-controls") ?? "",
  ) as HTMLElement;
  // An inactive account is not offered.
  await waitFor(() =>
    expect(
      within(opciones)
        .getAllByRole("option", { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(["Caja", "Banco"]),
  );
  fireEvent.click(within(opciones).getByRole("option", { name: "Caja", hidden: true }));
  fireEvent.click(within(dialogo).getByRole("button", { name: "Guardar" }));
  await waitFor(() => expect(guardados).toHaveLength(1));
  expect(guardados[0]).toEqual({
    nombre: "Efectivo",
    descripcion: "",
    activo: true,
    domiciliada: false,
    idCuentaTesoreria: 1,
  });
});
