import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../test/entorno.js";

/*
 * The member's home answers — `GET /api/actos/mios`, `GET /api/pagos/mios` and the news list —
 * are kept in memory, written, for the version of the data they were read at (migrations 0017
 * and 0029, ADR 0023). These tests prove both halves: the same request again is served from
 * memory (a change made behind the version's back does not show), and a write by any path to any
 * table those answers read shows in the next answer.
 */

let e: Entorno;
let token: string;
let idSocio: number;
let idActo: number;
let idPago: number;
let idForma: number;
let idNoticia: number;

const RUTAS = {
  actos: "/api/actos/mios?pageSize=200",
  pagos: "/api/pagos/mios?page=1&pageSize=200",
  noticias: "/api/noticias?page=1&pageSize=12&publicadas=1",
} as const;

async function leer(ruta: keyof typeof RUTAS) {
  const res = await e.app.inject({ url: RUTAS[ruta], headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return { texto: res.body, cuerpo: res.json() };
}

const manyana = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  e = await crearEntorno();
  const cuenta = await crearCuenta(e.db, { rol: "socio" });
  idSocio = cuenta.idSocio as number;
  token = await entrar(e.app, cuenta.email);
  idForma = (
    await e.db
      .insertInto("forma_pago")
      .values({ nombre: "Ventanilla" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  idPago = (
    await e.db
      .insertInto("pago")
      .values({
        id_socio: idSocio,
        id_pagador: idSocio,
        anyo: 2026,
        concepto: "Cuota 2026",
        importe: 12050,
        fecha_emision: "2026-01-01",
        fecha_vencimiento: "2026-01-31",
        estado: "pagado",
        fecha_pago: "2026-01-15",
        id_forma_pago: idForma,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  idActo = (
    await e.db
      .insertInto("acto")
      .values({ nombre: "Cena de hermandad", fecha: manyana() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  idNoticia = (
    await e.db
      .insertInto("noticia")
      .values({ titulo: "Asamblea", fecha: "2026-11-01", publicada: true })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await e?.cerrar();
});

/** Runs `escribir` with the table's version trigger off: a change the version does not see. */
async function aEspaldasDeLaVersion(tabla: string, escribir: () => Promise<unknown>) {
  await sql`ALTER TABLE ${sql.table(tabla)} DISABLE TRIGGER ${sql.raw(`${tabla}_version_datos`)}`.execute(
    e.db,
  );
  try {
    await escribir();
  } finally {
    await sql`ALTER TABLE ${sql.table(tabla)} ENABLE TRIGGER ${sql.raw(`${tabla}_version_datos`)}`.execute(
      e.db,
    );
  }
}

describe("las respuestas del inicio del socio, guardadas por versión de los datos", () => {
  it("la misma petición otra vez sale de memoria, hasta que sube la versión", async () => {
    const antes = {
      actos: await leer("actos"),
      pagos: await leer("pagos"),
      noticias: await leer("noticias"),
    };
    await aEspaldasDeLaVersion("acto", () =>
      e.db.updateTable("acto").set({ nombre: "Cena cambiada" }).where("id", "=", idActo).execute(),
    );
    await aEspaldasDeLaVersion("pago", () =>
      e.db
        .updateTable("pago")
        .set({ concepto: "Cuota cambiada" })
        .where("id", "=", idPago)
        .execute(),
    );
    await aEspaldasDeLaVersion("noticia", () =>
      e.db
        .updateTable("noticia")
        .set({ titulo: "Asamblea cambiada" })
        .where("id", "=", idNoticia)
        .execute(),
    );
    expect((await leer("actos")).texto).toBe(antes.actos.texto);
    expect((await leer("pagos")).texto).toBe(antes.pagos.texto);
    expect((await leer("noticias")).texto).toBe(antes.noticias.texto);

    await sql`SELECT nextval('version_datos')`.execute(e.db);
    expect((await leer("actos")).cuerpo.items[0].nombre).toBe("Cena cambiada");
    expect((await leer("pagos")).cuerpo.items[0].concepto).toBe("Cuota cambiada");
    expect((await leer("noticias")).cuerpo.items[0].titulo).toBe("Asamblea cambiada");
  });

  it("cada escritura en actos, precios, inscripciones, formas de pago y noticias está en la respuesta siguiente", async () => {
    await leer("actos");
    await e.db.updateTable("acto").set({ lugar: "El casal" }).where("id", "=", idActo).execute();
    expect((await leer("actos")).cuerpo.items[0].lugar).toBe("El casal");

    const idTipo = (
      await e.db
        .insertInto("tipo_socio")
        .values({ nombre: "De número" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await e.db
      .updateTable("socio")
      .set({ id_tipo_socio: idTipo })
      .where("id", "=", idSocio)
      .execute();
    await e.db.updateTable("acto").set({ se_paga: true }).where("id", "=", idActo).execute();
    const conPrecio = await leer("actos");
    expect(conPrecio.cuerpo.items[0].familia[0].precio).toBe(0);
    await e.db
      .insertInto("acto_precio")
      .values({ id_acto: idActo, id_tipo_socio: idTipo, precio: 2500 })
      .execute();
    expect((await leer("actos")).cuerpo.items[0].familia[0].precio).toBe(25);

    await e.db
      .insertInto("inscripcion")
      .values({ id_acto: idActo, id_socio: idSocio, importe: 2500 })
      .execute();
    expect((await leer("actos")).cuerpo.items[0].familia[0].inscrito).toBe(true);

    const pagos = (await leer("pagos")).texto;
    expect(pagos).toContain("Ventanilla");
    await e.db
      .updateTable("forma_pago")
      .set({ nombre: "Caja de la filà" })
      .where("id", "=", idForma)
      .execute();
    expect((await leer("pagos")).texto).toContain("Caja de la filà");

    await leer("noticias");
    await e.db
      .updateTable("noticia")
      .set({ publicada: false })
      .where("id", "=", idNoticia)
      .execute();
    expect((await leer("noticias")).cuerpo.total).toBe(0);
  });

  it("una inscripción por la API sale en «mis actos» de inmediato", async () => {
    await e.db.deleteFrom("inscripcion").where("id_acto", "=", idActo).execute();
    await e.db.updateTable("acto").set({ se_paga: false }).where("id", "=", idActo).execute();
    expect((await leer("actos")).cuerpo.items[0].familia[0].inscrito).toBe(false);
    const res = await e.app.inject({
      method: "POST",
      url: `/api/actos/${idActo}/inscripciones`,
      headers: bearer(token),
      payload: { idSocio },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await leer("actos")).cuerpo.items[0].familia[0].inscrito).toBe(true);
  });
});
