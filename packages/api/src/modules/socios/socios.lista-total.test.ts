import { hoyIso } from "@fila/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { SociosRepository } from "./socios.repository.js";

/*
 * The member list's total, with no filter or only type and active, is read from `socio_resumen`
 * (migration 0050) instead of counting the members (issue 51). These tests prove it equals the
 * count after each kind of write, and that it is the summary that answers (and only then).
 */

let e: Entorno;
let token: string;
let tipoA: number;
let tipoB: number;

async function total(consulta: string): Promise<number> {
  const res = await e.app.inject({
    url: `/api/socios?pageSize=1&${consulta}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total;
}

async function contar(tipo?: number, activo?: boolean): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from socio
    where ${tipo === undefined ? sql`true` : sql`id_tipo_socio = ${tipo}`}
      and ${activo === undefined ? sql`true` : sql`activo = ${activo}`}`.execute(e.db);
  return rows[0]?.n ?? -1;
}

/** Every combination the summary answers, against the members counted one by one. */
async function comprobarTodas() {
  for (const tipo of [undefined, tipoA, tipoB]) {
    for (const activo of [undefined, true, false]) {
      const consulta = [
        tipo === undefined ? "" : `tipo=${tipo}`,
        activo === undefined ? "" : `activo=${activo ? "1" : "false"}`,
      ]
        .filter(Boolean)
        .join("&");
      expect(await total(consulta), consulta || "sin filtros").toBe(await contar(tipo, activo));
    }
  }
}

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, admin.email);
  const tipos = await e.db
    .insertInto("tipo_socio")
    .values([{ nombre: "Tipo A del total" }, { nombre: "Tipo B del total" }])
    .returning("id")
    .execute();
  tipoA = tipos[0]?.id ?? 0;
  tipoB = tipos[1]?.id ?? 0;
  await e.db
    .insertInto("socio")
    .values([
      { nombre: "Uno", apellidos: "Total", id_tipo_socio: tipoA, activo: true },
      { nombre: "Dos", apellidos: "Total", id_tipo_socio: tipoA, activo: true },
      { nombre: "Tres", apellidos: "Total", id_tipo_socio: tipoA, activo: false },
      { nombre: "Cuatro", apellidos: "Total", id_tipo_socio: tipoB, activo: true },
      { nombre: "Cinco", apellidos: "Total", id_tipo_socio: null, activo: true },
    ])
    .execute();
});

afterAll(async () => {
  await e?.cerrar();
});

describe("el total de la lista de socios sin filtros o por tipo y activo", () => {
  it("es el número de socios tras altas, cambios de tipo, bajas y borrados", async () => {
    await comprobarTodas();
    const { id } = await e.db
      .selectFrom("socio")
      .select("id")
      .where("nombre", "=", "Dos")
      .executeTakeFirstOrThrow();
    await e.db.updateTable("socio").set({ id_tipo_socio: tipoB }).where("id", "=", id).execute();
    await e.db
      .updateTable("socio")
      .set({ activo: false })
      .where("id_tipo_socio", "=", tipoB)
      .execute();
    await e.db.deleteFrom("socio").where("nombre", "=", "Cinco").execute();
    await e.db
      .insertInto("socio")
      .values(
        ["Seis", "Siete", "Ocho"].map((nombre) => ({
          nombre,
          apellidos: "Total",
          id_tipo_socio: tipoB,
          activo: true,
        })),
      )
      .execute();
    await comprobarTodas();
    expect(await total(`tipo=${tipoB}&activo=0`)).toBe(2);
    expect(await total(`tipo=${tipoB}&activo=1`)).toBe(3);
  });

  it("lo da el resumen, y solo cuando no hay otro filtro", async () => {
    const repo = new SociosRepository(e.db);
    const pedir = (filtros: Record<string, unknown>) =>
      repo.listar({ page: 1, pageSize: 1, sort: "apellidos", ...filtros }, hoyIso());
    const antes = {
      tipo: (await pedir({ tipo: tipoA })).total,
      tipoYActivo: (await pedir({ tipo: tipoA, activo: true })).total,
      todos: (await pedir({})).total,
      conSexo: (await pedir({ tipo: tipoA, sexo: "hombre" })).total,
      conBusqueda: (await pedir({ tipo: tipoA, q: "total" })).total,
    };
    // A row the triggers never wrote: only a total read from the summary sees it.
    await sql`insert into socio_resumen (id_tipo_socio, activo, num) values (${tipoA}, true, 7)`.execute(
      e.db,
    );
    try {
      expect((await pedir({ tipo: tipoA })).total).toBe(antes.tipo + 7);
      expect((await pedir({ tipo: tipoA, activo: true })).total).toBe(antes.tipoYActivo + 7);
      expect((await pedir({ tipo: tipoA, activo: false })).total).toBe(await contar(tipoA, false));
      expect((await pedir({})).total).toBe(antes.todos + 7);
      expect((await pedir({ tipo: tipoA, sexo: "hombre" })).total).toBe(antes.conSexo);
      expect((await pedir({ tipo: tipoA, q: "total" })).total).toBe(antes.conBusqueda);
      expect((await pedir({ tipo: tipoA, q: "  " })).total).toBe(antes.tipo + 7);
    } finally {
      await sql`delete from socio_resumen where num = 7`.execute(e.db);
    }
  });
});
