import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { ReactivacionModal, textoDevolucion } from "./reactivacion-modal";
import type { PagoApi } from "./tipos";

function devuelto(motivoDevolucion: string): PagoApi {
  return {
    id: 7,
    idSocio: 1,
    idPagador: 1,
    idProducto: null,
    concepto: "Cuota 2026",
    importe: 1234.5,
    fechaEmision: "2026-01-01",
    fechaVencimiento: "2026-03-31",
    estado: "devuelto",
    fechaPago: null,
    idFormaPago: null,
    referencia: "",
    idRemesa: 3,
    plazo: 1,
    plazos: 1,
    anyo: 2026,
    idPagoOrigen: null,
    motivoAnulacion: "",
    motivoDevolucion,
    fechaDevolucion: "2026-04-05",
    socio: { id: 1, nombre: "Jordi", apellidos: "Peñarroja" },
    pagador: { id: 1, nombre: "Jordi", apellidos: "Peñarroja" },
    producto: null,
    formaPago: null,
  } as PagoApi;
}

function pintar(pago: PagoApi) {
  return render(
    <Providers client={crearQueryClient()}>
      <ReactivacionModal pago={pago} alCerrar={() => {}} />
    </Providers>,
  );
}

describe("volver a poner al cobro un cargo devuelto", () => {
  it("describe el motivo y la fecha de la devolución en castellano", () => {
    expect(textoDevolucion(devuelto("AM04"))).toBe("AM04 · Fondos insuficientes (05/04/2026)");
    expect(textoDevolucion({ motivoDevolucion: "", fechaDevolucion: null })).toBe("");
  });

  it("con fondos insuficientes muestra el motivo y no avisa", async () => {
    pintar(devuelto("AM04"));
    expect(
      await screen.findByText(/Motivo de la devolución: AM04 · Fondos insuficientes/),
    ).toBeTruthy();
    expect(screen.getByText(/1\.234,50 €/)).toBeTruthy();
    expect(screen.queryByText("No conviene volver a presentarlo")).toBeNull();
    expect(screen.getByRole("button", { name: "Volver a poner al cobro" })).toBeTruthy();
  });

  it.each(["MD06", "AC04", "MD01", "AC01"])(
    "con %s avisa de hablar antes con el socio",
    async (codigo) => {
      pintar(devuelto(codigo));
      expect(await screen.findByText("No conviene volver a presentarlo")).toBeTruthy();
      expect(screen.getByText(/Habla antes con el socio/)).toBeTruthy();
    },
  );
});
