import type { Acto, ActoCancelado } from "@fila/domain";
import { ActoSchema } from "@fila/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { ConfirmarAccion } from "./actos-page";

const acto: Acto = ActoSchema.parse({ id: 12, nombre: "Cena suspendida", fecha: "2026-12-20" });
let respuesta: ActoCancelado;

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(respuesta), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function cancelar() {
  const alCerrar = vi.fn();
  render(
    <Providers client={crearQueryClient()}>
      <ConfirmarAccion accion={{ tipo: "cancelar", acto }} alCerrar={alCerrar} />
    </Providers>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Cancelar el acto" }));
  return alCerrar;
}

describe("cancelar un acto", () => {
  it("con lo ya cobrado, dice a la junta a quién devolverlo y cuánto antes de cerrar", async () => {
    respuesta = {
      ...acto,
      cancelado: true,
      devoluciones: [
        {
          idInscripcion: 1,
          idSocio: 4,
          nombre: "Marta",
          apellidos: "Albors",
          idPago: 30,
          pagado: 10,
          enRemesa: 0,
        },
        {
          idInscripcion: 2,
          idSocio: 5,
          nombre: "Rosa",
          apellidos: "Domènech",
          idPago: 31,
          pagado: 0,
          enRemesa: 35.5,
        },
      ],
    };
    const alCerrar = cancelar();
    expect(await screen.findByText("Acto cancelado: devoluciones")).toBeTruthy();
    const lineas = screen.getAllByRole("listitem").map((l) => l.textContent?.replace(/\s/g, " "));
    expect(lineas).toEqual([
      "Marta Albors: 10,00 € pagados, a devolver",
      "Rosa Domènech: 35,50 € en una remesa aún sin cobrar",
    ]);
    expect(alCerrar).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Entendido" }));
    expect(alCerrar).toHaveBeenCalled();
  });

  it("sin nada cobrado, cierra al cancelar", async () => {
    respuesta = { ...acto, cancelado: true, devoluciones: [] };
    const alCerrar = cancelar();
    await vi.waitFor(() => expect(alCerrar).toHaveBeenCalled());
    expect(screen.queryByText("Acto cancelado: devoluciones")).toBeNull();
  });
});
