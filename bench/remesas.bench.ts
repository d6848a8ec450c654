// Generating a SEPA remittance of 5,000 direct debits: 5,000 payers paying by direct debit, each
// with a mandate and three pending charges (15,000 charges). Measures POST /api/remesas
// (grouping, FRST/RCUR, inserts, pain.008 XML), the XML's size and download, GET
// /api/remesas/:id and POST /api/remesas/:id/cobro, each from sending the request to the last
// byte of its answer, as a browser asks (compressed). The server is the real one, started as
// `npm start` starts it in a process of its own, on data prepared before it starts. PGlite (on
// disk, as `npm start` runs it) always; PostgreSQL too when DATABASE_URL is set.
// Run: npx tsx bench/remesas.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test;
// REMESAS_PORT, 3412 by default; REMESAS_PERFIL=<dir> writes the server's CPU profile there, --cpu-prof)
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import type { Database } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { digitosControlCcc, ibanEspanyol } from "../packages/api/src/demo/seed-demo.js";
import { BANCO_DEMO } from "../packages/api/src/demo/seed-remesas.js";
import { erroresXsdPain008 } from "../packages/api/src/test/xsd-sepa.js";
import { crearAdministrador } from "./administrador.js";
import { arrancarServidorReal, conBaseDelServidor, pararServidor } from "./servidor-real.js";

const PAGADORES = 5000;
const CARGOS_POR_PAGADOR = 3;
const PASSWORD = "medicion-de-la-fila-2026";
const LOTE = 1000;
const PUERTO = Number(process.env.REMESAS_PORT ?? 3412);
const BASE = `http://127.0.0.1:${PUERTO}`;

function iban(n: number): string {
  const cuenta = String(n).padStart(10, "0");
  return ibanEspanyol(`21000418${digitosControlCcc("2100", "0418", cuenta)}${cuenta}`);
}

function enDias(dias: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

async function poblar(db: Database) {
  await db
    .updateTable("asociacion")
    .set({ ...BANCO_DEMO, nombre: "Filà de la medició", cif: "G12345674" })
    .where("id", "=", 1)
    .execute();
  const forma = await db
    .insertInto("forma_pago")
    .values({ nombre: "Domiciliación", domiciliada: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < PAGADORES; i += LOTE) {
    const filas = await db
      .insertInto("socio")
      .values(
        Array.from({ length: Math.min(LOTE, PAGADORES - i) }, (_, j) => {
          const n = i + j + 1;
          return {
            nombre: `Pagador ${n}`,
            apellidos: "Peñarroja Muñoz",
            matricula: n,
            iban: iban(n),
            bic: "CAIXESBBXXX",
            id_forma_pago: forma.id,
            mandato_id: `FILA-${String(n).padStart(5, "0")}`,
            mandato_fecha: "2024-01-15",
          };
        }),
      )
      .returning("id")
      .execute();
    ids.push(...filas.map((f) => f.id));
  }
  const cargos = ids.flatMap((id) =>
    Array.from({ length: CARGOS_POR_PAGADOR }, (_, k) => ({
      id_socio: id,
      id_pagador: id,
      anyo: 2026,
      concepto: `Cuota 2026 (${k + 1}/${CARGOS_POR_PAGADOR})`,
      importe: 4000 + k * 333,
      fecha_emision: "2026-01-01",
      fecha_vencimiento: `2026-0${k + 1}-28`,
    })),
  );
  for (let i = 0; i < cargos.length; i += LOTE) {
    await db
      .insertInto("pago")
      .values(cargos.slice(i, i + LOTE))
      .execute();
  }
}

/** One request, timed until the last byte of its answer (decompressed, as a browser reads it). */
async function pedir(ruta: string, init: RequestInit = {}) {
  const inicio = performance.now();
  const res = await fetch(`${BASE}${ruta}`, init);
  const cuerpo = await res.text();
  return { estado: res.status, cuerpo, ms: performance.now() - inicio };
}

/**
 * The physical limit (issue 37, goal 4): the rows the two jobs wrote, written again by bare
 * statements with the same indexes, constraints and triggers, on the same data, inside a
 * transaction that is rolled back. Generating: the same debit rows (`INSERT … SELECT`) and the
 * charges linked to them (one `UPDATE`); marking collected: the job's own `UPDATE`. Only those
 * statements are timed; undoing the jobs first also warms the caches.
 */
async function sqlDesnudo(db: Database, idRemesa: number, fechaCobro: string) {
  const medida = { generar: 0, cobrar: 0 };
  const deshacer = new Error("deshacer");
  try {
    await db.transaction().execute(async (trx) => {
      const ejecutar = (consulta: ReturnType<typeof sql>) => consulta.execute(trx);
      await ejecutar(sql`create temp table adeudos_copia on commit drop as
        select * from remesa_adeudo where id_remesa = ${idRemesa}`);
      await ejecutar(sql`update adeudos_copia set estado = 'incluido'`);
      await ejecutar(sql`create temp table cargos_copia on commit drop as
        select id, id_adeudo from pago where id_remesa = ${idRemesa}`);
      await ejecutar(sql`update pago set estado = 'pendiente', id_remesa = null, id_adeudo = null
        where id_remesa = ${idRemesa}`);
      await ejecutar(sql`delete from remesa_adeudo where id_remesa = ${idRemesa}`);

      let inicio = performance.now();
      await ejecutar(sql`insert into remesa_adeudo select * from adeudos_copia`);
      await ejecutar(sql`update pago set id_remesa = ${idRemesa}, id_adeudo = c.id_adeudo
        from cargos_copia c where pago.id = c.id`);
      medida.generar = performance.now() - inicio;

      inicio = performance.now();
      await ejecutar(sql`update pago set estado = 'pagado', fecha_pago = ${fechaCobro},
          id_forma_pago = s.id_forma_pago, referencia = a.end_to_end_id, actualizado_en = now()
        from remesa_adeudo a
        join socio s on s.id = a.id_pagador
        where pago.id_adeudo = a.id and a.id_remesa = ${idRemesa}
          and a.estado = 'incluido' and pago.estado = 'pendiente'`);
      medida.cobrar = performance.now() - inicio;
      throw deshacer;
    });
  } catch (error) {
    if (error !== deshacer) throw error;
  }
  return medida;
}

async function medir(motor: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-remesas-"));
  let servidor: ChildProcess | null = null;
  try {
    await conBaseDelServidor(dataDir, databaseUrl, async (db) => {
      await migrar(db);
      await asegurarAsociacion(db);
      await poblar(db);
      await crearAdministrador(db, { email: "tesoreria@fila.test", password: PASSWORD });
    });
    servidor = await arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      databaseUrl,
      demo: false,
      argumentosNode: process.env.REMESAS_PERFIL
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.REMESAS_PERFIL}`]
        : [],
    });
    const login = await pedir("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "tesoreria@fila.test", password: PASSWORD }),
    });
    if (login.estado !== 200) throw new Error(`login ${login.estado}: ${login.cuerpo}`);
    const headers = { authorization: `Bearer ${JSON.parse(login.cuerpo).accessToken}` };

    /** A background job (202 {idTrabajo}) followed until it ends: its result and its time. */
    const trabajo = async (ruta: string, init: RequestInit) => {
      const inicio = performance.now();
      const lanzado = await pedir(ruta, init);
      if (lanzado.estado !== 202) throw new Error(`${ruta} ${lanzado.estado}: ${lanzado.cuerpo}`);
      const { idTrabajo } = JSON.parse(lanzado.cuerpo) as { idTrabajo: number };
      for (;;) {
        const t = JSON.parse((await pedir(`/api/trabajos/${idTrabajo}`, { headers })).cuerpo) as {
          estado: string;
          resultado: unknown;
          error: string | null;
        };
        if (t.estado === "fallido") throw new Error(`${ruta}: ${t.error}`);
        if (t.estado === "terminado")
          return { resultado: t.resultado, ms: performance.now() - inicio };
        await new Promise((h) => setTimeout(h, 20));
      }
    };
    const generada = await trabajo("/api/remesas", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ fechaCobro: enDias(5), hasta: "2026-12-31" }),
    });
    const remesa = generada.resultado as { id: number; numAdeudos: number; total: number };

    const xml = await pedir(`/api/remesas/${remesa.id}/xml`, { headers });
    const errores = await erroresXsdPain008(xml.cuerpo);
    if (errores.length > 0) throw new Error(`XML no válido según el XSD: ${errores[0]}`);

    const detalle = await pedir(`/api/remesas/${remesa.id}`, { headers });
    if (detalle.estado !== 200) throw new Error(`detalle ${detalle.estado}`);

    const cobro = await trabajo(`/api/remesas/${remesa.id}/cobro`, { method: "POST", headers });

    console.log(
      `${motor.padEnd(10)} generar ${remesa.numAdeudos} adeudos (${PAGADORES * CARGOS_POR_PAGADOR} cargos, ${remesa.total.toLocaleString("es-ES")} €): ${generada.ms.toFixed(0)} ms | XML ${(Buffer.byteLength(xml.cuerpo) / 1024 / 1024).toFixed(2)} MB válido (XSD), descarga ${xml.ms.toFixed(0)} ms | ver la remesa ${detalle.ms.toFixed(0)} ms | marcar cobrada ${cobro.ms.toFixed(0)} ms`,
    );
    // The server is stopped first: PGlite belongs to one process.
    await pararServidor(servidor);
    servidor = null;
    const desnudo = await conBaseDelServidor(dataDir, databaseUrl, (db) =>
      sqlDesnudo(db, remesa.id, enDias(5)),
    );
    const razon = (trabajo: number, sqlMs: number) =>
      `${(trabajo / sqlMs).toFixed(2)}× ${trabajo / sqlMs <= 1.5 ? "✓" : "✗"}`;
    console.log(
      `${motor.padEnd(10)} SQL desnudo: generar ${desnudo.generar.toFixed(0)} ms (el trabajo, ${razon(generada.ms, desnudo.generar)}) | marcar cobrada ${desnudo.cobrar.toFixed(0)} ms (el trabajo, ${razon(cobro.ms, desnudo.cobrar)}) | objetivo ≤ 1,5×`,
    );
  } finally {
    await pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Remesa SEPA de ${PAGADORES} adeudos`);
await medir("PGlite");
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    await medir("PostgreSQL", temporal.url);
  } finally {
    await temporal.borrar();
  }
}
