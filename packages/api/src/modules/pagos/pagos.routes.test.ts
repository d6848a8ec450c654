import ExcelJS from "exceljs";
import { sql } from "kysely";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
type Cuenta = { id: number; token: string; idSocio: number };
let admin: Cuenta;
let usuarioA: Cuenta;
let usuarioB: Cuenta;
let socioC: Cuenta;
let adminSinSocio: Cuenta;
/** A member whose fees usuarioA pays (idPagador = A's member). */
let hijoDeA = 0;
let formaPago = 0;
let tipoFester = 0;
let tipoInfantil = 0;

async function cuenta(rol: "administrador" | "usuario" | "socio", conSocio = true) {
  const c = await crearCuenta(e.db, { rol, conSocio });
  return { id: c.id, token: await entrar(e.app, c.email), idSocio: c.idSocio ?? 0 };
}

type Metodo = "GET" | "POST" | "PUT" | "DELETE";
const pedir = (method: Metodo, url: string, payload?: unknown, token = admin.token) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A confirmed emission: 202 `{idTrabajo}`, the job waited for; its result (the counts). */
async function emitir(cuerpo: { anyo: number; productos: number[] }) {
  const res = await pedir("POST", "/api/pagos/emision", { ...cuerpo, confirmar: true });
  expect(res.statusCode, res.body).toBe(202);
  const { idTrabajo } = res.json();
  await e.app.servicios.trabajos.esperar(idTrabajo);
  const fin = (await pedir("GET", `/api/trabajos/${idTrabajo}`)).json();
  expect(fin).toMatchObject({
    tipo: "pagos.emitir",
    estado: "terminado",
    progreso: 1,
    error: null,
  });
  return fin.resultado;
}

async function socio(datos: Record<string, unknown> = {}) {
  const s = await e.db
    .insertInto("socio")
    .values({ nombre: "Vicent", apellidos: "Soler Mira", ...datos })
    .returning("id")
    .executeTakeFirstOrThrow();
  return s.id;
}

async function producto(datos: Record<string, unknown>) {
  const res = await pedir("POST", "/api/productos", datos);
  if (res.statusCode !== 201) throw new Error(`producto ${res.statusCode}: ${res.body}`);
  return res.json().id as number;
}

async function cargo(idSocio: number, importe = 100, extra: Record<string, unknown> = {}) {
  const res = await pedir("POST", "/api/pagos", {
    idSocio,
    concepto: "Cena de la filà",
    importe,
    fechaVencimiento: "2026-05-01",
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`cargo ${res.statusCode}: ${res.body}`);
  return res.json();
}

const filaPago = (id: number) =>
  e.db.selectFrom("pago").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The charges in `estados` where `idSocio` is the debtor or the payer: what «mis pagos» reads. */
const suyosEn = (idSocio: number, estados: ("pendiente" | "pagado" | "devuelto" | "anulado")[]) =>
  e.db
    .selectFrom("pago")
    .where((eb) => eb.or([eb("id_socio", "=", idSocio), eb("id_pagador", "=", idSocio)]))
    .where("estado", "in", estados);

/** What `idSocio` owes as debtor or payer (pending or returned), in euros. */
const loQueDebe = async (idSocio: number) => {
  const { s } = await suyosEn(idSocio, ["pendiente", "devuelto"])
    .select((eb) => eb.fn.sum<number>("importe").as("s"))
    .executeTakeFirstOrThrow();
  return Number(s) / 100;
};

/** A member's charges of a product, by instalment. */
const pagosDe = (idSocio: number, idProducto: number) =>
  e.db
    .selectFrom("pago")
    .selectAll()
    .where("id_socio", "=", idSocio)
    .where("id_producto", "=", idProducto)
    .orderBy("plazo")
    .execute();

const contarPagos = async () =>
  Number(
    (
      await e.db
        .selectFrom("pago")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const cobro = { fecha: "2026-03-15", referencia: "Caja 12" };

beforeAll(async () => {
  e = await crearEntorno();
  admin = await cuenta("administrador");
  usuarioA = await cuenta("usuario");
  usuarioB = await cuenta("usuario");
  socioC = await cuenta("socio");
  adminSinSocio = await cuenta("administrador", false);
  hijoDeA = await socio({ nombre: "Pau", id_pagador: usuarioA.idSocio });
  const fp = await e.db
    .insertInto("forma_pago")
    .values({ nombre: "Efectivo" })
    .returning("id")
    .executeTakeFirstOrThrow();
  formaPago = fp.id;
  const tipos = await e.db
    .insertInto("tipo_socio")
    .values([{ nombre: "Fester" }, { nombre: "Infantil" }])
    .returning("id")
    .execute();
  tipoFester = tipos[0]?.id ?? 0;
  tipoInfantil = tipos[1]?.id ?? 0;
});
afterAll(async () => {
  await e?.cerrar();
});

describe("permisos", () => {
  it("lo de tesorería es solo del administrador: usuario y socio 403, sin sesión 401", async () => {
    const c = await cargo(hijoDeA);
    const llamadas: [Metodo, string, unknown?][] = [
      ["GET", "/api/pagos"],
      ["GET", "/api/pagos/export?formato=csv"],
      [
        "POST",
        "/api/pagos",
        { idSocio: hijoDeA, concepto: "X", importe: 1, fechaVencimiento: "2026-01-01" },
      ],
      ["POST", "/api/pagos/emision", { anyo: 2026, productos: [1] }],
      ["POST", "/api/pagos/cobros", { ids: [c.id], idFormaPago: formaPago, ...cobro }],
      ["POST", `/api/pagos/${c.id}/cobro`, { idFormaPago: formaPago, ...cobro }],
      ["POST", `/api/pagos/${c.id}/anulacion`, { motivo: "Error" }],
    ];
    for (const [metodo, url, cuerpo] of llamadas) {
      for (const t of [usuarioA.token, socioC.token]) {
        expect((await pedir(metodo, url, cuerpo, t)).statusCode, url).toBe(403);
      }
      expect((await pedir(metodo, url, cuerpo, "")).statusCode, url).toBe(401);
    }
    for (const url of ["/api/pagos/mios", `/api/pagos/${c.id}`, `/api/pagos/${c.id}/recibo.pdf`]) {
      expect((await pedir("GET", url, undefined, "")).statusCode, url).toBe(401);
    }
    // Nothing changed on the way.
    expect((await filaPago(c.id)).estado).toBe("pendiente");
  });

  it("un cargo lo ven el administrador, el socio y quien lo paga; los demás reciben 404", async () => {
    const delHijo = await cargo(hijoDeA);
    const deA = await cargo(usuarioA.idSocio);
    expect((await pedir("GET", `/api/pagos/${delHijo.id}`)).statusCode).toBe(200);
    expect(
      (await pedir("GET", `/api/pagos/${delHijo.id}`, undefined, usuarioA.token)).json(),
    ).toEqual(delHijo);
    expect((await pedir("GET", `/api/pagos/${deA.id}`, undefined, usuarioA.token)).statusCode).toBe(
      200,
    );
    for (const t of [usuarioB.token, socioC.token]) {
      expect((await pedir("GET", `/api/pagos/${delHijo.id}`, undefined, t)).statusCode).toBe(404);
      expect((await pedir("GET", `/api/pagos/${deA.id}`, undefined, t)).statusCode).toBe(404);
    }
    expect((await pedir("GET", "/api/pagos/999999")).statusCode).toBe(404);
  });
});

describe("POST /api/pagos (cargo manual)", () => {
  it("crea el cargo al pagador del socio, en céntimos, y lo audita", async () => {
    const c = await cargo(hijoDeA, 12.34);
    expect(c).toMatchObject({
      idSocio: hijoDeA,
      idPagador: usuarioA.idSocio,
      importe: 12.34,
      estado: "pendiente",
      concepto: "Cena de la filà",
      fechaVencimiento: "2026-05-01",
      plazo: 1,
      plazos: 1,
      anyo: 2026,
      producto: null,
      socio: { id: hijoDeA, nombre: "Pau" },
    });
    expect(Number((await filaPago(c.id)).importe)).toBe(1234);
    const propio = await cargo(usuarioB.idSocio);
    expect(propio.idPagador).toBe(usuarioB.idSocio);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "pago")
      .where("id_entidad", "=", c.id)
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["crear"]);
  });

  it("con producto toma su año", async () => {
    const p = await producto({ nombre: "Lotería 2029", anyo: 2029, tipo: "loteria", precio: 20 });
    const c = await cargo(hijoDeA, 20, { idProducto: p });
    expect(c).toMatchObject({
      anyo: 2029,
      producto: { id: p, nombre: "Lotería 2029", tipo: "loteria" },
    });
  });

  it("rechaza importes negativos, cero o con 3 decimales y socios o productos desconocidos, sin guardar", async () => {
    const antes = await contarPagos();
    const base = {
      idSocio: hijoDeA,
      concepto: "Multa",
      importe: 10,
      fechaVencimiento: "2026-01-01",
    };
    const casos: [Record<string, unknown>, string][] = [
      [{ importe: -5 }, "El importe debe ser mayor que cero"],
      [{ importe: 0 }, "El importe debe ser mayor que cero"],
      [{ importe: 10.005 }, "El importe no puede tener más de dos decimales"],
      [{ idSocio: 999999 }, "El socio elegido no existe."],
      [{ idProducto: 999999 }, "El producto elegido no existe."],
      [{ fechaVencimiento: "31/12/2026" }, "Introduce una fecha válida (AAAA-MM-DD)"],
    ];
    for (const [cambio, mensaje] of casos) {
      const res = await pedir("POST", "/api/pagos", { ...base, ...cambio });
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(cambio)).toContain(mensaje);
    }
    expect(await contarPagos()).toBe(antes);
  });
});

describe("POST /api/pagos/emision", () => {
  const ANYO = 2031;
  let cuota = 0;
  let derrama = 0;
  let ramell = 0;
  let gratis = 0;
  const s: Record<string, number> = {};

  beforeAll(async () => {
    cuota = await producto({
      nombre: `Cuota anual ${ANYO}`,
      anyo: ANYO,
      tipo: "cuota",
      precio: 100,
      precios: [{ idTipoSocio: tipoInfantil, precio: 50.01 }],
    });
    derrama = await producto({ nombre: `Derrama ${ANYO}`, anyo: ANYO, tipo: "derrama", precio: 1 });
    ramell = await producto({
      nombre: `Ramell ${ANYO}`,
      anyo: ANYO,
      tipo: "ramell",
      precio: 250.03,
    });
    gratis = await producto({ nombre: `Gratis ${ANYO}`, anyo: ANYO, tipo: "otro", precio: 0 });
    s.padre = await socio({ nombre: "Padre", id_tipo_socio: tipoFester, tipo_pago: "mensual" });
    s.hija = await socio({
      nombre: "Hija",
      id_tipo_socio: tipoInfantil,
      tipo_pago: "trimestral",
      id_pagador: s.padre,
    });
    s.derrama = await socio({
      nombre: "ConDerrama",
      id_tipo_socio: tipoFester,
      pagar_derrama: "si",
      importe_derrama: 100000,
      anyo_derrama: 2030,
      anyos_pago_derrama: 3,
    });
    s.ramell = await socio({ nombre: "ConRamell", ramell: "si", tipo_pago_ramell: "fraccionado" });
    s.baja = await socio({ nombre: "DeBaja", activo: false });
    // Members carry the ramell by default (old register): only one of these does here.
    await e.db.updateTable("socio").set({ ramell: "no" }).where("id", "<>", s.ramell).execute();
  });

  it("la vista previa da totales y no escribe nada", async () => {
    const antes = await contarPagos();
    const res = await pedir("POST", "/api/pagos/emision", {
      anyo: ANYO,
      productos: [cuota, derrama, ramell, gratis],
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.confirmado).toBe(false);
    expect(r.yaExistian).toBe(0);
    expect(r.nuevos).toBe(r.numCargos);
    const porProducto = Object.fromEntries(
      r.productos.map((p: { idProducto: number }) => [p.idProducto, p]),
    );
    expect(porProducto[derrama]).toMatchObject({ numCargos: 1, numSocios: 1, importe: 333.33 });
    expect(porProducto[ramell]).toMatchObject({ numCargos: 5, numSocios: 1, importe: 250.03 });
    expect(porProducto[gratis]).toMatchObject({ numCargos: 0, numSocios: 0, importe: 0 });
    expect(await contarPagos()).toBe(antes);
  });

  it("confirmada crea los cargos al pagador, con plazos exactos; repetida no crea nada", async () => {
    // Two identical requests at once: one job, the same id to both.
    const cuerpo = { anyo: ANYO, productos: [cuota, derrama, ramell], confirmar: true };
    const [uno, dos] = await Promise.all([
      pedir("POST", "/api/pagos/emision", cuerpo),
      pedir("POST", "/api/pagos/emision", { ...cuerpo, productos: [ramell, cuota, derrama] }),
    ]);
    expect(uno.statusCode, uno.body).toBe(202);
    expect(dos.statusCode, dos.body).toBe(202);
    await e.app.servicios.trabajos.esperar(uno.json().idTrabajo);
    await e.app.servicios.trabajos.esperar(dos.json().idTrabajo);
    const r = (await pedir("GET", `/api/trabajos/${uno.json().idTrabajo}`)).json().resultado;
    const r2 = (await pedir("GET", `/api/trabajos/${dos.json().idTrabajo}`)).json().resultado;
    // The same job while it runs (plugins/trabajos.test.ts proves it with the job held open);
    // if the first had already ended, the second created nothing.
    if (dos.json().idTrabajo !== uno.json().idTrabajo) expect(r2.nuevos).toBe(0);
    expect(r).toMatchObject({ confirmado: true, yaExistian: 0 });
    expect(r.nuevos).toBe(r.numCargos);

    const padre = await pagosDe(s.padre, cuota);
    expect(padre).toHaveLength(12);
    expect(padre.reduce((t, p) => t + Number(p.importe), 0)).toBe(10000);
    expect(padre.map((p) => p.fecha_vencimiento)[6]).toBe(`${ANYO}-07-01`);
    expect(padre[0]?.concepto).toBe(`Cuota anual ${ANYO} (plazo 1/12)`);
    const hija = await pagosDe(s.hija, cuota);
    expect(hija.map((p) => Number(p.importe))).toEqual([1251, 1250, 1250, 1250]);
    expect(hija.every((p) => p.id_pagador === s.padre)).toBe(true);
    const derramaPagos = await pagosDe(s.derrama, derrama);
    expect(derramaPagos.map((p) => [Number(p.importe), p.plazo, p.plazos])).toEqual([
      [33333, 2, 3],
    ]);
    const ramellPagos = await pagosDe(s.ramell, ramell);
    expect(ramellPagos.map((p) => Number(p.importe))).toEqual([5001, 5001, 5001, 5000, 5000]);
    expect(await pagosDe(s.baja, cuota)).toEqual([]);

    const antes = await contarPagos();
    const otra = await emitir({ anyo: ANYO, productos: [cuota, derrama, ramell] });
    expect(otra).toMatchObject({ nuevos: 0, yaExistian: r.numCargos, importeNuevos: 0 });
    expect(await contarPagos()).toBe(antes);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "emision")
      .execute();
    expect(auditoria.length).toBeGreaterThanOrEqual(2);
  });

  it("un socio nuevo recibe su cuota en la siguiente emisión sin duplicar la de los demás", async () => {
    const nuevo = await socio({ nombre: "Nuevo", tipo_pago: "semestral" });
    const r = await emitir({ anyo: ANYO, productos: [cuota] });
    expect(r.nuevos).toBe(2);
    expect((await pagosDe(nuevo, cuota)).map((p) => Number(p.importe))).toEqual([5000, 5000]);
  });

  it("rechaza productos desconocidos o desactivados sin escribir", async () => {
    const antes = await contarPagos();
    const desconocido = await pedir("POST", "/api/pagos/emision", {
      anyo: ANYO,
      productos: [999999],
      confirmar: true,
    });
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().mensaje).toBe("No existe el producto 999999.");
    const apagado = await producto({
      nombre: `Apagado ${ANYO}`,
      anyo: ANYO,
      tipo: "otro",
      precio: 5,
      activo: false,
    });
    expect(
      (
        await pedir("POST", "/api/pagos/emision", {
          anyo: ANYO,
          productos: [apagado],
          confirmar: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await pedir("POST", "/api/pagos/emision", { anyo: ANYO, productos: [] })).statusCode,
    ).toBe(400);
    const otroAnyo = await pedir("POST", "/api/pagos/emision", {
      anyo: ANYO + 1,
      productos: [cuota],
      confirmar: true,
    });
    expect(otroAnyo.statusCode).toBe(400);
    expect(otroAnyo.json().mensaje).toBe(
      `El producto «Cuota anual ${ANYO}» es de ${ANYO}, no de ${ANYO + 1}.`,
    );
    expect(await contarPagos()).toBe(antes);
  });

  it("la derrama y el ramell pagados se ven en la ficha del socio; con cargos no se borra", async () => {
    const [d] = await pagosDe(s.derrama, derrama);
    await pedir("POST", `/api/pagos/${d?.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const ficha = (await pedir("GET", `/api/socios/${s.derrama}`)).json();
    expect(ficha).toMatchObject({
      importeDerrama: 1000,
      derramaPagada: 333.33,
      derramaPendiente: 666.67,
    });

    await e.db.updateTable("socio").set({ anyo_ramell: ANYO }).where("id", "=", s.ramell).execute();
    const ramellPagos = await pagosDe(s.ramell, ramell);
    await pedir("POST", `/api/pagos/${ramellPagos[1]?.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
    });
    await pedir("POST", `/api/pagos/${ramellPagos[3]?.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
      importe: 20,
    });
    const conRamell = (await pedir("GET", `/api/socios/${s.ramell}`)).json();
    expect([1, 2, 3, 4, 5].map((n) => conRamell[`ramellPago${n}`])).toEqual([0, 50.01, 0, 20, 0]);
    // The list reads the same figures as the record (one query for the page, charges included).
    const lista = (await pedir("GET", "/api/socios?q=ConRamell")).json();
    expect(lista).toMatchObject({ total: 1, items: [conRamell] });
    const conDerrama = (await pedir("GET", `/api/socios?page=1&pageSize=100&sort=id`)).json();
    expect(conDerrama.items.find((i: { id: number }) => i.id === s.derrama)).toEqual(ficha);

    const borrar = await pedir("DELETE", `/api/socios/${s.ramell}`);
    expect(borrar.statusCode).toBe(409);
    // 5 ramell instalments, the yearly fee and the paid part split off the 4th instalment.
    expect(borrar.json().mensaje).toContain("tiene 7 pagos");
  });
});

describe("cobros", () => {
  it("cobra un cargo pendiente; cobrarlo otra vez es 409 y no cambia nada", async () => {
    const c = await cargo(hijoDeA, 45);
    const res = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      estado: "pagado",
      fechaPago: "2026-03-15",
      referencia: "Caja 12",
      formaPago: { id: formaPago, nombre: "Efectivo" },
      importe: 45,
    });
    const antes = await filaPago(c.id);
    const otra = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: formaPago,
      fecha: "2026-04-01",
      referencia: "Otra",
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toContain("ya está pagado");
    expect(await filaPago(c.id)).toEqual(antes);
  });

  it("un cobro parcial divide el cargo: el resto queda pendiente y lo cobrado es un cargo nuevo", async () => {
    const c = await cargo(hijoDeA, 100);
    const res = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
      importe: 30.5,
    });
    expect(res.statusCode).toBe(200);
    const parte = res.json();
    expect(parte).toMatchObject({
      estado: "pagado",
      importe: 30.5,
      idPagoOrigen: c.id,
      concepto: c.concepto,
      idPagador: c.idPagador,
    });
    expect(parte.id).not.toBe(c.id);
    const original = await filaPago(c.id);
    expect([original.estado, Number(original.importe)]).toEqual(["pendiente", 6950]);
    expect((await filaPago(parte.id)).clave_emision).toBeNull();
  });

  it("rechaza cobrar más de lo pendiente, una forma de pago inexistente o un cargo anulado, sin cambios", async () => {
    const c = await cargo(hijoDeA, 10);
    const antes = await filaPago(c.id);
    const demasiado = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
      importe: 10.01,
    });
    expect(demasiado.statusCode).toBe(400);
    expect(demasiado.json().mensaje).toContain("mayor que lo pendiente");
    const sinForma = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: 999999,
      ...cobro,
    });
    expect(sinForma.statusCode).toBe(400);
    expect(
      (
        await pedir("POST", `/api/pagos/${c.id}/cobro`, {
          idFormaPago: formaPago,
          ...cobro,
          importe: -1,
        })
      ).statusCode,
    ).toBe(400);
    expect(await filaPago(c.id)).toEqual(antes);
    await pedir("POST", `/api/pagos/${c.id}/anulacion`, { motivo: "Duplicado" });
    const anulado = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
    });
    expect(anulado.statusCode).toBe(409);
    expect(anulado.json().mensaje).toContain("anulado");
    expect(
      (await pedir("POST", "/api/pagos/999999/cobro", { idFormaPago: formaPago, ...cobro }))
        .statusCode,
    ).toBe(404);
  });

  it("cobra un cargo devuelto", async () => {
    const c = await cargo(hijoDeA, 10);
    await e.db.updateTable("pago").set({ estado: "devuelto" }).where("id", "=", c.id).execute();
    const res = await pedir("POST", `/api/pagos/${c.id}/cobro`, {
      idFormaPago: formaPago,
      ...cobro,
    });
    expect(res.json().estado).toBe("pagado");
  });

  it("varios a la vez: todos o ninguno", async () => {
    const a = await cargo(hijoDeA, 10);
    const b = await cargo(hijoDeA, 20.5);
    const pagado = await cargo(hijoDeA, 30);
    await pedir("POST", `/api/pagos/${pagado.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const mal = await pedir("POST", "/api/pagos/cobros", {
      ids: [a.id, b.id, pagado.id],
      idFormaPago: formaPago,
      ...cobro,
    });
    expect(mal.statusCode).toBe(409);
    expect(mal.json().mensaje).toContain(`El cargo ${pagado.id} ya está pagado`);
    expect((await filaPago(a.id)).estado).toBe("pendiente");
    expect((await filaPago(b.id)).estado).toBe("pendiente");
    const desconocido = await pedir("POST", "/api/pagos/cobros", {
      ids: [a.id, 999999],
      idFormaPago: formaPago,
      ...cobro,
    });
    expect(desconocido.statusCode).toBe(404);
    expect((await filaPago(a.id)).estado).toBe("pendiente");

    const bien = await pedir("POST", "/api/pagos/cobros", {
      ids: [a.id, b.id],
      idFormaPago: formaPago,
      ...cobro,
    });
    expect(bien.statusCode).toBe(200);
    expect(bien.json()).toEqual({ cobrados: 2, importe: 30.5 });
    expect((await filaPago(b.id)).estado).toBe("pagado");
    expect(
      (await pedir("POST", "/api/pagos/cobros", { ids: [], idFormaPago: formaPago, ...cobro }))
        .statusCode,
    ).toBe(400);
  });
});

describe("auditoría de los cobros y anulaciones", () => {
  const acciones = async (id: number) =>
    (
      await e.db
        .selectFrom("auditoria")
        .select(["accion", "id_usuario"])
        .where("entidad", "=", "pago")
        .where("id_entidad", "=", id)
        .orderBy("id")
        .execute()
    ).map((a) => `${a.accion}:${a.id_usuario}`);

  it("cada cobro, cobro parcial, cobro múltiple y anulación queda con quién lo hizo", async () => {
    const quien = admin.id;
    const entero = await cargo(hijoDeA, 10);
    await pedir("POST", `/api/pagos/${entero.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    expect(await acciones(entero.id)).toEqual([`crear:${quien}`, `cobro:${quien}`]);

    const partido = await cargo(hijoDeA, 10);
    const parte = (
      await pedir("POST", `/api/pagos/${partido.id}/cobro`, {
        idFormaPago: formaPago,
        ...cobro,
        importe: 4,
      })
    ).json();
    expect(await acciones(partido.id)).toEqual([`crear:${quien}`, `cobro parcial:${quien}`]);
    expect(await acciones(parte.id)).toEqual([`cobro:${quien}`]);

    const [a, b] = [await cargo(hijoDeA, 1), await cargo(hijoDeA, 2)];
    await pedir("POST", "/api/pagos/cobros", {
      ids: [a.id, b.id],
      idFormaPago: formaPago,
      ...cobro,
    });
    for (const c of [a, b])
      expect(await acciones(c.id)).toEqual([`crear:${quien}`, `cobro:${quien}`]);

    const anulado = await cargo(hijoDeA, 3);
    await pedir("POST", `/api/pagos/${anulado.id}/anulacion`, { motivo: "Duplicado" });
    expect(await acciones(anulado.id)).toEqual([`crear:${quien}`, `anular:${quien}`]);
  });
});

describe("anulación", () => {
  it("anula un pendiente con motivo; un pagado o uno en remesa no (409)", async () => {
    const c = await cargo(hijoDeA, 10);
    const res = await pedir("POST", `/api/pagos/${c.id}/anulacion`, { motivo: "Cobrado de más" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: "anulado", motivoAnulacion: "Cobrado de más" });
    expect(
      (await pedir("POST", `/api/pagos/${c.id}/anulacion`, { motivo: "Otra" })).statusCode,
    ).toBe(409);

    const pagado = await cargo(hijoDeA, 10);
    await pedir("POST", `/api/pagos/${pagado.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const noAnula = await pedir("POST", `/api/pagos/${pagado.id}/anulacion`, { motivo: "X" });
    expect(noAnula.statusCode).toBe(409);
    expect((await filaPago(pagado.id)).estado).toBe("pagado");

    const remesa = await e.db
      .insertInto("remesa")
      .values({ mensaje_id: `R-${Date.now()}`, fecha_cobro: "2026-02-01", hasta: "2026-02-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const enRemesa = await cargo(hijoDeA, 10);
    await e.db
      .updateTable("pago")
      .set({ id_remesa: remesa.id })
      .where("id", "=", enRemesa.id)
      .execute();
    const r = await pedir("POST", `/api/pagos/${enRemesa.id}/anulacion`, { motivo: "X" });
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toContain("El cargo está en una remesa");
    expect((await filaPago(enRemesa.id)).estado).toBe("pendiente");
    expect((await pedir("POST", `/api/pagos/${c.id}/anulacion`, { motivo: "" })).statusCode).toBe(
      400,
    );
  });
});

describe("GET /api/pagos (lista)", () => {
  it("filtra, ordena, pagina y suma todo el conjunto filtrado", async () => {
    const quien = await socio({ nombre: "Filomena", apellidos: "Única Listada", nif: "12345678Z" });
    const a = await cargo(quien, 10.1);
    await cargo(quien, 20.2);
    const c = await cargo(quien, 30.3);
    await pedir("POST", `/api/pagos/${c.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const res = await pedir("GET", `/api/pagos?idSocio=${quien}&pageSize=1&sort=-importe`);
    expect(res.statusCode).toBe(200);
    const lista = res.json();
    expect(lista).toMatchObject({
      total: 3,
      page: 1,
      pageSize: 1,
      totalImporte: 60.6,
      totalPendiente: 30.3,
      totalPagado: 30.3,
    });
    expect(lista.items.map((p: { importe: number }) => p.importe)).toEqual([30.3]);
    expect((await pedir("GET", "/api/pagos?q=filomena unica")).json().total).toBe(3);
    expect((await pedir("GET", "/api/pagos?q=12345678")).json().total).toBe(3);
    // The concept is searched folded like the query: «filà» is found by «fila», «FILÀ» or «filà».
    const otro = await socio({ nombre: "Otro", apellidos: "Comensal" });
    await cargo(otro, 5, { concepto: "Dinar de la Filà Única" });
    for (const q of ["dinar de la fila", "DINAR FILÀ", "dinar filà unica"]) {
      const url = `/api/pagos?idSocio=${otro}&q=${encodeURIComponent(q)}`;
      expect((await pedir("GET", url)).json().total).toBe(1);
    }
    const pendientes = (
      await pedir("GET", `/api/pagos?idSocio=${quien}&estado=pendiente&sort=importe`)
    ).json();
    expect(pendientes.items.map((p: { id: number }) => p.id)[0]).toBe(a.id);
    expect(pendientes.totalImporte).toBe(30.3);
    expect(
      (await pedir("GET", `/api/pagos?idSocio=${quien}&idFormaPago=${formaPago}`)).json().total,
    ).toBe(1);
    expect((await pedir("GET", `/api/pagos?idPagador=${quien}&anyo=2026`)).json().total).toBe(3);
    expect((await pedir("GET", "/api/pagos?sort=color")).statusCode).toBe(400);
    expect((await pedir("GET", "/api/pagos?estado=raro")).statusCode).toBe(400);
  });

  it("idSocioOPagador da los cargos del socio y los que paga él (la pestaña de su ficha)", async () => {
    const madre = await socio({ nombre: "Remei" });
    const filla = await socio({ nombre: "Neus", id_pagador: madre });
    const otro = await socio({ nombre: "Ximo" });
    const suyo = await cargo(madre, 12.5);
    const deLaFilla = await cargo(filla, 7.25);
    await cargo(otro, 99);
    const lista = (await pedir("GET", `/api/pagos?idSocioOPagador=${madre}&sort=id`)).json();
    expect(lista.items.map((p: { id: number }) => p.id)).toEqual([suyo.id, deLaFilla.id]);
    expect(lista.totalImporte).toBe(19.75);
    expect((await pedir("GET", `/api/pagos?idSocioOPagador=${filla}`)).json().total).toBe(1);
    expect((await pedir("GET", "/api/pagos?idSocioOPagador=0")).statusCode).toBe(400);
    const ajeno = await pedir(
      "GET",
      `/api/pagos?idSocioOPagador=${madre}`,
      undefined,
      usuarioA.token,
    );
    expect(ajeno.statusCode).toBe(403);
  });
});

describe("GET /api/pagos/mios", () => {
  it("mis cargos y los que pago: pendientes primero, con lo que debo", async () => {
    const propio = await cargo(usuarioA.idSocio, 5, { fechaVencimiento: "2020-01-01" });
    await pedir("POST", `/api/pagos/${propio.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const res = await pedir("GET", "/api/pagos/mios?pageSize=200", undefined, usuarioA.token);
    expect(res.statusCode).toBe(200);
    const mios = res.json();
    const socios = new Set(mios.items.map((p: { idSocio: number }) => p.idSocio));
    expect(socios).toEqual(new Set([usuarioA.idSocio, hijoDeA]));
    const estados = mios.items.map((p: { estado: string }) => p.estado);
    const primeroCerrado = estados.findIndex((x: string) => x === "pagado" || x === "anulado");
    expect(
      estados.slice(primeroCerrado).every((x: string) => x === "pagado" || x === "anulado"),
    ).toBe(true);
    expect(mios.totalPendiente).toBe(await loQueDebe(usuarioA.idSocio));

    const deB = (await pedir("GET", "/api/pagos/mios", undefined, usuarioB.token)).json();
    expect(deB.items.every((p: { idPagador: number }) => p.idPagador === usuarioB.idSocio)).toBe(
      true,
    );
    const deC = (await pedir("GET", "/api/pagos/mios", undefined, socioC.token)).json();
    expect(deC.items.every((p: { idSocio: number }) => p.idSocio === socioC.idSocio)).toBe(true);
    expect((await pedir("GET", "/api/pagos/mios", undefined, adminSinSocio.token)).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 50,
      totalPendiente: 0,
    });
  });
});

describe("GET /api/pagos/mios?pendientes", () => {
  it("solo lo que debo (pendientes y devueltos), como lo pide el inicio del socio", async () => {
    const pagado = await cargo(usuarioA.idSocio, 7);
    await pedir("POST", `/api/pagos/${pagado.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const anulado = await cargo(hijoDeA, 8);
    await pedir("POST", `/api/pagos/${anulado.id}/anulacion`, { motivo: "Duplicado" });
    const devuelto = await cargo(hijoDeA, 9);
    await e.db
      .updateTable("pago")
      .set({ estado: "devuelto" })
      .where("id", "=", devuelto.id)
      .execute();
    await cargo(usuarioA.idSocio, 10, { fechaVencimiento: "2019-05-01" });
    const debidos = await suyosEn(usuarioA.idSocio, ["pendiente", "devuelto"])
      .select(["id", "importe"])
      .orderBy("fecha_vencimiento")
      .orderBy("id")
      .execute();
    const deuda = debidos.reduce((t, p) => t + p.importe, 0) / 100;

    const todos = (
      await pedir("GET", "/api/pagos/mios?page=1&pageSize=200", undefined, usuarioA.token)
    ).json();
    // Asked right after the whole list, at the same data version: its own answer, not the list's.
    const res = await pedir(
      "GET",
      "/api/pagos/mios?pendientes=1&page=1&pageSize=200",
      undefined,
      usuarioA.token,
    );
    expect(res.statusCode).toBe(200);
    const solo = res.json();
    expect(solo.items.map((p: { id: number }) => p.id)).toEqual(debidos.map((p) => p.id));
    expect(solo.total).toBe(debidos.length);
    expect(solo.totalPendiente).toBe(deuda);
    expect(todos.totalPendiente).toBe(deuda);
    expect(todos.total).toBeGreaterThan(debidos.length);
    expect(todos.items.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([pagado.id, anulado.id, devuelto.id]),
    );

    const conTrue = await pedir(
      "GET",
      "/api/pagos/mios?pendientes=true&pageSize=200",
      undefined,
      usuarioA.token,
    );
    expect(conTrue.json().items).toEqual(solo.items);
    for (const no of ["0", "false"]) {
      const r = await pedir(
        "GET",
        `/api/pagos/mios?pendientes=${no}&pageSize=200`,
        undefined,
        usuarioA.token,
      );
      expect(r.json().total).toBe(todos.total);
    }
    const mal = await pedir("GET", "/api/pagos/mios?pendientes=si", undefined, usuarioA.token);
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain("pendientes");
  });
});

describe("GET /api/pagos/mios?historial (issue 51)", () => {
  it("solo lo cerrado, lo más reciente primero, página a página; lo que debo, todo", async () => {
    for (const [i, dia] of ["2018-02-10", "2018-02-10", "2021-07-01", "2023-11-30"].entries()) {
      const c = await cargo(i % 2 ? hijoDeA : usuarioA.idSocio, 11 + i, { fechaVencimiento: dia });
      await pedir("POST", `/api/pagos/${c.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    }
    const anulado = await cargo(hijoDeA, 8, { fechaVencimiento: "2022-01-01" });
    await pedir("POST", `/api/pagos/${anulado.id}/anulacion`, { motivo: "Duplicado" });
    const cerrados = await suyosEn(usuarioA.idSocio, ["pagado", "anulado"])
      .select("id")
      .orderBy("fecha_vencimiento", "desc")
      .orderBy("id", "desc")
      .execute();
    const debe = await loQueDebe(usuarioA.idSocio);
    expect(cerrados.length).toBeGreaterThan(4);

    const leidos: number[] = [];
    for (let page = 1; page <= Math.ceil(cerrados.length / 2) + 1; page++) {
      const res = await pedir(
        "GET",
        `/api/pagos/mios?historial=1&page=${page}&pageSize=2`,
        undefined,
        usuarioA.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const pagina = res.json();
      expect(pagina.total).toBe(cerrados.length);
      expect(pagina.totalPendiente).toBe(debe);
      expect(
        pagina.items.every((p: { estado: string }) => ["pagado", "anulado"].includes(p.estado)),
      ).toBe(true);
      leidos.push(...pagina.items.map((p: { id: number }) => p.id));
    }
    expect(leidos).toEqual(cerrados.map((p) => p.id));

    const conTrue = await pedir("GET", "/api/pagos/mios?historial=true", undefined, usuarioA.token);
    expect(conTrue.json().total).toBe(cerrados.length);
    const todos = (await pedir("GET", "/api/pagos/mios", undefined, usuarioA.token)).json();
    for (const no of ["0", "false"]) {
      const r = await pedir("GET", `/api/pagos/mios?historial=${no}`, undefined, usuarioA.token);
      expect(r.json().total).toBe(todos.total);
    }
    const ambos = await pedir(
      "GET",
      "/api/pagos/mios?pendientes=1&historial=1",
      undefined,
      usuarioA.token,
    );
    expect(ambos.statusCode).toBe(400);
    expect(ambos.json().detalles).toEqual([
      { campo: "historial", mensaje: "Pide lo pendiente o el historial, no los dos a la vez" },
    ]);
  });
});

describe("GET /api/pagos/:id/recibo.pdf", () => {
  it("da el PDF de un cargo pagado a quien puede verlo; pendiente 409; ajeno 404", async () => {
    await e.db.updateTable("asociacion").set({ nombre: "Filà Prueba", cif: "G12345678" }).execute();
    const c = await cargo(hijoDeA, 1234.56);
    expect((await pedir("GET", `/api/pagos/${c.id}/recibo.pdf`)).statusCode).toBe(409);
    await pedir("POST", `/api/pagos/${c.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    for (const t of [admin.token, usuarioA.token]) {
      const res = await pedir("GET", `/api/pagos/${c.id}/recibo.pdf`, undefined, t);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="recibo-${c.id}.pdf"`);
      expect(res.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    }
    for (const t of [usuarioB.token, socioC.token]) {
      expect((await pedir("GET", `/api/pagos/${c.id}/recibo.pdf`, undefined, t)).statusCode).toBe(
        404,
      );
    }
  });

  it("sale en el idioma de quien lo pide: valenciano para una cuenta en valenciano, con fecha e importe es-ES", async () => {
    const c = await cargo(hijoDeA, 1234.56);
    await pedir("POST", `/api/pagos/${c.id}/cobro`, { idFormaPago: formaPago, ...cobro });
    const texto = async (token: string) => {
      const res = await pedir("GET", `/api/pagos/${c.id}/recibo.pdf`, undefined, token);
      const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
      return (await extractText(pdf, { mergePages: true })).text;
    };
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", usuarioA.id).execute();
    try {
      const va = await texto(usuarioA.token);
      expect(va).toContain(`Rebut n.º ${c.id}`);
      expect(va).toContain("Data de pagament");
      expect(va).toContain("Hem rebut de");
      expect(va).toContain("1.234,56 €");
      const es = await texto(admin.token);
      expect(es).toContain(`Recibo nº ${c.id}`);
      expect(es).toContain("Recibimos de");
    } finally {
      await e.db
        .updateTable("usuario")
        .set({ idioma: "es" })
        .where("id", "=", usuarioA.id)
        .execute();
    }
  });
});

describe("GET /api/pagos/export", () => {
  it("exporta con las cabeceras y los estados en valenciano para una cuenta en valenciano", async () => {
    await cargo(hijoDeA, 10);
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", admin.id).execute();
    try {
      const csv = await pedir("GET", "/api/pagos/export?formato=csv&estado=pendiente");
      expect(csv.statusCode).toBe(200);
      const cabecera = csv.body.replace(/^\uFEFF/, "").split("\r\n")[0] ?? "";
      expect(cabecera).toContain("Concepte;");
      expect(cabecera).toContain("Import (€)");
      expect(cabecera).toContain("Data de pagament");
      expect(csv.body).toContain(";Pendent;");
    } finally {
      await e.db.updateTable("usuario").set({ idioma: "es" }).where("id", "=", admin.id).execute();
    }
  });

  it("exporta el conjunto filtrado a CSV y XLSX con cabeceras en español", async () => {
    const quien = await socio({ nombre: "Exportada", apellidos: "Ferrándiz" });
    await cargo(quien, 1234.5, { concepto: "=Cuota peligrosa" });
    await cargo(quien, 2);
    const csv = await pedir("GET", `/api/pagos/export?formato=csv&idSocio=${quien}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lineas = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lineas[0]).toContain("Concepto;");
    expect(lineas[0]).toContain("Importe (€)");
    expect(lineas).toHaveLength(3);
    expect(csv.body).toContain("1234,5");
    expect(csv.body).toContain("'=Cuota peligrosa");
    expect(csv.body).toContain("01/05/2026");

    const xlsx = await pedir("GET", `/api/pagos/export?formato=xlsx&idSocio=${quien}`);
    expect(xlsx.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    if (!hoja) throw new Error("sin hoja");
    expect(hoja.rowCount).toBe(3);
    const cabeceras = (hoja.getRow(1).values as unknown[]).slice(1);
    expect(cabeceras).toContain("Socio");
    const columnaImporte = cabeceras.indexOf("Importe (€)") + 1;
    const importes = [2, 3].map((n) => hoja.getRow(n).getCell(columnaImporte).value);
    expect(importes.sort()).toEqual([1234.5, 2]);
    expect((await pedir("GET", "/api/pagos/export?formato=pdf")).statusCode).toBe(400);
  });
});

// Last in the file: an emission charges every active member, and the tests above count theirs.
describe("POST /api/pagos/emision, inserción", () => {
  const ANYO = 2033;
  let padre = 0;
  let hija = 0;
  let otroProducto = 0;

  beforeAll(async () => {
    padre = await socio({ nombre: "Padre de la rifa" });
    hija = await socio({ nombre: "Hija de la rifa", id_pagador: padre });
    otroProducto = await producto({ nombre: `Otro ${ANYO}`, anyo: ANYO, tipo: "otro", precio: 1 });
  });

  it("dos emisiones a la vez crean cada cargo una sola vez", async () => {
    const loteria = await producto({
      nombre: `Lotería ${ANYO}`,
      anyo: ANYO,
      tipo: "otro",
      precio: 20,
    });
    // Two identical requests share one job; the emission itself, run twice at once (as two
    // jobs of different products that overlap would), still creates each charge once.
    const actor = { id: admin.id, rol: "administrador" as const, socioId: 0 };
    const emitirYa = () =>
      e.app.servicios.pagos.emitir(actor, { anyo: ANYO, productos: [loteria], confirmar: true });
    const [a, b] = await Promise.all([emitirYa(), emitirYa()]);
    expect(a.numCargos).toBeGreaterThan(0);
    expect(a.nuevos + b.nuevos).toBe(a.numCargos);
    expect(a.yaExistian + b.yaExistian).toBe(a.numCargos);
    const creados = await e.db
      .selectFrom("pago")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_producto", "=", loteria)
      .executeTakeFirstOrThrow();
    expect(Number(creados.n)).toBe(a.numCargos);
  });

  it("un cargo cuya clave ya existe se salta y los demás se crean", async () => {
    const rifa = await producto({ nombre: `Rifa ${ANYO}`, anyo: ANYO, tipo: "otro", precio: 3 });
    // A charge holding the key the emission will give the father's raffle, under another product
    // (so the emission does not leave the pair out beforehand): the insert clashes on the key.
    await e.db
      .insertInto("pago")
      .values({
        id_socio: padre,
        id_pagador: padre,
        id_producto: otroProducto,
        anyo: ANYO,
        concepto: "Ocupa la clave",
        importe: 1,
        fecha_emision: `${ANYO}-01-01`,
        fecha_vencimiento: `${ANYO}-01-01`,
        clave_emision: `otro:${rifa}:${padre}:1`,
      })
      .execute();
    const r = await emitir({ anyo: ANYO, productos: [rifa] });
    expect(r.numCargos).toBeGreaterThan(1);
    expect(r).toMatchObject({ nuevos: r.numCargos - 1, yaExistian: 1 });
    expect(r.importeNuevos).toBe(3 * (r.numCargos - 1));
    expect(await pagosDe(padre, rifa)).toEqual([]);
    expect(await pagosDe(hija, rifa)).toHaveLength(1);
  });
});

describe("tras una emisión, los resúmenes de los cargos", () => {
  it("se pliegan enseguida, sin esperar a la tarea de cada hora", async () => {
    const ANYO = 2033;
    const cuota = await producto({
      nombre: `Cuota ${ANYO}`,
      anyo: ANYO,
      tipo: "cuota",
      precio: 30,
    });
    for (let i = 0; i < 3; i++) await socio({ nombre: `Plegado ${i}`, id_tipo_socio: tipoFester });
    const sueltas = async () => {
      const { rows } = await sql<{ n: number }>`select
          (select count(*) from deuda_grupo where not fija)::int
          + (select count(*) from deuda_socio where not fija)::int as n`.execute(e.db);
      return rows[0]?.n ?? -1;
    };
    const r = await emitir({ anyo: ANYO, productos: [cuota] });
    expect(r.numCargos).toBeGreaterThanOrEqual(3);
    // The emission's rows, folded by the task it asked for (else they wait up to an hour).
    await expect.poll(sueltas, { timeout: 20_000 }).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deuda_grupo
      where fija and anyo = ${ANYO}`.execute(e.db);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
  });
});
