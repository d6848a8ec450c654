import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./seed-demo.js";
import { ANUNCIOS_DEMO } from "./seed-mercadillo.js";

// The demo filà opens the market and the gallofa with something in them.
let e: Entorno;
const tokens = { administrador: "", usuario: "" };

beforeAll(async () => {
  e = await crearEntorno();
  await cargarDemo(e.db);
  for (const rol of ["administrador", "usuario"] as const) {
    tokens[rol] = await entrar(e.app, CUENTAS_DEMO[rol], PASSWORD_DEMO);
  }
});
afterAll(async () => {
  await e?.cerrar();
});

const get = (url: string, token: string) =>
  e.app.inject({ method: "GET", url, headers: bearer(token) });

describe("demo del mercadillo y la gallofa", () => {
  it("hay anuncios vigentes, dos destacados, y el vendido solo lo ve su dueño", async () => {
    const activos = ANUNCIOS_DEMO.filter((a) => a.activo).length;
    const todos = (await get("/api/anuncios?activo=1", tokens.administrador)).json();
    expect(todos.total).toBe(activos);
    const destacados = (await get("/api/anuncios?destacado=1", tokens.usuario)).json();
    expect(destacados.total).toBe(2);
    const mios = (await get("/api/anuncios?activo=0", tokens.usuario)).json();
    expect(mios.items.map((a: { titulo: string }) => a.titulo)).toEqual(["Alfanje decorativo"]);
    expect(
      (await get("/api/anuncios/etiquetas", tokens.usuario)).json().items.length,
    ).toBeGreaterThan(3);
  });

  it("la gallofa del año pasado da con qué comparar la de este", async () => {
    const anyo = new Date().getFullYear();
    const resumen = (await get(`/api/gallofa/resumen?anyo=${anyo}`, tokens.administrador)).json();
    expect(resumen.actual.aportaciones).toBe(0);
    expect(resumen.anterior).toMatchObject({ dinero: 70, especie: 40, donantes: 3 });
  });
});
