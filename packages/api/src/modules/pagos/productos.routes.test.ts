import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };
let tipoA = 0;
let tipoB = 0;

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
  }
  const tipos = await e.db
    .insertInto("tipo_socio")
    .values([{ nombre: "Fester" }, { nombre: "Infantil" }])
    .returning("id")
    .execute();
  tipoA = tipos[0]?.id ?? 0;
  tipoB = tipos[1]?.id ?? 0;
});
afterAll(async () => {
  await e?.cerrar();
});

type Metodo = "GET" | "POST" | "PUT" | "DELETE";
const pedir = (method: Metodo, url: string, payload?: unknown, token = tokens.administrador) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let n = 0;
async function crearProducto(datos: Record<string, unknown> = {}) {
  n += 1;
  const res = await pedir("POST", "/api/productos", {
    nombre: `Cuota anual ${n}`,
    anyo: 2030,
    tipo: "cuota",
    precio: 120,
    ...datos,
  });
  if (res.statusCode !== 201) throw new Error(`crear producto ${res.statusCode}: ${res.body}`);
  return res.json();
}

const contarProductos = async () =>
  Number(
    (
      await e.db
        .selectFrom("producto")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("/api/productos — permisos", () => {
  it("solo el administrador: usuario y socio 403, sin sesión 401", async () => {
    const p = await crearProducto();
    const llamadas: [Metodo, string, unknown?][] = [
      ["GET", "/api/productos"],
      ["GET", `/api/productos/${p.id}`],
      ["POST", "/api/productos", { nombre: "X", anyo: 2030, tipo: "otro" }],
      ["PUT", `/api/productos/${p.id}`, { nombre: "X", anyo: 2030, tipo: "otro" }],
      ["DELETE", `/api/productos/${p.id}`],
      ["POST", "/api/productos/copia", { desde: 2030, hasta: 2031 }],
      ["GET", "/api/productos/copia?desde=2030&hasta=2031"],
    ];
    for (const [metodo, url, cuerpo] of llamadas) {
      expect((await pedir(metodo, url, cuerpo, tokens.usuario)).statusCode, url).toBe(403);
      expect((await pedir(metodo, url, cuerpo, tokens.socio)).statusCode, url).toBe(403);
      expect((await pedir(metodo, url, cuerpo, "")).statusCode, url).toBe(401);
    }
    expect((await pedir("GET", `/api/productos/${p.id}`)).statusCode).toBe(200);
  });
});

describe("/api/productos — alta, lectura, cambios y borrado", () => {
  it("crea con precio general y por tipo (euros en la API, céntimos en la BD)", async () => {
    const p = await crearProducto({
      nombre: "Cuota con tipos",
      descripcion: "Cuota del año",
      precio: 150.5,
      precios: [
        { idTipoSocio: tipoA, precio: 200 },
        { idTipoSocio: tipoB, precio: 40.25 },
      ],
    });
    expect(p).toMatchObject({
      nombre: "Cuota con tipos",
      anyo: 2030,
      tipo: "cuota",
      precio: 150.5,
      activo: true,
      numPagos: 0,
    });
    expect(p.precios).toEqual([
      { idTipoSocio: tipoA, precio: 200 },
      { idTipoSocio: tipoB, precio: 40.25 },
    ]);
    const fila = await e.db
      .selectFrom("producto")
      .select("precio")
      .where("id", "=", p.id)
      .executeTakeFirstOrThrow();
    expect(Number(fila.precio)).toBe(15050);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .selectAll()
      .where("entidad", "=", "producto")
      .where("id_entidad", "=", p.id)
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["crear"]);
    const leido = await pedir("GET", `/api/productos/${p.id}`);
    expect(leido.json()).toEqual(p);
  });

  it("rechaza un tipo de socio inexistente, importes no válidos y tipos raros sin guardar nada", async () => {
    const antes = await contarProductos();
    const malos = [
      { precios: [{ idTipoSocio: 999999, precio: 1 }] },
      { precio: -1 },
      { precio: 10.005 },
      { tipo: "regalo" },
      { nombre: "" },
      { anyo: 1800 },
    ];
    for (const malo of malos) {
      const res = await pedir("POST", "/api/productos", {
        nombre: "Malo",
        anyo: 2030,
        tipo: "cuota",
        precio: 1,
        ...malo,
      });
      expect(res.statusCode, JSON.stringify(malo)).toBe(400);
      expect(res.json().mensaje).toMatch(/[a-z]/);
    }
    const tipo = await pedir("POST", "/api/productos", {
      nombre: "Malo",
      anyo: 2030,
      tipo: "cuota",
      precios: [{ idTipoSocio: 999999, precio: 1 }],
    });
    expect(tipo.json().detalles).toEqual([
      { campo: "precios.0.idTipoSocio", mensaje: "El tipo de socio elegido no existe." },
    ]);
    expect(await contarProductos()).toBe(antes);
  });

  it("el nombre es único en cada año (409), pero se repite en otro año", async () => {
    await crearProducto({ nombre: "Lotería de Navidad", anyo: 2030, tipo: "loteria" });
    const otra = await pedir("POST", "/api/productos", {
      nombre: "lotería de navidad",
      anyo: 2030,
      tipo: "loteria",
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toContain("Ya hay un producto");
    expect(
      (
        await pedir("POST", "/api/productos", {
          nombre: "Lotería de Navidad",
          anyo: 2031,
          tipo: "loteria",
        })
      ).statusCode,
    ).toBe(201);
  });

  it("PUT sustituye campos y precios; 404 si no existe", async () => {
    const p = await crearProducto({ precios: [{ idTipoSocio: tipoA, precio: 10 }] });
    const res = await pedir("PUT", `/api/productos/${p.id}`, {
      nombre: "Renombrada",
      anyo: 2030,
      tipo: "cuota",
      precio: 99.99,
      precios: [{ idTipoSocio: tipoB, precio: 5 }],
      activo: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: "Renombrada",
      precio: 99.99,
      precios: [{ idTipoSocio: tipoB, precio: 5 }],
      activo: false,
    });
    expect(
      (await pedir("PUT", "/api/productos/999999", { nombre: "X", anyo: 2030, tipo: "otro" }))
        .statusCode,
    ).toBe(404);
  });

  it("borra sin cargos; con cargos 409 y sigue ahí", async () => {
    const libre = await crearProducto();
    expect((await pedir("DELETE", `/api/productos/${libre.id}`)).statusCode).toBe(204);
    expect((await pedir("GET", `/api/productos/${libre.id}`)).statusCode).toBe(404);

    const usado = await crearProducto();
    const socio = await e.db
      .insertInto("socio")
      .values({ nombre: "Con", apellidos: "Cargo" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("pago")
      .values({
        id_socio: socio.id,
        id_pagador: socio.id,
        id_producto: usado.id,
        anyo: 2030,
        concepto: "Cuota",
        importe: 1000,
        fecha_emision: "2030-01-01",
        fecha_vencimiento: "2030-01-01",
      })
      .execute();
    const res = await pedir("DELETE", `/api/productos/${usado.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe("No se puede borrar: tiene 1 cargo. Puedes desactivarlo.");
    expect((await pedir("GET", `/api/productos/${usado.id}`)).json().numPagos).toBe(1);
  });

  it("el producto de un acto o de una lotería no se borra aquí: 409 con el motivo, no un 500", async () => {
    const delActo = await crearProducto({ tipo: "otro" });
    const acto = await pedir("POST", "/api/actos", {
      nombre: "Cena con precio",
      fecha: "2030-05-01",
      aforo: 10,
    });
    await e.db
      .insertInto("acto_precio")
      .values({ id_acto: acto.json().id, id_tipo_socio: tipoA, id_producto: delActo.id, precio: 0 })
      .execute();
    const res = await pedir("DELETE", `/api/productos/${delActo.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(
      "No se puede borrar: es el precio de un acto. Quítalo del acto o desactívalo.",
    );

    const loteria = await pedir("POST", "/api/loterias", {
      nombre: "Lotería de prueba",
      fechaSorteo: "2030-12-22",
      fechaLimiteDevolucion: "2030-12-15",
      numeros: [{ numero: "05473", decimos: 10 }],
      importeJugado: 4,
    });
    const idProducto = (
      await e.db
        .selectFrom("loteria")
        .select("id_producto")
        .where("id", "=", loteria.json().id)
        .executeTakeFirstOrThrow()
    ).id_producto;
    const deLoteria = await pedir("DELETE", `/api/productos/${idProducto}`);
    expect(deLoteria.statusCode).toBe(409);
    expect(deLoteria.json().error).toBe("conflicto");
    expect((await pedir("GET", `/api/productos/${idProducto}`)).statusCode).toBe(200);
  });
});

describe("el producto de una lotería (issue 46)", () => {
  it("sigue a 0 €, sin precios por tipo, de tipo lotería y de su año; la emisión no lo cobra", async () => {
    const loteria = await pedir("POST", "/api/loterias", {
      nombre: "Lotería que no se emite",
      fechaSorteo: "2030-12-22",
      fechaLimiteDevolucion: "2030-12-15",
      numeros: [{ numero: "05473", decimos: 10 }],
      importeJugado: 4,
    });
    expect(loteria.statusCode, loteria.body).toBe(201);
    const idProducto = loteria.json().idProducto as number;
    const base = {
      nombre: "Lotería que no se emite",
      descripcion: "Participaciones",
      anyo: 2030,
      tipo: "loteria",
      precio: 0,
      precios: [],
      activo: true,
    };
    const mensaje =
      "Es el producto de una lotería: sigue siendo de tipo lotería, del año de su sorteo, a 0 € y sin precios por tipo. Se cobra con la liquidación de sus talonarios.";
    for (const cambio of [
      { precio: 20 },
      { precios: [{ idTipoSocio: tipoA, precio: 20 }] },
      { tipo: "otro" },
      { anyo: 2031 },
    ]) {
      const res = await pedir("PUT", `/api/productos/${idProducto}`, { ...base, ...cambio });
      expect(res.statusCode, JSON.stringify(cambio)).toBe(409);
      expect(res.json().mensaje).toBe(mensaje);
    }
    const producto = (await pedir("GET", `/api/productos/${idProducto}`)).json();
    expect(producto).toMatchObject({ tipo: "loteria", precio: 0, precios: [], anyo: 2030 });
    // Its description and whether it is active may change.
    const texto = await pedir("PUT", `/api/productos/${idProducto}`, base);
    expect(texto.statusCode, texto.body).toBe(200);
    expect(texto.json().descripcion).toBe("Participaciones");

    const emision = await pedir("POST", "/api/pagos/emision", {
      anyo: 2030,
      productos: [idProducto],
    });
    expect(emision.statusCode).toBe(400);
    expect(emision.json().detalles).toEqual([
      {
        campo: "productos",
        mensaje:
          "El producto «Lotería que no se emite» es de una lotería: se cobra con la liquidación de sus talonarios, no en la emisión.",
      },
    ]);
    // Ticking every product of the year (as the emission dialog allows) leaves it out.
    const cuota = await crearProducto({ nombre: "Cuota que sí se emite", anyo: 2030, precio: 30 });
    const juntos = await pedir("POST", "/api/pagos/emision", {
      anyo: 2030,
      productos: [idProducto, cuota.id],
    });
    expect(juntos.statusCode, juntos.body).toBe(200);
    expect(juntos.json().productos.map((p: { idProducto: number }) => p.idProducto)).toEqual([
      cuota.id,
    ]);
  });
});

describe("/api/productos — lista", () => {
  it("filtra por año, tipo, activo y texto, ordena y pagina", async () => {
    await crearProducto({ nombre: "Derrama 2040", anyo: 2040, tipo: "derrama" });
    await crearProducto({ nombre: "Cuota 2040", anyo: 2040, tipo: "cuota", precio: 50 });
    await crearProducto({ nombre: "Ramell 2040", anyo: 2040, tipo: "ramell", activo: false });
    const todos = (await pedir("GET", "/api/productos?anyo=2040")).json();
    expect(todos.total).toBe(3);
    expect(todos.items.map((p: { nombre: string }) => p.nombre)).toEqual([
      "Cuota 2040",
      "Derrama 2040",
      "Ramell 2040",
    ]);
    const derramas = (await pedir("GET", "/api/productos?anyo=2040&tipo=derrama")).json();
    expect(derramas.items.map((p: { nombre: string }) => p.nombre)).toEqual(["Derrama 2040"]);
    expect((await pedir("GET", "/api/productos?anyo=2040&activo=0")).json().total).toBe(1);
    expect((await pedir("GET", "/api/productos?anyo=2040&q=ramell")).json().total).toBe(1);
    const pagina = (
      await pedir("GET", "/api/productos?anyo=2040&sort=-nombre&pageSize=2&page=2")
    ).json();
    expect(pagina).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(pagina.items.map((p: { nombre: string }) => p.nombre)).toEqual(["Cuota 2040"]);
    expect((await pedir("GET", "/api/productos?sort=color")).statusCode).toBe(400);
    expect((await pedir("GET", "/api/productos?pageSize=500")).statusCode).toBe(400);
  });
});

describe("/api/productos/copia", () => {
  it("copia solo los productos que se repiten cada año; los de un acto no, y dice por qué", async () => {
    const anuales = [
      { nombre: "Cuota 2060", tipo: "cuota" },
      { nombre: "Derrama 2060", tipo: "derrama" },
      { nombre: "Ramell 2060", tipo: "ramell" },
      { nombre: "Lotería de Navidad 2060", tipo: "loteria" },
      { nombre: "Camiseta 2060", tipo: "otro" },
    ];
    for (const p of anuales) await crearProducto({ ...p, anyo: 2060 });
    const cena = await crearProducto({ nombre: "Cena de gala 2060", tipo: "acto", anyo: 2060 });
    const vinculado = await crearProducto({
      nombre: "Entrada Mora 2060",
      tipo: "otro",
      anyo: 2060,
    });
    const acto = await pedir("POST", "/api/actos", {
      nombre: "Entrada Mora",
      fecha: "2060-04-22",
      sePaga: true,
      precios: [{ idTipoSocio: tipoA, precio: 30, idProducto: vinculado.id }],
    });
    expect(acto.statusCode, acto.body).toBe(201);

    const motivoActo = "Es de un acto: se cobra una sola vez.";
    const esperado = {
      copiados: 5,
      omitidos: 2,
      productos: [
        ...anuales.map((p) => ({
          nombre: p.nombre,
          tipo: p.tipo,
          nombreDestino: p.nombre.replace("2060", "2061"),
          seCopia: true,
          motivo: null,
        })),
        {
          id: cena.id,
          nombre: "Cena de gala 2060",
          tipo: "acto",
          nombreDestino: "Cena de gala 2061",
          seCopia: false,
          motivo: motivoActo,
        },
        {
          id: vinculado.id,
          nombre: "Entrada Mora 2060",
          tipo: "otro",
          nombreDestino: "Entrada Mora 2061",
          seCopia: false,
          motivo: motivoActo,
        },
      ].map((p) => expect.objectContaining(p)),
    };

    const previa = await pedir("GET", "/api/productos/copia?desde=2060&hasta=2061");
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json()).toEqual(esperado);
    expect((await pedir("GET", "/api/productos?anyo=2061")).json().total).toBe(0);

    const res = await pedir("POST", "/api/productos/copia", { desde: 2060, hasta: 2061 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(esperado);
    const destino = (await pedir("GET", "/api/productos?anyo=2061&sort=nombre")).json();
    expect(destino.items.map((p: { nombre: string }) => p.nombre).sort()).toEqual(
      anuales.map((p) => p.nombre.replace("2060", "2061")).sort(),
    );

    const otraVez = (await pedir("GET", "/api/productos/copia?desde=2060&hasta=2061")).json();
    expect(otraVez).toMatchObject({ copiados: 0, omitidos: 7 });
    expect(otraVez.productos[0]).toMatchObject({ seCopia: false, motivo: "Ya existe en 2061." });
  });

  it("copia los productos de un año con sus precios y omite los que ya existen", async () => {
    await crearProducto({
      nombre: "Cuota anual 2050",
      anyo: 2050,
      precio: 100,
      precios: [{ idTipoSocio: tipoA, precio: 80 }],
    });
    await crearProducto({ nombre: "Lotería", anyo: 2050, tipo: "loteria", precio: 20 });
    await crearProducto({ nombre: "Lotería", anyo: 2051, tipo: "loteria", precio: 25 });
    const res = await pedir("POST", "/api/productos/copia", { desde: 2050, hasta: 2051 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ copiados: 1, omitidos: 1 });
    const destino = (await pedir("GET", "/api/productos?anyo=2051")).json().items;
    expect(destino).toHaveLength(2);
    expect(destino.find((p: { nombre: string }) => p.nombre === "Cuota anual 2051")).toMatchObject({
      precio: 100,
      precios: [{ idTipoSocio: tipoA, precio: 80 }],
      anyo: 2051,
    });
    // Twice copies nothing more.
    expect(
      (await pedir("POST", "/api/productos/copia", { desde: 2050, hasta: 2051 })).json(),
    ).toMatchObject({
      copiados: 0,
      omitidos: 2,
    });
    expect(
      (await pedir("POST", "/api/productos/copia", { desde: 2050, hasta: 2050 })).statusCode,
    ).toBe(400);
  });
});
