import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "../../app/app";
import { queryClient } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { porcentaje } from "./panel-admin";

type Respuesta = { status: number; cuerpo?: unknown };

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
};

const RESUMEN = {
  socios: {
    activos: 12,
    bajas: 3,
    porTipo: [
      { idTipoSocio: 1, nombre: "Fester", color: "#000000", activos: 9 },
      { idTipoSocio: 2, nombre: "Infantil", color: "#ffcc00", activos: 2 },
      { idTipoSocio: null, nombre: "Sin tipo", color: "", activos: 1 },
    ],
  },
  deuda: { pendiente: 1234.56, devuelto: 30, numCargosPendientes: 7, vencida: 100.5 },
  cobradoAnyo: 5432.1,
  proximosActos: [
    {
      id: 41,
      nombre: "Sopar de germanor",
      fecha: "2027-04-20",
      hora: "21:30",
      aforo: 80,
      numInscritos: 20,
      plazasLibres: 60,
    },
    {
      id: 42,
      nombre: "Entrada",
      fecha: "2027-04-22",
      hora: "",
      aforo: null,
      numInscritos: 5,
      plazasLibres: null,
    },
  ],
  ultimasAlertas: [
    {
      id: 8,
      titulo: "Ensayo general",
      creadaEn: "2026-11-20T18:00:00.000Z",
      destinatarios: 10,
      leidas: 4,
    },
  ],
  remesasPendientes: 2,
};

let rutasApi: Record<string, () => Respuesta>;

beforeEach(() => {
  rutasApi = {
    "GET /api/asociacion/textos": () => ({ status: 200, cuerpo: { nombre: "Filà" } }),
    "GET /api/sesion": () => ({ status: 200, cuerpo: ADMIN }),
    "GET /api/informes/resumen": () => ({ status: 200, cuerpo: RESUMEN }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof entrada === "string" ? entrada : entrada.toString();
      const manejador = rutasApi[`${init.method ?? "GET"} ${url}`];
      if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
      const { status, cuerpo } = manejador();
      return new Response(JSON.stringify(cuerpo ?? null), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  sesionStore.cerrar();
  queryClient.clear();
  vi.unstubAllGlobals();
});

async function abrirInicio() {
  sesionStore.iniciar("t-1", { ...ADMIN, tokenPush: "" } as never);
  await act(async () => {
    await router.navigate("/admin-home");
  });
  render(<App />);
}

const tarjeta = async (titulo: string) =>
  within(await screen.findByRole("region", { name: titulo }));

describe("panel del administrador", { timeout: 30_000 }, () => {
  it("muestra socios por tipo, deuda, cobrado y remesas con formato español", async () => {
    await abrirInicio();
    const socios = await tarjeta("Socios");
    expect(socios.getByTestId("panel-socios-activos").textContent).toBe("12");
    expect(socios.getByText(/3 bajas/)).toBeTruthy();
    expect(socios.getByText("Fester")).toBeTruthy();
    expect(socios.getByText("Sin tipo")).toBeTruthy();
    expect(socios.getByRole("progressbar", { name: "Fester: 9 socios activos" })).toBeTruthy();

    const deuda = await tarjeta("Deuda pendiente");
    expect(deuda.getByTestId("panel-deuda-pendiente").textContent).toMatch(/^1\.234,56\s€$/);
    expect(deuda.getByText("7 cargos pendientes")).toBeTruthy();
    expect(deuda.getByText(/Vencida: 100,50\s€/)).toBeTruthy();
    expect(
      deuda.getByRole("link", { name: "Ver cargos pendientes" }).getAttribute("href"),
    ).toContain("/pagos?estado=pendiente");

    const cobrado = await tarjeta("Cobrado este año");
    expect(cobrado.getByTestId("panel-cobrado-importe").textContent).toMatch(/^5\.432,10\s€$/);

    const remesas = await tarjeta("Remesas por cobrar");
    expect(remesas.getByTestId("panel-remesas-pendientes").textContent).toBe("2");
    expect(remesas.getByRole("link", { name: "Ir a utilidades" }).getAttribute("href")).toContain(
      "/utilidades",
    );
  });

  it("lista los próximos actos con fecha, ocupación y enlace al listado de inscritos", async () => {
    await abrirInicio();
    const actos = await tarjeta("Próximos actos");
    const enlace = actos.getByRole("link", { name: "Sopar de germanor" });
    expect(enlace.getAttribute("href")).toContain("/listado-inscritos?acto=41");
    expect(actos.getByText("20/04/2027 21:30")).toBeTruthy();
    expect(actos.getByText("20/80 inscritos")).toBeTruthy();
    expect(
      actos
        .getByRole("progressbar", { name: "Ocupación de Sopar de germanor" })
        .getAttribute("aria-valuenow"),
    ).toBe("25");
    expect(actos.getByText("5 inscritos (sin límite de plazas)")).toBeTruthy();
  });

  it("muestra las últimas alertas con fecha y leídas", async () => {
    await abrirInicio();
    const alertas = await tarjeta("Últimas alertas enviadas");
    expect(alertas.getByText("Ensayo general")).toBeTruthy();
    expect(alertas.getByText(/20\/11\/2026 · 4\/10 leídas/)).toBeTruthy();
  });

  it("si el resumen falla, lo dice en su sitio y mantiene el resto del inicio", async () => {
    rutasApi["GET /api/informes/resumen"] = () => ({
      status: 403,
      cuerpo: { error: "prohibido", mensaje: "No tienes permiso." },
    });
    await abrirInicio();
    // The app retries a failed query once (after about a second) before showing the error.
    expect(
      await screen.findByText("No se ha podido cargar el resumen", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText("No tienes permiso.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Tus apartados" })).toBeTruthy();
  });
});

describe("porcentaje", () => {
  it("redondea, limita a 100 y da 0 sin total", () => {
    expect(porcentaje(20, 80)).toBe(25);
    expect(porcentaje(5, 2)).toBe(100);
    expect(porcentaje(3, null)).toBe(0);
    expect(porcentaje(3, 0)).toBe(0);
  });
});
