import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cargoDeJordi, pintar, simularApiDelSocio } from "../../test/socio-simulado";
import { MisPagosPage } from "./mis-pagos-page";

const { rutas, llamadas } = simularApiDelSocio();

const pagado = (id: number) =>
  cargoDeJordi({
    id,
    concepto: `Cuota ${id}`,
    estado: "pagado",
    importe: 10,
    fechaPago: "2026-02-01",
  });

describe("Mis pagos: lo que debo entero, el historial página a página (issue 51)", () => {
  it("pinta los 20 cerrados más recientes y «Ver más» trae los siguientes, hasta el último", async () => {
    const debido = cargoDeJordi({ id: 100, concepto: "Cuota 100", importe: 45.5 });
    rutas["GET /api/pagos/mios?pendientes=1&page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: { items: [debido], total: 1, page: 1, pageSize: 200, totalPendiente: 45.5 },
    });
    const cerrados = Array.from({ length: 25 }, (_, i) => pagado(50 - i));
    for (const page of [1, 2]) {
      rutas[`GET /api/pagos/mios?historial=1&page=${page}&pageSize=20`] = () => ({
        status: 200,
        cuerpo: {
          items: cerrados.slice((page - 1) * 20, page * 20),
          total: 25,
          page,
          pageSize: 20,
          totalPendiente: 45.5,
        },
      });
    }
    rutas["GET /api/loterias/mias"] = () => ({
      status: 200,
      cuerpo: { items: [], total: 0, page: 1, pageSize: 200 },
    });
    rutas["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: false, prueba: false, metodos: [] },
    });
    pintar(<MisPagosPage />);

    const historial = await screen.findByRole("region", { name: "Pagados y anulados" });
    const conceptos = () =>
      within(historial)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")?.split(" · ")[0]);
    expect(conceptos()).toEqual(cerrados.slice(0, 20).map((c) => c.concepto));
    expect(screen.getByTestId("historial-cuenta").textContent).toBe("20 de 25");
    const porPagar = screen.getByRole("region", { name: "Por pagar" });
    expect(within(porPagar).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByTestId("total-pendiente").textContent).toBe("Total pendiente: 45,50 €");

    fireEvent.click(within(historial).getByRole("button", { name: "Ver más" }));
    await screen.findByText("Cuota 26");
    expect(conceptos()).toEqual(cerrados.map((c) => c.concepto));
    expect(within(historial).queryByRole("button", { name: "Ver más" })).toBeNull();
    expect(
      llamadas
        .filter((l) => l.metodo === "GET" && l.url.pathname === "/api/pagos/mios")
        .map((l) => l.url.search)
        .sort(),
    ).toEqual([
      "?historial=1&page=1&pageSize=20",
      "?historial=1&page=2&pageSize=20",
      "?pendientes=1&page=1&pageSize=200",
    ]);
  });
});
