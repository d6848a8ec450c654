import type { MiTalonario } from "@fila/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { cargoDeJordi, pintar, simularApiDelSocio } from "../../test/socio-simulado";
import { MisPagosPage } from "../pagos/mis-pagos-page";
import { LoteriaHome } from "./loteria-home";

const { rutas: rutasApi, llamadas } = simularApiDelSocio();

const LOTERIA = {
  id: 3,
  nombre: "Lotería de Navidad 2026",
  sorteo: "Sorteo Extraordinario de Navidad",
  fechaSorteo: "2026-12-22",
  fechaLimiteDevolucion: "2026-12-15",
  precio: 6,
  importeJugado: 5,
  donativo: 1,
  plazoAbierto: true,
};

function talonario(cambios: Partial<MiTalonario> = {}): MiTalonario {
  return {
    id: 11,
    idLoteria: 3,
    serieDesde: 101,
    serieHasta: 150,
    participaciones: 50,
    socio: { id: 5, nombre: "Jordi", apellidos: "Pastor" },
    estado: "pendiente",
    liquidadoPor: null,
    liquidadoEn: null,
    vendidas: 0,
    devueltas: 0,
    anuladas: 0,
    importeJugado: 0,
    donativo: 0,
    total: 0,
    cargo: null,
    loteria: LOTERIA,
    digitales: 0,
    participacionesDigitales: [],
    ...cambios,
  };
}

const CARGO = cargoDeJordi({
  id: 70,
  idProducto: 9,
  concepto: "Lotería de Navidad 2026: 30 participaciones, series 101–150",
  importe: 180,
  fechaEmision: "2026-12-06",
  fechaVencimiento: "2026-12-15",
  socio: { id: 5, nombre: "Jordi", apellidos: "Pastor", matricula: 12 },
});

const lista = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 200 });

describe("«Mi lotería» en Mis pagos", () => {
  // Mis pagos also reads its history of settled charges: none here.
  beforeEach(() => {
    rutasApi["GET /api/pagos/mios?historial=1&page=1&pageSize=20"] = () => ({
      status: 200,
      cuerpo: { ...lista([]), totalPendiente: 0 },
    });
  });

  it("el festero liquida su talonario con las series devueltas y paga el cargo con «Pagar ahora»", async () => {
    let liquidado = false;
    rutasApi["GET /api/loterias/mias?page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: lista([
        liquidado
          ? talonario({
              estado: "liquidado",
              liquidadoPor: "titular",
              vendidas: 30,
              devueltas: 20,
              importeJugado: 150,
              donativo: 30,
              total: 180,
              cargo: { id: 70, estado: "pendiente", importe: 180 },
            })
          : talonario(),
      ]),
    });
    rutasApi["GET /api/pagos/mios?pendientes=1&page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: { ...lista(liquidado ? [CARGO] : []), totalPendiente: liquidado ? 180 : 0 },
    });
    rutasApi["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: true, prueba: false, metodos: ["tarjeta", "bizum"] },
    });
    rutasApi["POST /api/loterias/3/talonarios/11/liquidacion"] = () => {
      liquidado = true;
      return { status: 200, cuerpo: talonario({ estado: "liquidado" }) };
    };
    pintar(<MisPagosPage />);

    const tarjeta = await screen.findByRole("listitem", {
      name: "Lotería de Navidad 2026 · 101–150",
    });
    expect(within(tarjeta).getByText("Liquídalo antes del 15/12/2026")).toBeTruthy();
    fireEvent.click(within(tarjeta).getByRole("button", { name: "Liquidar el talonario 101–150" }));

    const dialogo = await screen.findByRole("dialog", { name: "Liquidar el talonario 101–150" });
    fireEvent.click(within(dialogo).getByText("Qué series devuelvo"));
    const series = within(dialogo).getByLabelText("Series devueltas");
    fireEvent.change(series, { target: { value: "131-150" } });
    expect(within(dialogo).getByTestId("previa-liquidacion").textContent).toBe(
      "30 vendidas y 20 devueltas: un cargo de 180,00 €.",
    );
    fireEvent.click(within(dialogo).getByRole("button", { name: "Liquidar" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const envio = llamadas.find(
      (l) => l.metodo === "POST" && l.url.pathname.startsWith("/api/loterias/3/talonarios/11"),
    );
    expect(JSON.parse(String(envio?.init.body))).toEqual({
      devueltas: Array.from({ length: 20 }, (_, i) => 131 + i),
    });

    // The card now says what was settled, and pays exactly that charge.
    const liquidada = await screen.findByRole("listitem", {
      name: "Lotería de Navidad 2026 · 101–150",
    });
    await waitFor(() =>
      expect(within(liquidada).getByTestId("liquidacion").textContent).toBe(
        "30 vendidas · 20 devueltas · 180,00 €",
      ),
    );
    fireEvent.click(await within(liquidada).findByRole("button", { name: "Pagar ahora" }));
    const pago = await screen.findByRole("dialog", { name: "Pagar en línea" });
    expect(within(pago).getAllByRole("checkbox")).toHaveLength(1);
    expect(within(pago).getByTestId("total-pago-online").textContent).toBe("Total: 180,00 €");
  });

  it("una serie que no es del talonario no se envía y lo dice", async () => {
    rutasApi["GET /api/loterias/mias?page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: lista([talonario()]),
    });
    rutasApi["GET /api/pagos/mios?pendientes=1&page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: { ...lista([]), totalPendiente: 0 },
    });
    pintar(<MisPagosPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Liquidar el talonario 101–150" }));
    const dialogo = await screen.findByRole("dialog");
    fireEvent.click(within(dialogo).getByText("Qué series devuelvo"));
    fireEvent.change(within(dialogo).getByLabelText("Series devueltas"), {
      target: { value: "140, 151" },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Liquidar" }));
    expect(
      await within(dialogo).findByText("La serie 151 no es de este talonario (101–150)"),
    ).toBeTruthy();
    expect(llamadas.some((l) => l.metodo === "POST")).toBe(false);
  });

  it("fuera de plazo no deja liquidar y lo dice", async () => {
    rutasApi["GET /api/loterias/mias?page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: lista([talonario({ loteria: { ...LOTERIA, plazoAbierto: false } })]),
    });
    rutasApi["GET /api/pagos/mios?pendientes=1&page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: { ...lista([]), totalPendiente: 0 },
    });
    pintar(<MisPagosPage />);
    const tarjeta = await screen.findByRole("listitem", {
      name: "Lotería de Navidad 2026 · 101–150",
    });
    expect(within(tarjeta).getByText(/El plazo de devolución ha terminado/)).toBeTruthy();
    expect(within(tarjeta).queryByRole("button", { name: /Liquidar/ })).toBeNull();
  });
});

describe("la tarjeta de la lotería en la home", () => {
  it("dice cuántos talonarios quedan por liquidar y hasta cuándo", async () => {
    rutasApi["GET /api/loterias/mias?page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: lista([
        talonario(),
        talonario({ id: 12 }),
        talonario({ id: 13, estado: "liquidado" }),
      ]),
    });
    pintar(<LoteriaHome />);
    const tarjeta = await screen.findByRole("region", { name: "Lotería de Navidad 2026" });
    expect(
      within(tarjeta).getByText("Tienes 2 talonarios por liquidar antes del 15/12/2026."),
    ).toBeTruthy();
    expect(within(tarjeta).getByRole("link", { name: "Liquidar en Mis pagos" })).toBeTruthy();
  });

  it("no sale nada si no hay talonarios por liquidar en una lotería abierta", async () => {
    rutasApi["GET /api/loterias/mias?page=1&pageSize=200"] = () => ({
      status: 200,
      cuerpo: lista([
        talonario({ estado: "liquidado" }),
        talonario({ id: 12, loteria: { ...LOTERIA, plazoAbierto: false } }),
      ]),
    });
    pintar(<LoteriaHome />);
    await waitFor(() => expect(llamadas.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.queryByText(/Lotería de Navidad/)).toBeNull();
  });
});
