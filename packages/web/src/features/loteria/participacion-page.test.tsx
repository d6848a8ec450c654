import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sesionStore } from "../../app/session-store";
import { pintarEnRuta } from "../../test/listas";
import { ParticipacionPage } from "./participacion-page";

let respuestas: Record<string, { status: number; cuerpo?: unknown }>;
let pedidas: string[];

beforeEach(() => {
  respuestas = {};
  pedidas = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      const ruta = String(entrada);
      pedidas.push(ruta);
      const r = respuestas[ruta] ?? {
        status: 404,
        cuerpo: { error: "no_encontrado", mensaje: "No encontrado" },
      };
      return new Response(JSON.stringify(r.cuerpo ?? null), {
        status: r.status,
        statusText: r.status === 404 ? "Not Found" : "OK",
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
});

const VALIDA = {
  loteria: "Lotería de Navidad 2026",
  sorteo: "Sorteo Extraordinario de Navidad",
  fechaSorteo: "2026-12-22",
  numeros: ["05473", "71230"],
  serie: 31,
  importeJugado: 5,
  donativo: 1,
  precio: 6,
  estado: "valida",
  premio: null,
};

function abrir(codigo: string) {
  sesionStore.cerrar();
  pintarEnRuta(
    <Routes>
      <Route path="/participacion/:codigo" element={<ParticipacionPage />} />
    </Routes>,
    `/participacion/${codigo}`,
  );
  sesionStore.cerrar();
}

describe("la verificación pública de una participación", () => {
  it("muestra la lotería, los números, la serie, los importes y que es válida, con su PDF", async () => {
    respuestas["/api/loterias/participaciones/abc.123"] = { status: 200, cuerpo: VALIDA };
    abrir("abc.123");
    expect(await screen.findByText("Válida")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Lotería de Navidad 2026" })).toBeTruthy();
    expect(screen.getByText("05473, 71230")).toBeTruthy();
    expect(screen.getByText("31")).toBeTruthy();
    expect(screen.getByText("6,00 €")).toBeTruthy();
    expect(screen.getByText(/caducan a los tres meses/)).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Descargar la participación (PDF)" }).getAttribute("href"),
    ).toBe("/api/loterias/participaciones/abc.123/pdf");
  });

  it("una anulada lo dice y no ofrece el PDF", async () => {
    respuestas["/api/loterias/participaciones/anulada"] = {
      status: 200,
      cuerpo: { ...VALIDA, estado: "anulada" },
    };
    abrir("anulada");
    expect(await screen.findByText("Anulada")).toBeTruthy();
    expect(screen.getByText(/está anulada/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /PDF/ })).toBeNull();
  });

  it("una premiada muestra el premio, la retención y lo que se cobra", async () => {
    respuestas["/api/loterias/participaciones/premiada"] = {
      status: 200,
      cuerpo: { ...VALIDA, premio: { bruto: 60000, retencion: 4000, neto: 56000, pagado: true } },
    };
    abrir("premiada");
    expect(await screen.findByText("¡Premiada!")).toBeTruthy();
    expect(
      screen.getByText(
        "Premio 60.000,00 €; retención 4.000,00 €; a cobrar 56.000,00 €. Ya se ha pagado.",
      ),
    ).toBeTruthy();
  });

  it("un código alterado (404) dice que no existe", async () => {
    abrir("alterado");
    expect(await screen.findByText("Participación no encontrada")).toBeTruthy();
    expect(screen.getByText(/no corresponde a ninguna participación/)).toBeTruthy();
    expect(pedidas).toEqual(["/api/loterias/participaciones/alterado"]);
  });
});
