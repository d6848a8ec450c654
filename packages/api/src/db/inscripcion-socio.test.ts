import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import type { BaseDeDatos } from "./database.js";

// Issue 51: the enrolled list is sorted by an index on the enrolment, which carries its member's
// surname, name and type (migration 0050), copied by triggers. They must say what `socio` says
// after any write of either table, also concurrent ones (on PostgreSQL, DATABASE_URL).
let bd: BaseDeDatos & { motor: "pglite" | "postgres" };
let actos: number[];
let tipos: number[];

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  tipos = (
    await sql<{ id: number }>`
      insert into tipo_socio (nombre) values ('Copia A'), ('Copia B') returning id`.execute(bd.db)
  ).rows.map((r) => r.id);
  actos = (
    await sql<{ id: number }>`
      insert into acto (nombre, fecha) values ('Uno', '2026-12-20'), ('Dos', '2026-12-21')
      returning id`.execute(bd.db)
  ).rows.map((r) => r.id);
});
afterAll(() => bd.cerrar());

type Fila = { id: number; apellidos: string; nombre: string; tipo: number | null };

/** Each enrolment's copy, and what its member's row says. */
async function copiaYSocio(): Promise<{ copia: Fila[]; socio: Fila[] }> {
  const leer = async (consulta: ReturnType<typeof sql>) =>
    ((await consulta.execute(bd.db)).rows as Fila[]).map((f) => ({
      ...f,
      tipo: f.tipo === null ? null : Number(f.tipo),
    }));
  return {
    copia: await leer(sql`
      select id, socio_apellidos as apellidos, socio_nombre as nombre, socio_id_tipo as tipo
      from inscripcion order by id`),
    socio: await leer(sql`
      select i.id, s.apellidos, s.nombre, s.id_tipo_socio as tipo
      from inscripcion i join socio s on s.id = i.id_socio order by i.id`),
  };
}

describe("inscripcion: apellidos, nombre y tipo de su socio", () => {
  it("se copian al inscribir (una a una y en lote) y siguen al socio que cambia", async () => {
    const [a, b] = tipos as [number, number];
    const [uno, dos] = actos as [number, number];
    const socios = (
      await sql<{ id: number }>`
        insert into socio (nombre, apellidos, id_tipo_socio)
        select 'Nombre ' || g, 'Apellido ' || (100 - g), case when g % 2 = 0 then ${a}::integer end
        from generate_series(1, 30) g returning id`.execute(bd.db)
    ).rows.map((r) => r.id);
    // One by one and in one statement (as the peak's batches), into two events.
    await sql`insert into inscripcion (id_acto, id_socio) values (${uno}, ${socios[0] ?? 0})`.execute(
      bd.db,
    );
    await sql`insert into inscripcion (id_acto, id_socio)
      select ${uno}, s from unnest(${socios.slice(1)}::int[]) s`.execute(bd.db);
    await sql`insert into inscripcion (id_acto, id_socio, estado)
      select ${dos}, s, case when s % 3 = 0 then 'en_espera' else 'confirmada' end
      from unnest(${socios.slice(0, 20)}::int[]) s`.execute(bd.db);
    let { copia, socio } = await copiaYSocio();
    expect(copia.length).toBe(50);
    expect(copia).toEqual(socio);
    expect(copia.filter((f) => f.tipo === a).length).toBe(25);

    // Renamed, retyped, untyped, anonymised, in single and bulk statements; one change that
    // touches neither, and an enrolment moved to another member.
    await sql`update socio set apellidos = 'Cambiado' where id = ${socios[3] ?? 0}`.execute(bd.db);
    await sql`update socio set id_tipo_socio = ${b} where id = any(${socios.slice(0, 10)})`.execute(
      bd.db,
    );
    await sql`update socio set id_tipo_socio = null, nombre = nombre || ' bis'
      where id = any(${socios.slice(10, 14)})`.execute(bd.db);
    await sql`update socio set nombre = 'Anónimo', apellidos = '' where id = ${socios[20] ?? 0}`.execute(
      bd.db,
    );
    await sql`update socio set activo = false where id = any(${socios})`.execute(bd.db);
    const otro = (
      await sql<{ id: number }>`
        insert into socio (nombre, apellidos, id_tipo_socio) values ('Otro', 'Socio', ${b}::integer)
        returning id`.execute(bd.db)
    ).rows[0]?.id as number;
    await sql`update inscripcion set id_socio = ${otro}
      where id_acto = ${dos} and id_socio = ${socios[19] ?? 0}`.execute(bd.db);
    ({ copia, socio } = await copiaYSocio());
    expect(copia).toEqual(socio);
    expect(copia.some((f) => f.apellidos === "Cambiado")).toBe(true);
    expect(copia.some((f) => f.nombre === "Anónimo")).toBe(true);
  });

  it("sigue al socio con cambios simultáneos en transacciones distintas", async () => {
    const ids = await sociosDelPrimero();
    const fallos: unknown[] = [];
    // The board renames and retypes members while their enrolments change (guests), each in its
    // own transaction, all at once.
    await Promise.all(
      ids.slice(0, 12).flatMap((id, k) => [
        bd.db
          .transaction()
          .execute(async (tx) => {
            await sql`update socio set apellidos = ${`Simultáneo ${k}`},
              id_tipo_socio = ${k % 2 ? tipos[0] : tipos[1]}::integer where id = ${id}`.execute(tx);
          })
          .catch((error) => fallos.push(error)),
        bd.db
          .transaction()
          .execute(async (tx) => {
            await sql`update inscripcion set invitados = invitados + 1 where id_socio = ${id}`.execute(
              tx,
            );
          })
          .catch((error) => fallos.push(error)),
      ]),
    );
    expect(fallos).toEqual([]);
    const { copia, socio } = await copiaYSocio();
    expect(copia).toEqual(socio);
  });

  // One transaction that renames a member and then changes the same member's enrolments checks
  // again the event key of every enrolment it already wrote (the copy of the name), FOR KEY SHARE
  // on the event, before the counters' trigger locks the event: with that lock FOR UPDATE, two of
  // them upgraded shared locks on the same event and deadlocked (migration 0053). Each round has
  // them all at once, on PostgreSQL (DATABASE_URL); on PGlite they run one after another.
  it("sigue al socio cuando una transacción lo renombra y cambia sus inscripciones, varias a la vez", async () => {
    const ids = await sociosDelPrimero();
    const antes = await contadores();
    for (let vuelta = 0; vuelta < 5; vuelta++) {
      const fallos: string[] = [];
      await Promise.all(
        ids.slice(0, 12).map((id, k) =>
          bd.db
            .transaction()
            .execute(async (tx) => {
              await sql`update socio set apellidos = ${`Junto ${vuelta}.${k}`},
                id_tipo_socio = ${(k + vuelta) % 2 ? tipos[0] : tipos[1]}::integer
                where id = ${id}`.execute(tx);
              await sql`update inscripcion set invitados = invitados + 1 where id_socio = ${id}`.execute(
                tx,
              );
            })
            .catch((error: { code?: string; message?: string; detail?: string }) =>
              fallos.push(`${error.code} ${error.message}\n${error.detail ?? ""}`),
            ),
        ),
      );
      expect(fallos, fallos.join("\n")).toEqual([]);
    }
    const { copia, socio } = await copiaYSocio();
    expect(copia).toEqual(socio);
    // Every guest added is counted once, in its event.
    const despues = await contadores();
    const confirmadas = (
      await sql<{ id_acto: number; n: number }>`
        select id_acto, count(*)::int as n from inscripcion
        where estado = 'confirmada' and id_socio = any(${ids.slice(0, 12)}) group by id_acto`.execute(
        bd.db,
      )
    ).rows;
    for (const { id_acto, n } of confirmadas)
      expect(despues.get(id_acto)).toBe((antes.get(id_acto) ?? 0) + 5 * n);
  });

  // The same, in the one order that deadlocked every time: a third transaction holds the first
  // event FOR SHARE (as a key check would not), so both take their key checks' FOR KEY SHARE on
  // the events before either can lock the first one for its counters; then it ends.
  if (process.env.DATABASE_URL)
    it("PostgreSQL: dos que renombran y cambian sus inscripciones tras comprobar las dos la clave del acto", async () => {
      const [uno, dos] = actos as [number, number];
      const dosSocios = (
        await sql<{ id: number }>`
          insert into socio (nombre, apellidos) values ('Orden', 'Uno'), ('Orden', 'Dos')
          returning id`.execute(bd.db)
      ).rows.map((r) => r.id);
      await sql`insert into inscripcion (id_acto, id_socio)
        select a, s from unnest(${[uno, dos]}::int[]) a, unnest(${dosSocios}::int[]) s`.execute(
        bd.db,
      );
      const antes = await contadores();
      const fallos: string[] = [];
      let cambios: Promise<unknown>[] = [];
      await bd.db.transaction().execute(async (retiene) => {
        await sql`select 1 from acto where id = ${uno} for share`.execute(retiene);
        cambios = dosSocios.map((id) =>
          bd.db
            .transaction()
            .execute(async (tx) => {
              await sql`update socio set apellidos = 'Reordenado' where id = ${id}`.execute(tx);
              await sql`update inscripcion set invitados = invitados + 1 where id_socio = ${id}`.execute(
                tx,
              );
            })
            .catch((error: { code?: string; message?: string; detail?: string }) =>
              fallos.push(`${error.code} ${error.message}\n${error.detail ?? ""}`),
            ),
        );
        // Both wait on this transaction's lock (their key checks already passed).
        for (let intento = 0; ; intento++) {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query like 'update inscripcion%'`.execute(bd.db);
          if ((rows[0]?.n ?? 0) >= 2) break;
          if (intento > 200) throw new Error("las dos transacciones no llegan a esperar al acto");
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await Promise.all(cambios);
      expect(fallos, fallos.join("\n")).toEqual([]);
      const despues = await contadores();
      expect(despues.get(uno)).toBe((antes.get(uno) ?? 0) + 2);
      expect(despues.get(dos)).toBe((antes.get(dos) ?? 0) + 2);
      const { copia, socio } = await copiaYSocio();
      expect(copia).toEqual(socio);
    });

  // Enrolments inserted straight into one event by several transactions (no service locking the
  // event first): each checks the event key (FOR KEY SHARE) before the trigger locks the event.
  it("cuenta las inscripciones insertadas a la vez en el mismo acto por transacciones distintas", async () => {
    const [uno, dos] = actos as [number, number];
    const nuevos = (
      await sql<{ id: number }>`
        insert into socio (nombre, apellidos) select 'Lote ' || g, 'Lote' from generate_series(1, 12) g
        returning id`.execute(bd.db)
    ).rows.map((r) => r.id);
    const antes = await contadores();
    const fallos: string[] = [];
    await Promise.all(
      nuevos.map((id) =>
        bd.db
          .transaction()
          .execute(async (tx) => {
            await sql`insert into inscripcion (id_acto, id_socio) values (${uno}, ${id})`.execute(
              tx,
            );
            await sql`insert into inscripcion (id_acto, id_socio) values (${dos}, ${id})`.execute(
              tx,
            );
          })
          .catch((error: { code?: string; message?: string; detail?: string }) =>
            fallos.push(`${error.code} ${error.message}\n${error.detail ?? ""}`),
          ),
      ),
    );
    expect(fallos, fallos.join("\n")).toEqual([]);
    const despues = await contadores();
    expect(despues.get(uno)).toBe((antes.get(uno) ?? 0) + 12);
    expect(despues.get(dos)).toBe((antes.get(dos) ?? 0) + 12);
  });
});

/** The members the first test enrolled, in id order. */
async function sociosDelPrimero(): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from socio where nombre like 'Nombre %' order by id`.execute(bd.db);
  return rows.map((r) => r.id);
}

/** `ocupadas` of every event (confirmed enrolments and their guests). */
async function contadores(): Promise<Map<number, number>> {
  const { rows } = await sql<{ id: number; ocupadas: number }>`
    select id, ocupadas from acto order by id`.execute(bd.db);
  return new Map(rows.map((r) => [r.id, Number(r.ocupadas)]));
}
