import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./seed-demo.js";

// The demo filà comes with upcoming events (a paid dinner, an internal assembly, the parade)
// and a past one with attendance, so enrolment, catering and points have data.
let e: Entorno;

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

describe("demo de actos", () => {
  it("tiene la cena de pago con aforo, menús, precios e inscritos con sus cargos", async () => {
    const res = await get("/api/actos?cuando=proximos", CUENTAS_DEMO.administrador);
    const nombres = res.json().items.map((a: { nombre: string }) => a.nombre);
    expect(nombres).toEqual(
      expect.arrayContaining(["Cena de hermandad", "Asamblea general ordinaria", "Entrada Mora"]),
    );
    const cena = res.json().items.find((a: { nombre: string }) => a.nombre === "Cena de hermandad");
    expect(cena).toMatchObject({
      sePaga: true,
      aforo: 120,
      menus: ["Carne", "Pescado", "Vegetariano"],
    });
    expect(cena.precios).toHaveLength(6);
    expect(cena.numInscritos).toBeGreaterThan(30);
    const listado = (
      await get(`/api/actos/${cena.id}/inscripciones`, CUENTAS_DEMO.administrador)
    ).json();
    expect(listado.items.every((i: { estadoPago: string }) => i.estadoPago === "pendiente")).toBe(
      true,
    );
  });

  it("el usuario ve su familia en la cena y el ranking de puntos tiene datos", async () => {
    const mios = (await get("/api/actos/mios", CUENTAS_DEMO.usuario)).json();
    const cena = mios.items.find((a: { nombre: string }) => a.nombre === "Cena de hermandad");
    expect(cena.familia.length).toBeGreaterThanOrEqual(3);
    expect(cena.familia.some((f: { inscrito: boolean }) => f.inscrito)).toBe(true);
    expect(cena.familia.some((f: { inscrito: boolean }) => !f.inscrito)).toBe(true);
    const puntos = (await get("/api/actos/puntos/mios", CUENTAS_DEMO.usuario)).json();
    expect(puntos.puntosTotal).toBe(8);
    const ranking = (await get("/api/actos/puntos", CUENTAS_DEMO.administrador)).json();
    expect(ranking.total).toBeGreaterThan(40);
  });
});
