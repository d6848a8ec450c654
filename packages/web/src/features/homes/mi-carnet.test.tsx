import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "../../app/app";
import { queryClient } from "../../app/providers";
import { sesionStore } from "../../app/session-store";

const SOCIO = {
  id: 7,
  nombre: "Aitana Boronat",
  email: "socio@filademo.es",
  rol: "socio",
  socioId: 42,
  condicionesAceptadas: "si",
};

const FICHA = {
  id: 42,
  nombre: "Aitana",
  apellidos: "Boronat Seguí",
  matricula: 117,
  edadFestera: 12,
  imagen: null,
  tipo: { id: 1, nombre: "Festero", color: "#1971c2" },
};

let soltarFicha: () => void;
const llamadas: string[] = [];

beforeEach(() => {
  const ficha = new Promise<void>((ok) => {
    soltarFicha = ok;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof entrada === "string" ? entrada : entrada.toString();
      llamadas.push(`${init?.method ?? "GET"} ${url}`);
      const json = (cuerpo: unknown) =>
        new Response(JSON.stringify(cuerpo), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
      if (url === "/api/sesion") return json(SOCIO);
      if (url === "/api/socios/yo") {
        await ficha;
        return json(FICHA);
      }
      if (url === "/api/socios/42/carnet") return json({ codigo: "Y2E6NDI6MA.firma-del-servidor" });
      if (url === "/api/socios/42/carnet/renovacion") return json({ codigo: "Y2E6NDI6MQ.otra" });
      return new Response(null, { status: 404, statusText: "Not Found" });
    }),
  );
});

afterEach(() => {
  soltarFicha();
  sesionStore.cerrar();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("Mi carnet en el inicio del socio", { timeout: 30_000 }, () => {
  it("ocupa su sitio mientras llega la ficha, para que nada de debajo se mueva al llegar", async () => {
    sesionStore.iniciar("t-1", { ...SOCIO, tokenPush: "" } as never);
    await act(async () => {
      await router.navigate("/socio-home");
    });
    render(<App />);

    const carnet = within(
      await screen.findByRole("region", { name: "Mi carnet" }, { timeout: 10_000 }),
    );
    expect(carnet.queryByText("Aitana Boronat Seguí")).toBeNull();

    await act(async () => soltarFicha());
    expect(await carnet.findByText("Aitana Boronat Seguí")).toBeTruthy();
    expect(screen.getAllByRole("region", { name: "Mi carnet" })).toHaveLength(1);
  });

  it("el QR lleva el código firmado del servidor (no la matrícula) y «Renovar el carnet» pide uno nuevo", async () => {
    llamadas.length = 0;
    sesionStore.iniciar("t-1", { ...SOCIO, tokenPush: "" } as never);
    await act(async () => {
      await router.navigate("/socio-home");
    });
    render(<App />);
    await act(async () => soltarFicha());
    const carnet = within(
      await screen.findByRole("region", { name: "Mi carnet" }, { timeout: 10_000 }),
    );
    expect(
      await carnet.findByRole("img", { name: "Código QR del carnet de la matrícula 117" }),
    ).toBeTruthy();
    expect(llamadas).toContain("GET /api/socios/42/carnet");
    fireEvent.click(carnet.getByRole("button", { name: "Renovar el carnet" }));
    await waitFor(() => expect(llamadas).toContain("POST /api/socios/42/carnet/renovacion"));
  });
});
