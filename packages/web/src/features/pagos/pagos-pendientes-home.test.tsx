import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cargoDeJordi, pintar, simularApiDelSocio } from "../../test/socio-simulado";
import { PagosPendientesHome } from "./pagos-pendientes-home";

const { rutas, llamadas } = simularApiDelSocio();

describe("lo que debo en el inicio del socio", () => {
  it("pide solo los cargos pendientes y devueltos, no el historial de todos los años", async () => {
    const items = [
      cargoDeJordi({ id: 7, concepto: "Cuota 7", estado: "pendiente", importe: 45.5 }),
      cargoDeJordi({ id: 8, concepto: "Cuota 8", estado: "devuelto", importe: 20 }),
    ];
    rutas["GET /api/pagos/mios?pendientes=1&page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: { items, total: 2, page: 1, pageSize: 200, totalPendiente: 65.5 },
    });
    rutas["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: false, prueba: false, metodos: [] },
    });
    pintar(<PagosPendientesHome />);
    expect(await screen.findByText("2 cargos por pagar")).toBeTruthy();
    expect(screen.getByTestId("home-total-pendiente").textContent).toBe("65,50 €");
    expect(
      llamadas
        .filter((l) => l.metodo === "GET" && l.url.pathname === "/api/pagos/mios")
        .map((l) => l.url.search),
    ).toEqual(["?pendientes=1&page=1&pageSize=200"]);
  });
});
