import type { Loteria, Talonario } from "@fila/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { simularApi } from "../../test/api-simulada";
import { pintarEnRuta } from "../../test/listas";
import { ProductosPage } from "../productos/productos-page";

const { rutas: rutasApi, llamadas } = simularApi();

const LOTERIA: Loteria = {
  id: 3,
  nombre: "Lotería de Navidad 2026",
  sorteo: "Sorteo Extraordinario de Navidad",
  fechaSorteo: "2026-12-22",
  fechaLimiteDevolucion: "2026-12-15",
  precioDecimo: 20,
  importeJugado: 5,
  donativo: 1,
  precio: 6,
  autorizacionRecargo: "",
  idProducto: 9,
  numeros: [{ numero: "05473", decimos: 40, cubiertas: 160, premioDecimo: null }],
  premiosAnotados: false,
  plazoAbierto: true,
  liquidacionAutomatica: null,
  contadores: {
    decimos: 40,
    cubiertas: 160,
    emitidas: 100,
    asignadas: 100,
    vendidas: 30,
    devueltas: 20,
    anuladas: 5,
    digitales: 1,
    disponibles: 80,
    importeLiquidado: 180,
    importeJugadoLiquidado: 150,
    donativos: 30,
    importePendiente: 270,
    importeCobrado: 0,
    premiosTotal: 0,
    premiosPagados: 0,
  },
};

const TALONARIO: Talonario = {
  id: 11,
  idLoteria: 3,
  serieDesde: 1,
  serieHasta: 50,
  participaciones: 50,
  socio: { id: 5, nombre: "Jordi", apellidos: "Pastor Gisbert" },
  estado: "liquidado",
  liquidadoPor: "titular",
  liquidadoEn: "2026-12-06T10:00:00Z",
  vendidas: 30,
  devueltas: 20,
  anuladas: 0,
  digitales: 0,
  importeJugado: 150,
  donativo: 30,
  total: 180,
  cargo: { id: 70, estado: "pendiente", importe: 180 },
};

/** The same lottery after its draw, before and after its prizes are entered. */
const SORTEADA: Loteria = {
  ...LOTERIA,
  fechaSorteo: "2020-12-22",
  fechaLimiteDevolucion: "2020-12-15",
};
const PREMIADA: Loteria = {
  ...SORTEADA,
  numeros: [{ numero: "05473", decimos: 40, cubiertas: 160, premioDecimo: 125 }],
  premiosAnotados: true,
};

const lista = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

function servirLoteria() {
  rutasApi["GET /api/loterias"] = () => ({ status: 200, cuerpo: lista([LOTERIA]) });
  rutasApi["GET /api/loterias/3/talonarios"] = () => ({
    status: 200,
    cuerpo: lista([
      TALONARIO,
      {
        ...TALONARIO,
        id: 12,
        serieDesde: 51,
        serieHasta: 100,
        socio: null,
        estado: "pendiente",
        liquidadoPor: null,
        vendidas: 0,
        devueltas: 0,
        anuladas: 5,
        total: 0,
        cargo: null,
      },
    ]),
  });
}

describe("Cuotas con pestañas", () => {
  it("abre la lista de productos por defecto y la lotería con ?vista=loteria, y la pestaña cambia la URL", async () => {
    rutasApi["GET /api/productos"] = () => ({ status: 200, cuerpo: lista([]) });
    servirLoteria();
    const { consulta } = pintarEnRuta(<ProductosPage />, "/productos");
    expect(screen.getByRole("tab", { name: "Productos" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(await screen.findByRole("button", { name: "Nuevo producto" })).toBeTruthy();
    // The lottery's code and its request wait for its tab.
    expect(llamadas.some((l) => l.url.pathname.startsWith("/api/loterias"))).toBe(false);

    fireEvent.click(screen.getByRole("tab", { name: "Lotería" }));
    expect(consulta()).toBe("?vista=loteria");
    expect(await screen.findByRole("heading", { name: "Lotería de Navidad 2026" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Nuevo producto" })).toBeNull();
  });
});

describe("la pestaña Lotería", () => {
  it("exporta la lista de loterías con sus contadores en un fichero", async () => {
    servirLoteria();
    rutasApi["GET /api/loterias/export"] = () => ({ status: 200, cuerpo: "Nombre\r\n" });
    pintarEnRuta(<ProductosPage />, "/productos?vista=loteria");
    fireEvent.click(await screen.findByRole("button", { name: "Exportar las loterías (CSV)" }));
    await waitFor(() =>
      expect(
        llamadas.some(
          (l) => l.url.pathname === "/api/loterias/export" && l.url.search === "?formato=csv",
        ),
      ).toBe(true),
    );
    expect(screen.getByRole("button", { name: "Exportar las loterías (Excel)" })).toBeTruthy();
  });

  it("muestra la lotería, sus contadores y los talonarios con titular, estado y liquidación", async () => {
    servirLoteria();
    pintarEnRuta(<ProductosPage />, "/productos?vista=loteria");
    expect(
      await screen.findByText(/Participación: 6,00 € \(5,00 € jugados \+ 1,00 €/),
    ).toBeTruthy();
    const contadores = screen.getByTestId("contadores-loteria");
    for (const [etiqueta, valor] of [
      ["Cubiertas", "160"],
      ["Emitidas", "100"],
      ["Vendidas", "30"],
      ["Devueltas", "20"],
      ["Sin liquidar", "45"],
      ["Anuladas", "5"],
      ["Por emitir", "80"],
    ]) {
      expect(
        within(contadores).getByText(etiqueta).closest("div")?.parentElement?.textContent,
      ).toBe(`${etiqueta}${valor}`);
    }
    const fila = async (texto: string) => (await screen.findByText(texto)).closest("tr");
    const jordi = await fila("Jordi Pastor Gisbert");
    expect(jordi?.textContent).toContain("1–50");
    expect(jordi?.textContent).toContain("30 vendidas · 20 devueltas");
    expect(jordi?.textContent).toContain("180,00 €");
    const junta = await fila("51–100");
    expect(junta?.textContent).toContain("La junta");
    expect(junta?.textContent).toContain("Sin liquidar");
  });

  it("anula un tramo de un talonario con su motivo", async () => {
    servirLoteria();
    rutasApi["POST /api/loterias/3/talonarios/12/anulacion"] = () => ({
      status: 200,
      cuerpo: TALONARIO,
    });
    pintarEnRuta(<ProductosPage />, "/productos?vista=loteria");
    fireEvent.click(await screen.findByRole("button", { name: "Acciones del talonario 51–100" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Anular series" }));
    const dialogo = await screen.findByRole("dialog", {
      name: "Anular series del talonario 51–100",
    });
    fireEvent.change(within(dialogo).getByLabelText("Desde la serie"), { target: { value: "76" } });
    fireEvent.change(within(dialogo).getByLabelText(/^Motivo/), {
      target: { value: "Talonario perdido" },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Anular" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const envio = llamadas.find((l) => l.metodo === "POST");
    expect(JSON.parse(String(envio?.init.body))).toEqual({
      desde: 76,
      hasta: 100,
      motivo: "Talonario perdido",
    });
  });

  it("una lotería nueva con un donativo de más del 20 % pide la autorización y muestra el 400 de la API", async () => {
    rutasApi["GET /api/loterias"] = () => ({ status: 200, cuerpo: lista([]) });
    rutasApi["POST /api/loterias"] = () => ({
      status: 400,
      cuerpo: {
        error: "validacion",
        mensaje: "Datos no válidos",
        detalles: [{ campo: "numeros", mensaje: "El número tiene cinco cifras (p. ej. 05473)" }],
      },
    });
    pintarEnRuta(<ProductosPage />, "/productos?vista=loteria");
    expect(await screen.findByText(/Todavía no hay ninguna lotería/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Nueva lotería" }));
    const dialogo = await screen.findByRole("dialog", { name: "Nueva lotería" });
    fireEvent.change(within(dialogo).getByLabelText("Número 1"), { target: { value: "547" } });
    fireEvent.change(within(dialogo).getByLabelText("Décimos del número 1"), {
      target: { value: "40" },
    });
    fireEvent.change(within(dialogo).getByLabelText(/^Importe jugado/), {
      target: { value: "5" },
    });
    expect(within(dialogo).queryByLabelText(/^Autorización del recargo/)).toBeNull();
    fireEvent.change(within(dialogo).getByLabelText("Donativo por participación"), {
      target: { value: "2" },
    });
    expect(within(dialogo).getByTestId("precio-participacion").textContent).toBe(
      "Cada participación cuesta 7,00 €.",
    );
    fireEvent.change(within(dialogo).getByLabelText(/^Autorización del recargo/), {
      target: { value: "Acuerdo de la asamblea" },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Guardar" }));

    expect(
      await within(dialogo).findByText("El número tiene cinco cifras (p. ej. 05473)"),
    ).toBeTruthy();
    const envio = llamadas.find((l) => l.metodo === "POST");
    expect(JSON.parse(String(envio?.init.body))).toMatchObject({
      numeros: [{ numero: "547", decimos: 40 }],
      importeJugado: 5,
      donativo: 2,
      autorizacionRecargo: "Acuerdo de la asamblea",
    });
  });

  it("tras el sorteo anota el premio por décimo de cada número", async () => {
    servirLoteria();
    rutasApi["GET /api/loterias"] = () => ({ status: 200, cuerpo: lista([SORTEADA]) });
    rutasApi["PUT /api/loterias/3/premios"] = () => ({ status: 200, cuerpo: PREMIADA });
    pintarEnRuta(<ProductosPage />, "/productos?vista=loteria");
    fireEvent.click(await screen.findByRole("button", { name: "Anotar premios" }));
    const dialogo = await screen.findByRole("dialog", { name: "Premios del sorteo" });
    fireEvent.change(within(dialogo).getByLabelText("Número 05473 (40 décimos)"), {
      target: { value: "125" },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const envio = llamadas.find((l) => l.metodo === "PUT");
    expect(JSON.parse(String(envio?.init.body))).toEqual({
      premios: [{ numero: "05473", premioDecimo: 125 }],
    });
  });

  it("paga un premio desde la lista de pagos, una sola vez", async () => {
    servirLoteria();
    rutasApi["GET /api/loterias"] = () => ({ status: 200, cuerpo: lista([PREMIADA]) });
    const participacion = {
      id: 40,
      serie: 7,
      idTalonario: 11,
      estado: "valida",
      digital: true,
      comprador: { nombre: "Maria Ferri", email: "", telefono: "" },
      motivoAnulacion: "",
      codigo: "cDE6Mzo3.firma",
      premio: { bruto: 31.25, retencion: 0, neto: 31.25, pagado: false },
      premioPagadoEn: null,
    };
    let pagada = false;
    rutasApi["GET /api/loterias/3/participaciones"] = () => ({
      status: 200,
      cuerpo: lista([
        pagada
          ? {
              ...participacion,
              premio: { ...participacion.premio, pagado: true },
              premioPagadoEn: "2020-12-23T10:00:00Z",
            }
          : participacion,
      ]),
    });
    rutasApi["POST /api/loterias/participaciones/cDE6Mzo3.firma/pago"] = () => {
      pagada = true;
      return {
        status: 200,
        cuerpo: {
          serie: 7,
          bruto: 31.25,
          retencion: 0,
          neto: 31.25,
          pagadoEn: "2020-12-23T10:00:00Z",
        },
      };
    };
    pintarEnRuta(<ProductosPage />, "/productos?vista=loteria");
    // The payout list: the winning participations with gross, withholding and net.
    const seccion = await screen.findByRole("region", { name: "Pago de premios" });
    const fila = (await within(seccion).findByText("Maria Ferri")).closest("tr");
    expect(fila?.textContent).toContain("31,25 €");
    fireEvent.click(
      within(seccion).getByRole("button", { name: "Pagar el premio de la participación 7" }),
    );
    const confirmar = await screen.findByRole("dialog", {
      name: "Pagar el premio de la participación 7",
    });
    expect(confirmar.textContent).toContain(
      "Premio 31,25 €, retención 0,00 €: se entregan 31,25 €.",
    );
    fireEvent.click(within(confirmar).getByRole("button", { name: "Pagar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      llamadas.filter((l) => l.metodo === "POST" && l.url.pathname.endsWith("/pago")),
    ).toHaveLength(1);
    expect(await within(seccion).findByText("Pagado")).toBeTruthy();
    expect(
      within(seccion).queryByRole("button", { name: "Pagar el premio de la participación 7" }),
    ).toBeNull();
  });
});
