import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { simularApi } from "../../test/api-simulada";
import { pintarEnRuta } from "../../test/listas";
import { CobroModal } from "./cobro-modal";
import type { PagoApi } from "./tipos";

const { rutas, llamadas } = simularApi();

const CARGO = {
  id: 7,
  concepto: "Cuota 2026",
  importe: 120,
  estado: "pendiente",
  idFormaPago: 1,
  nombreSocio: "Pepa",
  apellidosSocio: "Ferrándiz",
} as unknown as PagoApi;

function servir() {
  rutas["GET /api/formaspago"] = () => ({
    status: 200,
    cuerpo: [{ id: 1, nombre: "Efectivo", activo: true, idCuentaTesoreria: 1 }],
  });
  rutas["GET /api/tesoreria/cuentas"] = () => ({
    status: 200,
    cuerpo: {
      items: [
        { id: 1, nombre: "Caja", tipo: "caja", activo: true },
        { id: 2, nombre: "Banco", tipo: "banco", activo: true },
        { id: 3, nombre: "Caja vieja", tipo: "caja", activo: false },
      ],
      total: 3,
      page: 1,
      pageSize: 200,
    },
  });
  rutas["POST /api/pagos/7/cobro"] = () => ({
    status: 200,
    cuerpo: { ...CARGO, estado: "pagado" },
  });
}

const cuerpoDelCobro = () =>
  JSON.parse(
    String(
      llamadas.find((l) => l.metodo === "POST" && l.url.pathname === "/api/pagos/7/cobro")?.init
        .body,
    ),
  );

describe("el diálogo de cobro de la mesa", () => {
  it("sin elegir cuenta, el cobro va a la de su forma de pago (no se envía ninguna)", async () => {
    servir();
    pintarEnRuta(<CobroModal pagos={[CARGO]} alCerrar={() => {}} />, "/pagos");
    const dialogo = await screen.findByRole("dialog", { name: "Registrar cobro" });
    expect(
      within(dialogo)
        .getByLabelText(/^Cuenta de la tesorería/)
        .getAttribute("placeholder"),
    ).toBe("La de la forma de pago");
    fireEvent.click(within(dialogo).getByRole("button", { name: "Registrar cobro" }));
    await waitFor(() => expect(cuerpoDelCobro()).toMatchObject({ idFormaPago: 1 }));
    expect(cuerpoDelCobro()).not.toHaveProperty("idCuentaTesoreria");
  });

  it("la mesa elige otra cuenta activa y se envía con el cobro", async () => {
    servir();
    pintarEnRuta(<CobroModal pagos={[CARGO]} alCerrar={() => {}} />, "/pagos");
    const dialogo = await screen.findByRole("dialog", { name: "Registrar cobro" });
    const campo = within(dialogo).getByLabelText(/^Cuenta de la tesorería/);
    fireEvent.click(campo);
    const opciones = document.getElementById(campo.getAttribute("aria-controls") ?? "");
    await waitFor(() => expect(opciones).toBeTruthy());
    const lista = within(opciones as HTMLElement);
    await waitFor(() =>
      expect(lista.getByRole("option", { name: "Banco", hidden: true })).toBeTruthy(),
    );
    expect(lista.queryByRole("option", { name: "Caja vieja", hidden: true })).toBeNull();
    fireEvent.click(lista.getByRole("option", { name: "Banco", hidden: true }));
    fireEvent.click(within(dialogo).getByRole("button", { name: "Registrar cobro" }));
    await waitFor(() =>
      expect(cuerpoDelCobro()).toMatchObject({ idFormaPago: 1, idCuentaTesoreria: 2 }),
    );
  });
});
