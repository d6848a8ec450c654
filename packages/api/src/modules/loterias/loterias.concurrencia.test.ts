import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

/**
 * The cap under simultaneous requests (issue 46): on PostgreSQL (DATABASE_URL) every request has
 * its own connection and transaction, so only the lottery's row lock keeps two of them from
 * counting the same free participations.
 */
let e: Entorno;
let token: string;
let titular: string;
let idSocioTitular: number;

const PETICIONES = 20;

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  e = await crearEntorno();
  token = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const cuentaTitular = await crearCuenta(e.db, { conSocio: true });
  titular = await entrar(e.app, cuentaTitular.email);
  idSocioTitular = cuentaTitular.idSocio as number;
});

afterAll(async () => {
  await e?.cerrar();
});

async function crearLoteria(decimos: number) {
  const res = await e.app.inject({
    method: "POST",
    url: "/api/loterias",
    headers: bearer(token),
    payload: {
      nombre: `Lotería concurrente ${decimos}-${Date.now()}`,
      fechaSorteo: dentroDe(40),
      fechaLimiteDevolucion: dentroDe(30),
      numeros: [
        { numero: "05473", decimos },
        { numero: "71234", decimos: decimos * 2 },
      ],
      importeJugado: 4,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const emitidas = async (id: number) =>
  Number(
    (
      await e.db
        .selectFrom("loteria_participacion")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("id_loteria", "=", id)
        .where("estado", "<>", "devuelta")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`cupo de la lotería con ${PETICIONES} peticiones simultáneas`, () => {
  it("talonarios: nunca pasa de lo que cubren los décimos", async () => {
    // 10 décimos × 20 € ÷ 2 € por número = 100 participaciones; 20 peticiones de 1 × 7 = 140.
    const id = await crearLoteria(10);
    const respuestas = await Promise.all(
      Array.from({ length: PETICIONES }, () =>
        e.app.inject({
          method: "POST",
          url: `/api/loterias/${id}/talonarios`,
          headers: bearer(token),
          payload: { cantidad: 1, participaciones: 7 },
        }),
      ),
    );
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 201)).toHaveLength(14);
    expect(estados.filter((s) => s === 409)).toHaveLength(6);
    expect(await emitidas(id)).toBe(98);
    // Consecutive serials without gaps nor overlaps.
    const rangos = await e.db
      .selectFrom("loteria_talonario")
      .select(["serie_desde", "serie_hasta"])
      .where("id_loteria", "=", id)
      .orderBy("serie_desde")
      .execute();
    rangos.forEach((r, i) => {
      expect(r).toEqual({ serie_desde: i * 7 + 1, serie_hasta: i * 7 + 7 });
    });
  });

  it("bajar décimos mientras se emiten talonarios: nunca quedan más emitidas que cubiertas", async () => {
    const id = await crearLoteria(10);
    const cuerpo = (decimos: number) => ({
      nombre: `Lotería que baja ${id}`,
      fechaSorteo: dentroDe(40),
      fechaLimiteDevolucion: dentroDe(30),
      numeros: [
        { numero: "05473", decimos },
        { numero: "71234", decimos: 20 },
      ],
      importeJugado: 4,
    });
    const peticiones = Array.from({ length: PETICIONES }, (_, i) =>
      i % 4 === 0
        ? e.app.inject({
            method: "PUT",
            url: `/api/loterias/${id}`,
            headers: bearer(token),
            payload: cuerpo(10 - i / 4),
          })
        : e.app.inject({
            method: "POST",
            url: `/api/loterias/${id}/talonarios`,
            headers: bearer(token),
            payload: { cantidad: 1, participaciones: 6 },
          }),
    );
    const respuestas = await Promise.all(peticiones);
    for (const r of respuestas) expect([200, 201, 409]).toContain(r.statusCode);
    const decimos = await e.db
      .selectFrom("loteria_numero")
      .select("decimos")
      .where("id_loteria", "=", id)
      .where("numero", "=", "05473")
      .executeTakeFirstOrThrow();
    expect(await emitidas(id)).toBeLessThanOrEqual(decimos.decimos * 10);
  });

  it("participaciones digitales de un mismo talonario: cada serie una sola vez", async () => {
    const id = await crearLoteria(10);
    const socio = await e.db
      .selectFrom("usuario")
      .select("id_socio")
      .where("rol", "=", "usuario")
      .executeTakeFirstOrThrow();
    const t = await e.app.inject({
      method: "POST",
      url: `/api/loterias/${id}/talonarios`,
      headers: bearer(token),
      payload: { cantidad: 1, participaciones: 15, idSocio: socio.id_socio },
    });
    expect(t.statusCode, t.body).toBe(201);
    const respuestas = await Promise.all(
      Array.from({ length: PETICIONES }, (_, i) =>
        e.app.inject({
          method: "POST",
          url: `/api/loterias/${id}/participaciones`,
          headers: bearer(titular),
          payload: { comprador: { nombre: `Comprador ${i}` } },
        }),
      ),
    );
    const creadas = respuestas.filter((r) => r.statusCode === 201);
    expect(creadas).toHaveLength(15);
    expect(respuestas.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(new Set(creadas.map((r) => r.json().serie)).size).toBe(15);
  });
});

describe("liquidación de un talonario con peticiones simultáneas", () => {
  it("el titular y la junta a la vez: una sola liquidación y un solo cargo", async () => {
    const id = await crearLoteria(10);
    const emision = await e.app.inject({
      method: "POST",
      url: `/api/loterias/${id}/talonarios`,
      headers: bearer(token),
      payload: { cantidad: 1, participaciones: 10, idSocio: idSocioTitular },
    });
    expect(emision.statusCode, emision.body).toBe(201);
    const idTalonario = emision.json().items[0].id as number;
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        e.app.inject({
          method: "POST",
          url: `/api/loterias/${id}/talonarios/${idTalonario}/liquidacion`,
          headers: bearer(i % 2 === 0 ? titular : token),
          payload: { vendidas: 4 + (i % 3) },
        }),
      ),
    );
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados).toEqual([200, ...Array(9).fill(409)]);
    const cargos = await e.db
      .selectFrom("loteria_talonario")
      .innerJoin("pago", "pago.id", "loteria_talonario.id_pago")
      .select(["pago.importe", "loteria_talonario.vendidas"])
      .where("loteria_talonario.id", "=", idTalonario)
      .execute();
    expect(cargos).toHaveLength(1);
    const unico = cargos[0] as { importe: number; vendidas: number };
    // 4 € played, no donativo: the one charge is what the one settlement sold.
    expect(unico.importe).toBe(unico.vendidas * 400);
    const delProducto = await e.db
      .selectFrom("pago")
      .innerJoin("loteria", "loteria.id_producto", "pago.id_producto")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("loteria.id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(delProducto.n)).toBe(1);
  });
});

describe("participaciones digitales mientras se liquida el mismo talonario", () => {
  it("ninguna digital queda devuelta: o se vende en la liquidación o no se emite", async () => {
    const id = await crearLoteria(10);
    const emision = await e.app.inject({
      method: "POST",
      url: `/api/loterias/${id}/talonarios`,
      headers: bearer(token),
      payload: { cantidad: 1, participaciones: 10, idSocio: idSocioTitular },
    });
    expect(emision.statusCode, emision.body).toBe(201);
    const idTalonario = emision.json().items[0].id as number;
    // The holder settles «all returned» while issuing digital ones from the same book (without
    // naming it): before the lock, a serial read as free before the settlement committed was made
    // digital after it, and stayed «devuelta».
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i === 4
          ? e.app.inject({
              method: "POST",
              url: `/api/loterias/${id}/talonarios/${idTalonario}/liquidacion`,
              headers: bearer(titular),
              payload: { vendidas: 0 },
            })
          : e.app.inject({
              method: "POST",
              url: `/api/loterias/${id}/participaciones`,
              headers: bearer(titular),
              payload: { comprador: { nombre: `Comprador ${i}` } },
            }),
      ),
    );
    for (const r of respuestas) expect([200, 201, 400, 409], r.body).toContain(r.statusCode);
    const filas = await e.db
      .selectFrom("loteria_participacion")
      .select(["serie", "estado", "digital"])
      .where("id_talonario", "=", idTalonario)
      .orderBy("serie")
      .execute();
    expect(filas.filter((f) => f.digital && f.estado !== "valida")).toEqual([]);
    const digitales = filas.filter((f) => f.digital).length;
    expect(respuestas.filter((r) => r.statusCode === 201)).toHaveLength(digitales);
    const talonario = await e.db
      .selectFrom("loteria_talonario")
      .select(["liquidado_en", "vendidas"])
      .where("id", "=", idTalonario)
      .executeTakeFirstOrThrow();
    if (talonario.liquidado_en !== null) {
      // Settled «none sold»: only before any digital one, and then none came after it.
      expect(digitales).toBe(0);
      expect(talonario.vendidas).toBe(0);
      expect(filas.every((f) => f.estado === "devuelta")).toBe(true);
    } else {
      expect(respuestas[4]?.statusCode).toBe(400);
      expect(digitales).toBe(9);
    }
  });
});
