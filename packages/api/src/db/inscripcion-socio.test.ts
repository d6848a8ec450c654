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
    const ids = (
      await sql<{
        id: number;
      }>`select id from socio where nombre like 'Nombre %' order by id`.execute(bd.db)
    ).rows.map((r) => r.id);
    const fallos: unknown[] = [];
    // The board renames and retypes members while their enrolments change (guests), each in its
    // own transaction, all at once. (One transaction that renames a member and then changes the
    // same member's enrolments re-checks their event keys — rows it already wrote — and can
    // deadlock with another doing the same; no path of the app does both in one transaction.)
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
});
