import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./seed-demo.js";

// The demo filà comes with this year's products and fees already emitted, most of them paid.
let e: Entorno;
const anyo = Number(hoyIso().slice(0, 4));

beforeAll(async () => {
  e = await crearEntorno();
  await cargarDemo(e.db);
});
afterAll(async () => {
  await e?.cerrar();
});

const get = async (url: string, email: string) =>
  e.app.inject({
    method: "GET",
    url,
    headers: bearer(await entrar(e.app, email, PASSWORD_DEMO)),
  });

describe("demo de cuotas", () => {
  it("tiene los productos del año con precio por tipo de socio", async () => {
    const res = await get(`/api/productos?anyo=${anyo}`, CUENTAS_DEMO.administrador);
    const nombres = res.json().items.map((p: { nombre: string }) => p.nombre);
    expect(nombres).toEqual(
      expect.arrayContaining([
        `Cuota anual ${anyo}`,
        `Derrama ${anyo}`,
        `Ramell ${anyo}`,
        "Lotería de Navidad",
      ]),
    );
    const cuota = res.json().items.find((p: { tipo: string }) => p.tipo === "cuota");
    expect(cuota.precios.length).toBe(6);
    expect(cuota.numPagos).toBeGreaterThan(300);
  });

  it("usuario@ ve en mispagos sus cargos y los de su familia, pagados y pendientes", async () => {
    const res = await get("/api/pagos/mios?pageSize=200", CUENTAS_DEMO.usuario);
    expect(res.statusCode).toBe(200);
    const mios = res.json();
    const socios = new Set(mios.items.map((p: { idSocio: number }) => p.idSocio));
    expect(socios.size).toBe(4);
    const estados = new Set(mios.items.map((p: { estado: string }) => p.estado));
    expect(estados).toEqual(new Set(["pagado", "pendiente"]));
    expect(mios.totalPendiente).toBeGreaterThan(0);
  });

  it("emitir otra vez no crea nada", async () => {
    const token = await entrar(e.app, CUENTAS_DEMO.administrador, PASSWORD_DEMO);
    const productos = (await get(`/api/productos?anyo=${anyo}`, CUENTAS_DEMO.administrador))
      .json()
      .items.map((p: { id: number }) => p.id);
    const res = await e.app.inject({
      method: "POST",
      url: "/api/pagos/emision",
      headers: bearer(token),
      payload: { anyo, productos, confirmar: false },
    });
    const r = res.json();
    // Nor does the lottery's product: its price is 0, it is charged by its settlements.
    expect(r.nuevos).toBe(0);
    expect(r.yaExistian).toBeGreaterThan(300);
  });

  it("la «Lotería de Navidad» es una lotería con talonarios, uno liquidado con su cargo", async () => {
    const lista = (await get("/api/loterias", CUENTAS_DEMO.administrador)).json();
    expect(lista.total).toBe(1);
    const loteria = lista.items[0];
    expect(loteria).toMatchObject({ nombre: "Lotería de Navidad", precio: 4.8 });
    expect(loteria.contadores).toMatchObject({
      cubiertas: 400,
      emitidas: 350,
      vendidas: 30,
      devueltas: 20,
      importeLiquidado: 144,
    });
    const producto = (
      await get(`/api/productos/${loteria.idProducto}`, CUENTAS_DEMO.administrador)
    ).json();
    expect(producto).toMatchObject({ tipo: "loteria", precio: 0, precios: [] });
    const mias = (await get("/api/loterias/mias", CUENTAS_DEMO.usuario)).json();
    expect(mias.items).toHaveLength(1);
    expect(mias.items[0]).toMatchObject({ estado: "pendiente", participaciones: 50 });
  });
});
