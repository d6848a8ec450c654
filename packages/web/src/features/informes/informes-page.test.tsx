import type { Informe, InformeCatalogo } from "@fila/domain";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "../../app/app";
import { queryClient } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { textoCelda } from "./tabla-informe";

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
};

const CATALOGO: InformeCatalogo[] = [
  {
    id: "socios",
    grupo: "Socios",
    titulo: "Listado de socios",
    descripcion: "Los socios con los filtros de la lista.",
    filtros: [],
    conGrafico: false,
  },
  {
    id: "deudas",
    grupo: "Económicos",
    titulo: "Deudas pendientes",
    descripcion: "Lo que se debe por socio o por pagador.",
    filtros: [{ clave: "tipo", etiqueta: "Tipo de socio", tipo: "tipoSocio" }],
    conGrafico: true,
  },
  {
    id: "puntos",
    grupo: "Actos",
    titulo: "Ranking de puntos",
    descripcion: "Los puntos por asistencia.",
    filtros: [{ clave: "anyo", etiqueta: "Año", tipo: "anyo", porDefecto: "2026", todos: true }],
    conGrafico: false,
  },
];

const DEUDAS: Informe = {
  id: "deudas",
  titulo: "Deudas pendientes",
  filtros: [],
  columnas: [
    { clave: "socio", titulo: "Socio", tipo: "texto" },
    { clave: "cargos", titulo: "Cargos", tipo: "entero" },
    { clave: "total", titulo: "Total", tipo: "euros" },
  ],
  filas: [
    { socio: "Pastor, Jordi", cargos: 2, total: 1234.5 },
    { socio: "Soler, Marta", cargos: 1, total: 0.01 },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
  totales: { cargos: 3, total: 1234.51 },
  grafico: null,
};

let pedidas: string[];

beforeEach(() => {
  pedidas = [];
  const rutas: Record<string, unknown> = {
    "/api/asociacion/textos": { nombre: "Filà" },
    "/api/sesion": ADMIN,
    "/api/informes": CATALOGO,
    "/api/tipossocio": [{ id: 3, nombre: "Fester", descripcion: "", color: "#000", activo: true }],
    "/api/informes/deudas": DEUDAS,
    "/api/informes/puntos": { ...DEUDAS, id: "puntos", titulo: "Ranking de puntos" },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL) => {
      const url = typeof entrada === "string" ? entrada : entrada.toString();
      pedidas.push(url);
      const cuerpo = rutas[url.split("?")[0]];
      if (cuerpo === undefined) return new Response(null, { status: 404 });
      return new Response(JSON.stringify(cuerpo), {
        status: 200,
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

async function abrir(ruta: string) {
  sesionStore.iniciar("t-1", { ...ADMIN, tokenPush: "" } as never);
  await act(async () => {
    await router.navigate(ruta);
  });
  render(<App />);
}

describe("página de informes", { timeout: 30_000 }, () => {
  it("agrupa los informes en Socios, Económicos y Actos con su descripción", async () => {
    await abrir("/informes");
    const economicos = within(
      await screen.findByRole("region", { name: "Económicos" }, { timeout: 10_000 }),
    );
    const enlace = economicos.getByRole("link", { name: "Abrir el informe Deudas pendientes" });
    expect(enlace.getAttribute("href")).toContain("/informes?id=deudas");
    expect(economicos.getByText("Lo que se debe por socio o por pagador.")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Socios" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Actos" })).toBeTruthy();
  });

  it("muestra el informe con sus botones de descarga y filtra por tipo de socio en la URL y la API", async () => {
    await abrir("/informes?id=deudas");
    // jsdom draws mantine-datatable's rows without cells (its media queries never match): the
    // cells and totals are checked by textoCelda below and in the browser by e2e/informes.spec.ts.
    expect(
      await screen.findByRole("table", { name: /Deudas pendientes/ }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText("2 filas")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Excel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "PDF" })).toBeTruthy();

    fireEvent.click(screen.getByRole("combobox", { name: "Tipo de socio" }));
    fireEvent.click(
      await screen.findByRole("option", { name: "Fester", hidden: true }, { timeout: 10_000 }),
    );
    await vi.waitFor(() => expect(pedidas).toContain("/api/informes/deudas?tipo=3"));
    expect(router.state.location.search).toBe("?id=deudas&tipo=3");
  });

  it("muestra el año que aplica el informe si no se elige y deja pedir todos los años", async () => {
    await abrir("/informes?id=puntos");
    const anyo = (await screen.findByRole(
      "textbox",
      { name: "Año" },
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(anyo.value).toBe("2026");
    // Without a year in the URL: the report applies its own (the one shown).
    await vi.waitFor(() =>
      expect(pedidas.some((u) => u.startsWith("/api/informes/puntos?"))).toBe(true),
    );
    expect(pedidas.filter((u) => u.includes("anyo="))).toEqual([]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Todos los años" }));
    await vi.waitFor(() => expect(pedidas).toContain("/api/informes/puntos?anyo=todos"));
    expect(router.state.location.search).toBe("?id=puntos&anyo=todos");
    expect(anyo.value).toBe("");
    expect(anyo.disabled).toBe(true);
  });
});

describe("textoCelda", () => {
  it("da euros, fechas y porcentajes en español", () => {
    expect(textoCelda(1234.5, "euros")).toMatch(/^1\.234,50\s€$/);
    expect(textoCelda("2026-02-01", "fecha")).toBe("01/02/2026");
    expect(textoCelda(12.5, "porcentaje")).toBe("12,5 %");
    expect(textoCelda(null, "euros")).toBe("");
  });
});
