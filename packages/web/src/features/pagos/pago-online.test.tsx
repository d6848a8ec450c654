import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { cargoDeJordi } from "../../test/socio-simulado";
import { BotonPagarAhora } from "./pago-online";
import { PagoOnlineResultadoPage } from "./pago-online-resultado-page";
import type { PagoApi } from "./tipos";

type Respuesta = { status: number; cuerpo?: unknown };
let rutasApi: Record<string, (init: RequestInit) => Respuesta>;
let llamadas: { clave: string; init: RequestInit }[];

beforeEach(() => {
  llamadas = [];
  rutasApi = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const clave = `${init.method ?? "GET"} ${String(entrada)}`;
      llamadas.push({ clave, init });
      const manejador = rutasApi[clave];
      if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
      const { status, cuerpo } = manejador(init);
      return new Response(JSON.stringify(cuerpo ?? null), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function cargo(id: number, concepto: string, importe: number, nombre: string): PagoApi {
  return cargoDeJordi({
    id,
    idSocio: id,
    idPagador: 1,
    concepto,
    importe,
    socio: { id, nombre, apellidos: "Pastor", matricula: 0 },
    pagador: { id: 1, nombre: "Jordi", apellidos: "Pastor" },
  });
}

const PENDIENTES = [
  cargo(7, "Cuota 2026", 45.5, "Jordi"),
  cargo(8, "Cuota infantil 2026", 20, "Pau"),
  { ...cargo(9, "Cuota en remesa", 30, "Laura"), idRemesa: 3 },
];

function pintarBoton() {
  return render(
    <Providers client={crearQueryClient()}>
      <BotonPagarAhora pendientes={PENDIENTES} />
    </Providers>,
  );
}

describe("«Pagar ahora»", () => {
  it("no aparece si la junta no ha configurado el TPV del banco", async () => {
    rutasApi["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: false, prueba: false },
    });
    pintarBoton();
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain("GET /api/pagos/pago-online"),
    );
    expect(screen.queryByRole("button", { name: "Pagar ahora" })).toBeNull();
  });

  it("en modo de pruebas avisa junto a «Pagar ahora» de que no se cobra nada", async () => {
    rutasApi["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: true, prueba: true },
    });
    pintarBoton();
    expect(await screen.findByRole("button", { name: "Pagar ahora" })).toBeTruthy();
    const aviso = screen.getByRole("status");
    expect(within(aviso).getByText("Modo de pruebas")).toBeTruthy();
    expect(aviso.textContent).toContain("no se cobra nada y ningún cargo queda pagado");
  });

  it("marca los cargos pagables, suma el total y manda al banco el formulario firmado con Bizum", async () => {
    rutasApi["GET /api/pagos/pago-online"] = () => ({
      status: 200,
      cuerpo: { activo: true, prueba: false },
    });
    rutasApi["POST /api/pagos/pago-online"] = () => ({
      status: 201,
      cuerpo: {
        url: "https://sis-t.redsys.es:25443/sis/realizarPago",
        Ds_SignatureVersion: "HMAC_SHA256_V1",
        Ds_MerchantParameters: "eyJ9",
        Ds_Signature: "firma",
        pedido: "000000000001",
      },
    });
    const enviado = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    pintarBoton();
    fireEvent.click(await screen.findByRole("button", { name: "Pagar ahora" }));
    // Paying for real: no test-mode banner.
    expect(screen.queryByText("Modo de pruebas")).toBeNull();
    const dialogo = await screen.findByRole("dialog", { name: "Pagar en línea" });
    const casillas = within(dialogo).getAllByRole("checkbox") as HTMLInputElement[];
    // The one in a remittance not collected yet is the bank's: not offered.
    expect(casillas).toHaveLength(2);
    expect(casillas.every((c) => c.checked)).toBe(true);
    expect(within(dialogo).getByTestId("total-pago-online").textContent).toBe("Total: 65,50 €");
    fireEvent.click(within(dialogo).getByRole("checkbox", { name: /Cuota 2026 · Jordi/ }));
    expect(within(dialogo).getByTestId("total-pago-online").textContent).toBe("Total: 20,00 €");
    fireEvent.click(within(dialogo).getByText("Bizum"));
    fireEvent.click(within(dialogo).getByRole("button", { name: "Ir a la página del banco" }));
    await waitFor(() => expect(enviado).toHaveBeenCalled());
    const post = llamadas.find((l) => l.clave === "POST /api/pagos/pago-online");
    expect(JSON.parse(String(post?.init.body))).toEqual({ idsPago: [8], metodo: "bizum" });
    const form = enviado.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe("https://sis-t.redsys.es:25443/sis/realizarPago");
    expect(form.method).toBe("post");
    expect((form.elements.namedItem("Ds_Signature") as HTMLInputElement).value).toBe("firma");
  });
});

const PEDIDO = {
  numero: "000000000001",
  fecha: "2026-11-28T10:00:00.000Z",
  metodo: "bizum",
  importe: 20,
  idSocio: 1,
  socio: "Jordi Pastor",
  cargos: [{ id: 8, concepto: "Cuota infantil 2026", importe: 20 }],
  codigoAutorizacion: "",
  respuesta: "",
  motivo: "",
  prueba: false,
};

function pintarResultado() {
  return render(
    <Providers client={crearQueryClient()}>
      <MemoryRouter initialEntries={["/pago-online/000000000001"]}>
        <Routes>
          <Route path="/pago-online/:numero" element={<PagoOnlineResultadoPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe("resultado del pago en línea", () => {
  it("pendiente de confirmar se actualiza solo hasta que el banco confirma, y ofrece el recibo", async () => {
    let veces = 0;
    rutasApi["GET /api/pagos/pago-online/000000000001"] = () => {
      veces += 1;
      return {
        status: 200,
        cuerpo:
          veces === 1
            ? { ...PEDIDO, estado: "pendiente" }
            : { ...PEDIDO, estado: "pagado", codigoAutorizacion: "123456", respuesta: "0000" },
      };
    };
    pintarResultado();
    expect(
      await screen.findByRole("heading", { name: "Pago pendiente de confirmar" }),
    ).toBeTruthy();
    expect(screen.getByText(/Esta página se actualiza sola/)).toBeTruthy();
    expect(
      await screen.findByRole("heading", { name: "Pago hecho" }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByText("Autorización del banco: 123456")).toBeTruthy();
    expect(
      screen.getByRole("button", {
        name: "Descargar recibo de «Cuota infantil 2026» (Jordi Pastor)",
      }),
    ).toBeTruthy();
  }, 15_000);

  it("un pago de prueba dice que no se ha cobrado nada y no ofrece recibos", async () => {
    rutasApi["GET /api/pagos/pago-online/000000000001"] = () => ({
      status: 200,
      cuerpo: { ...PEDIDO, estado: "pagado", respuesta: "0000", prueba: true },
    });
    pintarResultado();
    expect(await screen.findByText(/Era un pago de prueba: no se ha cobrado nada/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Descargar recibo/ })).toBeNull();
  });

  it("denegado muestra el motivo del banco en castellano", async () => {
    rutasApi["GET /api/pagos/pago-online/000000000001"] = () => ({
      status: 200,
      cuerpo: {
        ...PEDIDO,
        estado: "denegado",
        respuesta: "0116",
        motivo: "No hay saldo suficiente.",
      },
    });
    pintarResultado();
    expect(await screen.findByRole("heading", { name: "Pago denegado" })).toBeTruthy();
    expect(screen.getByText("No hay saldo suficiente.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Descargar recibo/ })).toBeNull();
  });
});
