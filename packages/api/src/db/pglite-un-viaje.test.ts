import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { CompiledQuery, sql } from "kysely";
import { serialize } from "pg-protocol";
import type { BackendMessage, DataRowMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abrirBaseDeDatos, type BaseDeDatos } from "./database.js";
import { PGLITE_PROBADA, type PGliteInterno, pgliteEnUnViaje } from "./pglite-un-viaje.js";

// PGlite behind Kysely runs each query as one message (pglite-un-viaje.ts). These check that it
// gives what PGlite's own query gives, keeps PGlite's locks, and reports errors the same way.
let bd: BaseDeDatos;
const crudo = <T>(texto: string, parametros: unknown[] = []) =>
  bd.db.executeQuery<T>(CompiledQuery.raw(texto, parametros));

beforeAll(async () => {
  bd = await abrirBaseDeDatos({ tipo: "pglite-memoria" });
  await sql`create table prueba (
    id int primary key, nombre text not null unique, alta timestamptz, dia date, activo boolean,
    importe bigint, datos jsonb, numeros int[], fichero bytea)`.execute(bd.db);
});
afterAll(() => bd.cerrar());

describe("PGlite en un solo viaje", () => {
  it("da los mismos valores y tipos que la consulta de PGlite", async () => {
    const alta = new Date("2026-03-19T10:30:00.123Z");
    await crudo("insert into prueba values ($1, $2, $3, $4, $5, $6, $7, $8, $9)", [
      1,
      'Àngel «l\'Alcoià» "x"',
      alta,
      "2026-03-19",
      true,
      123456789012,
      { a: [1, "b"] },
      [3, 4],
      Buffer.from([0, 255, 7]),
    ]);
    const consulta = "select * from prueba where id = any($1::int[]) and alta <= $2";
    const parametros = [[1, 2], new Date("2026-12-31T00:00:00Z")];
    const { rows } = await crudo<Record<string, unknown>>(consulta, parametros);
    const propios = await bd.pglite?.query(consulta, parametros);
    expect(rows).toEqual(propios?.rows);
    expect(rows[0]).toMatchObject({
      id: 1,
      nombre: 'Àngel «l\'Alcoià» "x"',
      alta,
      dia: "2026-03-19",
      activo: true,
      importe: 123456789012,
      datos: { a: [1, "b"] },
      numeros: [3, 4],
    });
    expect(Buffer.from(rows[0].fichero as Uint8Array)).toEqual(Buffer.from([0, 255, 7]));
  });

  it("una respuesta grande, que llega en muchos trozos, da las mismas filas", async () => {
    const consulta = `select g as id, repeat('ñ', g % 50) as texto, g::bigint * 1000 as grande,
      case when g % 7 = 0 then null else timestamptz '2026-03-19 10:30:00.123+00' + g * interval '1 s'
        end as cuando, g % 2 = 0 as par
      from generate_series(1, $1::int) g`;
    const { rows } = await crudo<Record<string, unknown>>(consulta, [20_000]);
    const propios = await bd.pglite?.query(consulta, [20_000]);
    expect(rows).toHaveLength(20_000);
    expect(rows).toEqual(propios?.rows);
  });

  it("cuenta las filas afectadas y acepta nulos", async () => {
    await crudo("insert into prueba (id, nombre, datos) values ($1, $2, $3)", [2, "dos", null]);
    const r = await crudo("update prueba set activo = $1 where id in (1, 2)", [false]);
    expect(r.numAffectedRows).toBe(2n);
    const { rows } = await crudo<{ datos: unknown }>("select datos from prueba where id = 2");
    expect(rows[0].datos).toBeNull();
  });

  it("un error trae el código y la restricción de PostgreSQL y la base sigue respondiendo", async () => {
    const error = await crudo("insert into prueba (id, nombre) values ($1, $2)", [3, "dos"]).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "23505", constraint: "prueba_nombre_key" });
    const { rows } = await crudo<{ n: number }>("select count(*)::int as n from prueba");
    expect(rows[0].n).toBe(2);
  });

  it("una consulta de fuera espera a que acabe la transacción abierta y no entra en ella", async () => {
    // Straight on the wrapped PGlite, without Kysely's own connection lock in front.
    const pglite = pgliteEnUnViaje(await PGlite.create());
    await pglite.query("create table t (id int)");
    let fuera: Promise<number> | null = null;
    await pglite
      .transaction(async (tx) => {
        await tx.query("insert into t values ($1)", [1]);
        fuera = pglite
          .query<{ n: number }>("select count(*)::int as n from t")
          .then((r) => r.rows[0].n);
        // Gives the outside query every chance to run now, inside the open transaction.
        await new Promise((ok) => setTimeout(ok, 20));
        throw new Error("deshacer");
      })
      .catch(() => {});
    // It ran after the rollback: the row it would have seen inside never existed.
    expect(await fuera).toBe(0);
    await pglite.close();
  });

  it("prepara cada texto una vez y lo vuelve a preparar si la tabla cambia de columnas", async () => {
    const pglite = pgliteEnUnViaje(await PGlite.create());
    await pglite.query("create table c (id int)");
    await pglite.query("insert into c values ($1)", [1]);
    const todo = "select * from c where id = $1";
    expect((await pglite.query(todo, [1])).rows).toEqual([{ id: 1 }]);
    expect((await pglite.query(todo, [2])).rows).toEqual([]);
    const preparadas = async () =>
      (await pglite.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements"))
        .rows[0].n;
    const antes = await preparadas();
    await pglite.query(todo, [1]);
    expect(await preparadas()).toBe(antes);
    // A migration adds a column: the prepared `select *` would now return another row type.
    await pglite.query("alter table c add column nombre text default 'x'");
    expect((await pglite.query(todo, [1])).rows).toEqual([{ id: 1, nombre: "x" }]);
    await pglite.close();
  });

  it("no pasa de las sentencias permitidas y una cerrada se vuelve a preparar", async () => {
    const pglite = pgliteEnUnViaje(await PGlite.create(), { maxSentencias: 3 });
    const textos = [1, 2, 3, 4, 5].map((n) => `select ${n} + $1::int as r`);
    for (const texto of textos) await pglite.query(texto, [1]);
    const { rows } = await pglite.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements",
    );
    expect(rows[0].n).toBeLessThanOrEqual(3);
    expect((await pglite.query<{ r: number }>(textos[0], [10])).rows[0].r).toBe(11);
    await pglite.close();
  });

  it("un texto que PostgreSQL rechaza da su error y no se recuerda", async () => {
    const pglite = pgliteEnUnViaje(await PGlite.create());
    await expect(pglite.query("selec $1::int")).rejects.toMatchObject({ code: "42601" });
    await expect(pglite.query("select * from todavia_no where id = $1", [1])).rejects.toMatchObject(
      {
        code: "42P01",
      },
    );
    await pglite.query("create table todavia_no (id int)");
    expect((await pglite.query("select * from todavia_no where id = $1", [1])).rows).toEqual([]);
    await pglite.close();
  });
});

/** The version in the package.json of the PGlite that Node loads for this file. */
function versionInstalada(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  for (;;) {
    try {
      const paquete = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
      if (paquete.name === "@electric-sql/pglite") return paquete.version;
    } catch {
      // No package.json at this level: keep going up.
    }
    const arriba = path.dirname(dir);
    if (arriba === dir) throw new Error("No se encuentra el package.json de PGlite");
    dir = arriba;
  }
}

/** A promise that tells whether it has settled, to see that something is still waiting. */
function seguir<T>(promesa: Promise<T>) {
  const estado = { acabada: false, promesa };
  promesa.then(
    () => {
      estado.acabada = true;
    },
    () => {
      estado.acabada = true;
    },
  );
  return estado;
}
const unRato = () => new Promise((ok) => setTimeout(ok, 20));

/** Runs protocol messages through the raw stream and parses the answer with node-postgres. */
async function crudoPorProtocolo(pglite: PGliteInterno, partes: Buffer[]) {
  const trozos: Buffer[] = [];
  await pglite.execProtocolRawStream(Buffer.concat(partes), {
    syncToFs: false,
    onRawData: (datos) => trozos.push(Buffer.from(datos)),
  });
  const mensajes: BackendMessage[] = [];
  new Parser().parse(Buffer.concat(trozos), (m) => mensajes.push(m));
  return mensajes;
}

// ADR 0014: pglite-un-viaje.ts relies on PGlite's internals. These fail on any other version
// of PGlite, and check each internal it uses, so that an upgrade is a decision, not an accident.
describe("PGlite: lo que pglite-un-viaje.ts da por supuesto", () => {
  it("la versión instalada es aquella para la que se escribió, y está fijada sin rango", () => {
    const dependencias = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    ).dependencies;
    expect(
      versionInstalada(),
      "Otra versión de PGlite: revisa docs/adr/0014 antes de cambiar PGLITE_PROBADA",
    ).toBe(PGLITE_PROBADA);
    expect(dependencias["@electric-sql/pglite"]).toBe(PGLITE_PROBADA);
  });

  it("tiene los miembros internos que usa, con la forma que usa", async () => {
    const pglite = (await PGlite.create({ parsers: { 1082: (v: string) => v } })) as PGliteInterno;
    for (const miembro of [
      "_runExclusiveQuery",
      "_runExclusiveTransaction",
      "execProtocolRawStream",
      "syncToFs",
      "transaction",
    ] as const) {
      expect(typeof pglite[miembro], miembro).toBe("function");
    }
    // Per-type parsers: the ones given at creation, PGlite's own and those of array types.
    expect(pglite.parsers[1082]?.("2026-02-29", 1082)).toBe("2026-02-29");
    expect(pglite.parsers[1184]).toBeTypeOf("function");
    expect(pglite.parsers[1007]?.("{1,2}", 1007)).toEqual([1, 2]);
    await pglite.close();
  });

  it("execProtocolRawStream da los bytes del protocolo sin lanzar un error de PostgreSQL", async () => {
    const pglite = (await PGlite.create()) as PGliteInterno;
    const consulta = (texto: string, valores: string[]) => [
      serialize.parse({ name: "", text: texto, types: [] }),
      serialize.bind({ values: valores }),
      serialize.describe({ type: "P", name: "" }),
      serialize.execute({ portal: "", rows: 0 }),
      serialize.sync(),
    ];
    const bien = await crudoPorProtocolo(pglite, consulta("select $1::int + 1 as n", ["41"]));
    expect(bien.map((m) => m.name)).toEqual([
      "parseComplete",
      "bindComplete",
      "rowDescription",
      "dataRow",
      "commandComplete",
      "readyForQuery",
    ]);
    expect((bien[3] as DataRowMessage).fields).toEqual(["42"]);
    const mal = await crudoPorProtocolo(pglite, consulta("select 1 / $1::int", ["0"]));
    expect(mal.map((m) => m.name)).toContain("error");
    expect(mal.at(-1)?.name).toBe("readyForQuery");
    // A named statement stays in the one backend for the next messages.
    await crudoPorProtocolo(pglite, [
      serialize.parse({ name: "s1", text: "select 7 as siete", types: [] }),
      serialize.sync(),
    ]);
    const otra = await crudoPorProtocolo(pglite, [
      serialize.bind({ statement: "s1", values: [] }),
      serialize.execute({ portal: "", rows: 0 }),
      serialize.sync(),
    ]);
    expect(otra.find((m) => m.name === "dataRow")).toMatchObject({ fields: ["7"] });
    await pglite.close();
  });

  it("query toma los dos cerrojos y una transacción abierta retiene el de transacciones", async () => {
    const pglite = (await PGlite.create()) as PGliteInterno;
    // PGlite.query waits while someone holds the query lock…
    let soltar = () => {};
    const retenido = pglite._runExclusiveQuery(() => new Promise<void>((ok) => (soltar = ok)));
    const consulta = seguir(pglite.query("select 1"));
    await unRato();
    expect(consulta.acabada).toBe(false);
    soltar();
    await retenido;
    await consulta.promesa;
    // …and while someone holds the transaction lock, which an open transaction does all along,
    // while the queries of the transaction itself take only the query lock.
    const esperando: ReturnType<typeof seguir<unknown>>[] = [];
    await pglite.transaction(async (tx) => {
      esperando.push(seguir(pglite._runExclusiveTransaction(async () => "fuera")));
      esperando.push(seguir(pglite.query("select 2")));
      await tx.query("select 1");
      await unRato();
      expect(esperando.map((e) => e.acabada)).toEqual([false, false]);
    });
    const [fuera, porQuery] = esperando;
    expect(await fuera?.promesa).toBe("fuera");
    await porQuery?.promesa;
    await pglite.close();
  });
});
