import { repartirEnPlazos } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };
const socios = { veterano: 0, altaEnJunio: 0, altaEnEnero: 0, baja: 0, sinDerrama: 0 };
let pendiente = 0;

function pedir(metodo: "GET" | "POST", url: string, token = tokens.administrador) {
  return e.app.inject({ method: metodo, url, headers: token ? bearer(token) : {} });
}

async function crearSocio(datos: {
  nombre: string;
  fechaAlta: string;
  edadFestera: number;
  activo?: boolean;
  derrama?: { importe: number; anyo: number; anyos: number };
}) {
  const fila = await e.db
    .insertInto("socio")
    .values({
      nombre: datos.nombre,
      apellidos: "Cierre",
      fecha_alta: datos.fechaAlta,
      anyo_alta: Number(datos.fechaAlta.slice(0, 4)),
      edad_festera: datos.edadFestera,
      activo: datos.activo ?? true,
      fecha_baja: datos.activo === false ? "2026-03-01" : null,
      pagar_derrama: datos.derrama ? "si" : "no",
      importe_derrama: datos.derrama?.importe ?? 0,
      anyo_derrama: datos.derrama?.anyo ?? null,
      anyos_pago_derrama: datos.derrama?.anyos ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function crearProducto(nombre: string, tipo: "cuota" | "derrama" | "ramell" | "acto") {
  const fila = await e.db
    .insertInto("producto")
    .values({ nombre, tipo, anyo: 2026, precio: tipo === "derrama" ? 0 : 12345 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

const edad = async (id: number) =>
  (
    await e.db
      .selectFrom("socio")
      .select("edad_festera")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).edad_festera;

const contarPagos = async () =>
  Number(
    (
      await e.db
        .selectFrom("pago")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
  }
  // 1.000,01 € in 3 years: odd cents, the first years carry them (33.334 + 33.334 + 33.333).
  socios.veterano = await crearSocio({
    nombre: "Veterano",
    fechaAlta: "2010-02-01",
    edadFestera: 10,
    derrama: { importe: 100001, anyo: 2026, anyos: 3 },
  });
  // Joined in the middle of the year being closed: one more year as festero; their levy ends.
  socios.altaEnJunio = await crearSocio({
    nombre: "Junio",
    fechaAlta: "2026-06-15",
    edadFestera: 0,
    derrama: { importe: 50000, anyo: 2025, anyos: 2 },
  });
  // Joined in January of the new year, before the close: not a festero of 2026 yet.
  socios.altaEnEnero = await crearSocio({
    nombre: "Enero",
    fechaAlta: "2027-01-10",
    edadFestera: 0,
    derrama: { importe: 77777, anyo: 2027, anyos: 4 },
  });
  socios.baja = await crearSocio({
    nombre: "Baja",
    fechaAlta: "2000-01-01",
    edadFestera: 20,
    activo: false,
    derrama: { importe: 90000, anyo: 2026, anyos: 3 },
  });
  socios.sinDerrama = await crearSocio({ nombre: "Sin", fechaAlta: "2015-01-01", edadFestera: 5 });
  await crearProducto("Cuota 2026", "cuota");
  const derrama = await crearProducto("Derrama 2026", "derrama");
  await crearProducto("Ramell 2026", "ramell");
  await crearProducto("Cena de gala 2026", "acto");
  const fila = await e.db
    .insertInto("pago")
    .values({
      id_socio: socios.veterano,
      id_pagador: socios.veterano,
      id_producto: derrama,
      anyo: 2026,
      concepto: "Derrama 2026 (año 1/3)",
      importe: 33334,
      fecha_emision: "2026-01-01",
      fecha_vencimiento: "2026-01-01",
      plazo: 1,
      plazos: 3,
      clave_emision: `derrama:${derrama}:${socios.veterano}:1`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  pendiente = fila.id;
});

afterAll(async () => {
  await e?.cerrar();
});

describe("cierre de año", () => {
  it("la vista previa cuenta lo que cambiaría sin escribir nada", async () => {
    const pagosAntes = await contarPagos();
    const res = await pedir("POST", "/api/utilidades/cierre/2026/vista-previa");
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.anyo).toBe(2026);
    expect(v.anyoNuevo).toBe(2027);
    // Veterano, Junio and Sin (and the three accounts' members, active since no date).
    expect(v.edadFestera.altasPosteriores).toBe(1);
    const crecen = v.edadFestera.socios.map((s: { idSocio: number; edadFestera: number }) => [
      s.idSocio,
      s.edadFestera,
    ]);
    expect(crecen).toHaveLength(v.edadFestera.numSocios);
    expect(crecen).toContainEqual([socios.veterano, 10]);
    expect(crecen).toContainEqual([socios.altaEnJunio, 0]);
    const ids = crecen.map(([id]: number[]) => id);
    expect(ids).not.toContain(socios.altaEnEnero);
    expect(ids).not.toContain(socios.baja);
    const copiados = v.productos.productos
      .filter((p: { seCopia: boolean }) => p.seCopia)
      .map((p: { nombreDestino: string }) => p.nombreDestino);
    expect(copiados).toEqual(["Cuota 2027", "Derrama 2027", "Ramell 2027"]);
    const cargos = v.derrama.cargos.map((c: { idSocio: number; importe: number }) => [
      c.idSocio,
      c.importe,
    ]);
    expect(cargos).toEqual([
      [socios.veterano, repartirEnPlazos(100001, 3)[1] / 100],
      [socios.altaEnEnero, repartirEnPlazos(77777, 4)[0] / 100],
    ]);
    expect(cargos).toEqual([
      [socios.veterano, 333.34],
      [socios.altaEnEnero, 194.45],
    ]);
    expect(v.derrama.importe).toBe(527.79);
    expect(v.derrama.cargos[0].concepto).toBe("Derrama 2027 (año 2/3)");
    expect(v.pendientes.numCargos).toBe(1);
    expect(v.pendientes.importe).toBe(333.34);
    expect(v.pendientes.socios[0].idSocio).toBe(socios.veterano);
    expect(v.derramaTermina.map((d: { idSocio: number }) => d.idSocio)).toEqual([
      socios.altaEnJunio,
    ]);
    expect(v.avisos).toEqual([]);
    expect(await contarPagos()).toBe(pagosAntes);
    expect(await edad(socios.veterano)).toBe(10);
    const nuevos = await e.db
      .selectFrom("producto")
      .select("id")
      .where("anyo", "=", 2027)
      .execute();
    expect(nuevos).toEqual([]);
  });

  it("cierra el año en una transacción: edad festera, productos y plazos de derrama", async () => {
    const previa = (await pedir("POST", "/api/utilidades/cierre/2026/vista-previa")).json();
    const res = await pedir("POST", "/api/utilidades/cierre/2026");
    expect(res.statusCode).toBe(201);
    const cierre = res.json();
    expect(cierre.anyo).toBe(2026);
    expect(cierre.usuario).toBeTruthy();
    expect(cierre.cifras).toEqual({
      sociosEdadFestera: previa.edadFestera.numSocios,
      productosCopiados: 3,
      cargosDerrama: 2,
      importeDerrama: 527.79,
      cargosPendientes: 1,
      importePendiente: 333.34,
      sociosDerramaTermina: 1,
    });
    expect(await edad(socios.veterano)).toBe(11);
    expect(await edad(socios.altaEnJunio)).toBe(1);
    expect(await edad(socios.altaEnEnero)).toBe(0);
    expect(await edad(socios.baja)).toBe(20);
    expect(await edad(socios.sinDerrama)).toBe(6);

    const productos = await e.db
      .selectFrom("producto")
      .select(["nombre", "tipo"])
      .where("anyo", "=", 2027)
      .orderBy("nombre")
      .execute();
    expect(productos.map((p) => p.nombre)).toEqual(["Cuota 2027", "Derrama 2027", "Ramell 2027"]);

    const derrama = await e.db
      .selectFrom("pago")
      .select(["id_socio", "importe", "concepto", "plazo", "plazos", "estado"])
      .where("anyo", "=", 2027)
      .orderBy("id_socio")
      .execute();
    expect(
      derrama.map((p) => [p.id_socio, Number(p.importe), p.plazo, p.plazos, p.estado]),
    ).toEqual([
      [socios.veterano, 33334, 2, 3, "pendiente"],
      [socios.altaEnEnero, 19445, 1, 4, "pendiente"],
    ]);
    // The three years of the odd-cent levy add up to the cent.
    expect(33334 + 33334 + repartirEnPlazos(100001, 3)[2]).toBe(100001);

    const viejo = await e.db
      .selectFrom("pago")
      .select(["estado", "importe"])
      .where("id", "=", pendiente)
      .executeTakeFirstOrThrow();
    expect(viejo).toEqual({ estado: "pendiente", importe: 33334 });

    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "cambios"])
      .where("entidad", "=", "cierre_anyo")
      .where("id_entidad", "=", 2026)
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0].accion).toBe("cerrar año");

    const historial = (await pedir("GET", "/api/utilidades/cierres")).json();
    expect(historial.total).toBe(1);
    expect(historial.items[0]).toEqual(cierre);
  });

  it("un año se cierra una sola vez: el segundo cierre da 409 y no cambia nada", async () => {
    const pagosAntes = await contarPagos();
    const res = await pedir("POST", "/api/utilidades/cierre/2026");
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("conflicto");
    expect(res.json().mensaje).toMatch(
      /^El año 2026 ya está cerrado: lo cerró .+ el \d\d\/\d\d\/\d{4}/,
    );
    expect(await contarPagos()).toBe(pagosAntes);
    expect(await edad(socios.veterano)).toBe(11);
    const previa = await pedir("POST", "/api/utilidades/cierre/2026/vista-previa");
    expect(previa.statusCode).toBe(409);
  });

  it("el año siguiente se cierra con su propio plazo de derrama", async () => {
    const v = (await pedir("POST", "/api/utilidades/cierre/2027/vista-previa")).json();
    expect(v.derrama.cargos.map((c: { importe: number }) => c.importe)).toEqual([333.33, 194.44]);
    expect(v.derramaTermina).toEqual([]);
    const res = await pedir("POST", "/api/utilidades/cierre/2027");
    expect(res.statusCode).toBe(201);
    expect(res.json().cifras.cargosDerrama).toBe(2);
    expect(await edad(socios.altaEnEnero)).toBe(1);
  });

  it("dos cierres del mismo año a la vez: uno cierra y el otro recibe 409", async () => {
    const antes = await edad(socios.veterano);
    const respuestas = await Promise.all([
      pedir("POST", "/api/utilidades/cierre/2035"),
      pedir("POST", "/api/utilidades/cierre/2035"),
    ]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await edad(socios.veterano)).toBe(antes + 1);
  });

  it("sin producto de derrama avisa y no emite ningún plazo", async () => {
    const v = (await pedir("POST", "/api/utilidades/cierre/2040/vista-previa")).json();
    expect(v.derrama.numCargos).toBe(0);
    expect(v.avisos[0]).toMatch(/No hay ningún producto de derrama/);
  });

  it("rechaza un año fuera de rango con 400", async () => {
    const res = await pedir("POST", "/api/utilidades/cierre/1999/vista-previa");
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles[0].campo).toBe("anyo");
  });

  it("solo el administrador: 401 sin sesión y 403 a usuario y socio, sin cerrar nada", async () => {
    for (const [metodo, url] of [
      ["GET", "/api/utilidades/cierres"],
      ["POST", "/api/utilidades/cierre/2030/vista-previa"],
      ["POST", "/api/utilidades/cierre/2030"],
    ] as const) {
      expect((await pedir(metodo, url, "")).statusCode).toBe(401);
      expect((await pedir(metodo, url, tokens.usuario)).statusCode).toBe(403);
      expect((await pedir(metodo, url, tokens.socio)).statusCode).toBe(403);
    }
    const cerrado = await e.db
      .selectFrom("cierre_anyo")
      .select("id")
      .where("anyo", "=", 2030)
      .executeTakeFirst();
    expect(cerrado).toBeUndefined();
  });
});
