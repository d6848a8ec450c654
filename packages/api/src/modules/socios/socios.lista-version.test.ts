import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

/*
 * The member list is kept in memory, written, for the version of the data it was read at
 * (`version_datos`, migration 0017; CachePorVersion). These tests prove that the version is what
 * it follows: every write to a member, member type, charge or product, by any path and any
 * server, is in the next page; a page read while a change was uncommitted is not kept.
 */

let e: Entorno;
let token: string;
let idSocio: number;
let idTipo: number;

const APELLIDO = "Versionada";

async function pagina(app: FastifyInstance = e.app) {
  const res = await app.inject({
    url: `/api/socios?q=${APELLIDO}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  const cuerpo = res.json();
  expect(cuerpo.total).toBe(1);
  return { cuerpo: res.body, socio: cuerpo.items[0] };
}

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, admin.email);
  const tipo = await e.db
    .insertInto("tipo_socio")
    .values({ nombre: "Tipo versionado" })
    .returning("id")
    .executeTakeFirstOrThrow();
  idTipo = tipo.id;
  const socio = await e.db
    .insertInto("socio")
    .values({ nombre: "Ana", apellidos: APELLIDO, id_tipo_socio: idTipo })
    .returning("id")
    .executeTakeFirstOrThrow();
  idSocio = socio.id;
});

afterAll(async () => {
  await e?.cerrar();
});

describe("la lista de socios guardada por versión de los datos", () => {
  it("la misma página otra vez sale de memoria: lo escrito sin subir la versión no se ve hasta que sube", async () => {
    const primera = await pagina();
    expect(primera.socio.nombre).toBe("Ana");
    // Behind the version's back: the trigger off for this one statement.
    await sql`ALTER TABLE socio DISABLE TRIGGER socio_version_datos`.execute(e.db);
    try {
      await e.db.updateTable("socio").set({ nombre: "Berta" }).where("id", "=", idSocio).execute();
    } finally {
      await sql`ALTER TABLE socio ENABLE TRIGGER socio_version_datos`.execute(e.db);
    }
    const segunda = await pagina();
    expect(segunda.cuerpo).toBe(primera.cuerpo);
    await sql`SELECT nextval('version_datos')`.execute(e.db);
    expect((await pagina()).socio.nombre).toBe("Berta");
  });

  it("cada escritura en socios, tipos de socio, cargos o productos, por cualquier camino, está en la página siguiente", async () => {
    await pagina();
    await e.db
      .updateTable("socio")
      .set({ telefono: "600111222" })
      .where("id", "=", idSocio)
      .execute();
    expect((await pagina()).socio.telefono).toBe("600111222");

    await e.db
      .updateTable("tipo_socio")
      .set({ nombre: "Tipo renombrado" })
      .where("id", "=", idTipo)
      .execute();
    expect((await pagina()).socio.tipo.nombre).toBe("Tipo renombrado");

    const producto = await e.db
      .insertInto("producto")
      .values({ nombre: "Derrama versionada", anyo: 2026, tipo: "derrama", precio: 5000 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await pagina()).socio.derramaPagada).toBe(0);
    await e.db
      .insertInto("pago")
      .values({
        id_socio: idSocio,
        id_pagador: idSocio,
        id_producto: producto.id,
        anyo: 2026,
        concepto: "Derrama",
        importe: 5000,
        fecha_emision: "2026-01-10",
        fecha_vencimiento: "2026-02-10",
        estado: "pagado",
        fecha_pago: "2026-01-20",
        id_forma_pago: null,
        clave_emision: null,
        id_remesa: null,
        id_adeudo: null,
        id_pago_origen: null,
      })
      .execute();
    expect((await pagina()).socio.derramaPagada).toBe(50);

    // The charge's product stops being a levy: the levy paid goes back to 0.
    await e.db
      .updateTable("producto")
      .set({ tipo: "otro" })
      .where("id", "=", producto.id)
      .execute();
    expect((await pagina()).socio.derramaPagada).toBe(0);
  });

  it("otro servidor sobre la misma base ve lo que cambia este: la versión está en la base", async () => {
    const otro = await buildApp({ config: e.config, db: e.db, clave: e.clave, logger: false });
    await otro.ready();
    try {
      await pagina(otro);
      const res = await e.app.inject({
        method: "PATCH",
        url: `/api/socios/${idSocio}`,
        headers: bearer(token),
        payload: { telefono: "611000999" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await pagina(otro)).socio.telefono).toBe("611000999");
    } finally {
      await otro.close();
    }
  });

  // A second connection holding an uncommitted change needs PostgreSQL: PGlite has only one.
  if (process.env.DATABASE_URL)
    it("una página leída mientras otro cambio está sin confirmar no se guarda: tras confirmarlo se ve", async () => {
      await pagina();
      await e.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("socio")
          .set({ poblacion: "Alcoi" })
          .where("id", "=", idSocio)
          .execute();
        // The version has already gone up; the page read now cannot see the change yet.
        expect((await pagina()).socio.poblacion).not.toBe("Alcoi");
      });
      expect((await pagina()).socio.poblacion).toBe("Alcoi");
    });
});
