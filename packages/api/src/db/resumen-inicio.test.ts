import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import type { BaseDeDatos } from "./database.js";

// Issue 51: the board's home reads `socio_resumen` (members per type and active) and
// `alerta_cuenta` (recipients and readings per alert), kept by statement triggers on `socio` and
// `alerta_destinatario` (migration 0050), instead of every member and every recipient. They must
// say exactly what a count of the tables says after any mix of writes, also concurrent ones (on
// PostgreSQL, DATABASE_URL: each transaction on its own connection).
let bd: BaseDeDatos & { motor: "pglite" | "postgres" };
let tipos: number[];

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  const { rows } = await sql<{ id: number }>`
    insert into tipo_socio (nombre) values ('Resumen A'), ('Resumen B') returning id`.execute(
    bd.db,
  );
  tipos = rows.map((r) => r.id);
});
afterAll(() => bd.cerrar());

type FilaSocios = { tipo: number | null; activo: boolean; num: number };
type FilaAlerta = { id_alerta: number; destinatarios: number; leidas: number };

async function socios(): Promise<{ resumen: FilaSocios[]; recuento: FilaSocios[] }> {
  const leer = async (consulta: ReturnType<typeof sql>) =>
    ((await consulta.execute(bd.db)).rows as FilaSocios[]).map((f) => ({
      tipo: f.tipo === null ? null : Number(f.tipo),
      activo: f.activo,
      num: Number(f.num),
    }));
  return {
    resumen: await leer(sql`
      select id_tipo_socio as tipo, activo, sum(num)::int as num from socio_resumen
      group by 1, 2 having sum(num) <> 0 order by 1 nulls first, 2`),
    recuento: await leer(sql`
      select id_tipo_socio as tipo, activo, count(*)::int as num from socio
      group by 1, 2 order by 1 nulls first, 2`),
  };
}

async function alertas(): Promise<{ resumen: FilaAlerta[]; recuento: FilaAlerta[] }> {
  const leer = async (consulta: ReturnType<typeof sql>) =>
    ((await consulta.execute(bd.db)).rows as FilaAlerta[]).map((f) => ({
      id_alerta: Number(f.id_alerta),
      destinatarios: Number(f.destinatarios),
      leidas: Number(f.leidas),
    }));
  return {
    resumen: await leer(sql`
      select id_alerta, sum(destinatarios)::int as destinatarios, sum(leidas)::int as leidas
      from alerta_cuenta group by 1
      having sum(destinatarios) <> 0 or sum(leidas) <> 0 order by 1`),
    recuento: await leer(sql`
      select id_alerta, count(*)::int as destinatarios, count(leida_en)::int as leidas
      from alerta_destinatario group by 1 order by 1`),
  };
}

async function altas(n: number, tipo: number | null, activo = true) {
  await sql`
    insert into socio (nombre, apellidos, id_tipo_socio, activo)
    select 'Resumen', 'Socio ' || g, ${tipo}::integer, ${activo} from generate_series(1, ${n}) g`.execute(
    bd.db,
  );
}

async function cuentas(n: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into usuario (email, nombre, rol)
    select 'resumen' || g || '-' || ${Math.random()} || '@example.org', 'Resumen', 'socio'
    from generate_series(1, ${n}) g returning id`.execute(bd.db);
  return rows.map((r) => r.id);
}

async function alerta(titulo: string, usuarios: number[]): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into alerta (titulo, destino) values (${titulo}, '{"tipo":"todos"}'::jsonb) returning id`.execute(
    bd.db,
  );
  const id = rows[0]?.id as number;
  await sql`insert into alerta_destinatario (id_alerta, id_usuario)
    select ${id}, u from unnest(${usuarios}::int[]) u`.execute(bd.db);
  return id;
}

describe("socio_resumen", () => {
  it("cuadra con los socios tras altas, bajas, cambios de tipo y borrados", async () => {
    const [a, b] = tipos as [number, number];
    await altas(30, a);
    await altas(12, b);
    await altas(5, null);
    await altas(7, a, false);
    await sql`update socio set activo = false where nombre = 'Resumen' and id % 4 = 0`.execute(
      bd.db,
    );
    await sql`update socio set id_tipo_socio = ${b} where id_tipo_socio = ${a} and id % 3 = 0`.execute(
      bd.db,
    );
    await sql`update socio set id_tipo_socio = null, activo = true
      where id in (select id from socio where id_tipo_socio = ${b} order by id limit 2)`.execute(
      bd.db,
    );
    // A change that moves nothing counted, and one that undoes itself in the same statement.
    await sql`update socio set apellidos = apellidos || ' (revisado)' where nombre = 'Resumen'`.execute(
      bd.db,
    );
    await sql`update socio set id_tipo_socio = case when id_tipo_socio = ${a}::integer then ${b}::integer else ${a}::integer end
      where id_tipo_socio in (${a}, ${b}) and id % 5 = 0`.execute(bd.db);
    await sql`delete from socio where nombre = 'Resumen' and id % 7 = 1`.execute(bd.db);

    const { resumen, recuento } = await socios();
    expect(recuento.length).toBeGreaterThan(4);
    expect(resumen).toEqual(recuento);
  });

  it("cuadra con escrituras simultáneas en transacciones distintas", async () => {
    const [a, b] = tipos as [number, number];
    const fallos: unknown[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        bd.db
          .transaction()
          .execute(async (tx) => {
            await sql`insert into socio (nombre, id_tipo_socio) values ('Simultáneo', ${k % 2 ? a : b}::integer)`.execute(
              tx,
            );
            await sql`update socio set activo = not activo where id = (
              select id from socio where nombre = 'Resumen' order by id offset ${k} limit 1)`.execute(
              tx,
            );
          })
          .catch((error) => fallos.push(error)),
      ),
    );
    expect(fallos).toEqual([]);
    await Promise.all([
      sql`select resumen_inicio_compactar()`.execute(bd.db),
      sql`update socio set id_tipo_socio = ${a} where nombre = 'Simultáneo'`.execute(bd.db),
    ]);
    const { resumen, recuento } = await socios();
    expect(resumen).toEqual(recuento);
  });
});

describe("alerta_cuenta", () => {
  it("cuadra con los destinatarios tras enviar, leer, borrar destinatarios y alertas", async () => {
    const usuarios = await cuentas(20);
    const una = await alerta("Una", usuarios);
    const otra = await alerta("Otra", usuarios.slice(0, 8));
    const borrada = await alerta("Borrada", usuarios.slice(5, 15));
    await sql`update alerta_destinatario set leida_en = now()
      where id_alerta = ${una} and id_usuario % 3 = 0`.execute(bd.db);
    // A second reading keeps the first time (no change counted), and one unread again.
    await sql`update alerta_destinatario set leida_en = coalesce(leida_en, now())
      where id_alerta in (${una}, ${otra})`.execute(bd.db);
    await sql`update alerta_destinatario set leida_en = null
      where id_alerta = ${otra} and id_usuario = ${usuarios[0] ?? 0}`.execute(bd.db);
    await sql`delete from alerta_destinatario where id_alerta = ${una} and id_usuario % 4 = 0`.execute(
      bd.db,
    );
    // Deleting an alert deletes its recipients (cascade), whose figures go to zero.
    await sql`delete from alerta where id = ${borrada}`.execute(bd.db);
    // Deleting an account deletes it as recipient.
    await sql`delete from usuario where id = ${usuarios[19] ?? 0}`.execute(bd.db);

    const { resumen, recuento } = await alertas();
    expect(recuento.map((f) => f.id_alerta)).toEqual([una, otra]);
    expect(resumen).toEqual(recuento);
  });

  it("compactar y rehacer dejan una fila por clave con las mismas sumas", async () => {
    const filas = async (tabla: "socio_resumen" | "alerta_cuenta") =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from ${sql.table(tabla)}`.execute(
            bd.db,
          )
        ).rows[0]?.n,
      );
    const antes = { socios: await socios(), alertas: await alertas() };
    expect(await filas("socio_resumen")).toBeGreaterThan(antes.socios.recuento.length);
    expect(await filas("alerta_cuenta")).toBeGreaterThan(antes.alertas.recuento.length);
    await sql`select resumen_inicio_compactar()`.execute(bd.db);
    expect(await filas("socio_resumen")).toBe(antes.socios.recuento.length);
    expect(await filas("alerta_cuenta")).toBe(antes.alertas.recuento.length);
    expect((await socios()).resumen).toEqual(antes.socios.recuento);
    expect((await alertas()).resumen).toEqual(antes.alertas.recuento);
    await sql`select resumen_inicio_rehacer()`.execute(bd.db);
    expect(await filas("socio_resumen")).toBe(antes.socios.recuento.length);
    expect((await socios()).resumen).toEqual(antes.socios.recuento);
    expect((await alertas()).resumen).toEqual(antes.alertas.recuento);
  });

  it("cuadra con lecturas simultáneas de la misma alerta", async () => {
    const usuarios = await cuentas(16);
    const id = await alerta("A la vez", usuarios);
    const fallos: unknown[] = [];
    await Promise.all(
      usuarios.map((u) =>
        bd.db
          .transaction()
          .execute(async (tx) => {
            await sql`update alerta_destinatario set leida_en = coalesce(leida_en, now())
              where id_alerta = ${id} and id_usuario = ${u}`.execute(tx);
          })
          .catch((error) => fallos.push(error)),
      ),
    );
    expect(fallos).toEqual([]);
    const { resumen, recuento } = await alertas();
    expect(recuento.find((f) => f.id_alerta === id)).toEqual({
      id_alerta: id,
      destinatarios: 16,
      leidas: 16,
    });
    expect(resumen).toEqual(recuento);
  });
});
