// Measures "Emitir cuotas" for 5,000 members: the preview and the confirmed emission of the
// yearly fee (a quarter of the members pay monthly, so ~20,000 charges), the levy and the
// ramell, then the same emission again (creates nothing), and the filtered list with totals.
// The server is the real one, started as `npm start` starts it in a process of its own, on data
// prepared before it starts. PGlite (on disk, as `npm start` runs it) always; PostgreSQL too
// when DATABASE_URL is set.
// Run: npx tsx bench/pagos.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test;
// PAGOS_PORT, 3413 by default; PAGOS_PERFIL=<dir> writes the server's CPU profile there, --cpu-prof)
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import type { Database } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { crearAdministrador } from "./administrador.js";
import { arrancarServidorReal, conBaseDelServidor, pararServidor } from "./servidor-real.js";

const SOCIOS = 5000;
const ANYO = 2026;
const PASSWORD = "medicion-de-la-fila-2026";
const PUERTO = Number(process.env.PAGOS_PORT ?? 3413);
const PERIODICIDADES = ["mensual", "anual", "semestral", "trimestral"] as const;

async function poblar(db: Database): Promise<number[]> {
  const tipos = await db
    .insertInto("tipo_socio")
    .values(["Fester", "Infantil", "Juvenil", "Veterà"].map((nombre) => ({ nombre })))
    .returning("id")
    .execute();
  const filas = Array.from({ length: SOCIOS }, (_, i) => ({
    nombre: `Socio ${i}`,
    apellidos: "Medición Cuotas",
    matricula: i + 1,
    id_tipo_socio: tipos[i % tipos.length]?.id ?? null,
    tipo_pago: PERIODICIDADES[i % 4],
    pagar_derrama: i % 3 === 0 ? "si" : "no",
    importe_derrama: 60000,
    anyo_derrama: ANYO - 1,
    anyos_pago_derrama: 3,
    ramell: i % 2 === 0 ? "si" : "no",
    tipo_pago_ramell: i % 4 === 0 ? "fraccionado" : "completo",
    activo: i % 25 !== 0,
  }));
  for (let i = 0; i < filas.length; i += 500) {
    await db
      .insertInto("socio")
      .values(filas.slice(i, i + 500))
      .execute();
  }
  const productos = await db
    .insertInto("producto")
    .values([
      { nombre: `Cuota ${ANYO}`, anyo: ANYO, tipo: "cuota", precio: 24000 },
      { nombre: `Derrama ${ANYO}`, anyo: ANYO, tipo: "derrama", precio: 0 },
      { nombre: `Ramell ${ANYO}`, anyo: ANYO, tipo: "ramell", precio: 18000 },
    ])
    .returning("id")
    .execute();
  const [cuota] = productos;
  if (cuota) {
    await db
      .insertInto("producto_precio")
      .values(
        tipos
          .slice(1)
          .map((t, i) => ({ id_producto: cuota.id, id_tipo_socio: t.id, precio: 6000 * (i + 1) })),
      )
      .execute();
  }
  return productos.map((p) => p.id);
}

/**
 * The emitted charges written again by one `INSERT … SELECT`, timed alone: copied aside, deleted
 * and inserted back inside a transaction that is rolled back (nothing changes). Twice, the faster
 * one counted: the first may find the database's caches cold.
 */
async function sqlDesnudo(db: Database): Promise<{ filas: number; ms: number }> {
  let mejor = { filas: 0, ms: Number.POSITIVE_INFINITY };
  const deshacer = new Error("deshacer");
  for (let vuelta = 0; vuelta < 2; vuelta++) {
    try {
      await db.transaction().execute(async (trx) => {
        await sql`create temp table cargos_emitidos on commit drop as
          select * from pago where anyo = ${ANYO}`.execute(trx);
        await sql`delete from pago where anyo = ${ANYO}`.execute(trx);
        const inicio = performance.now();
        const r = await sql`insert into pago select * from cargos_emitidos`.execute(trx);
        const ms = performance.now() - inicio;
        if (ms < mejor.ms) mejor = { filas: Number(r.numAffectedRows ?? 0), ms };
        throw deshacer;
      });
    } catch (error) {
      if (error !== deshacer) throw error;
    }
  }
  return mejor;
}

async function medir(motor: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-pagos-"));
  let servidor: ChildProcess | null = null;
  try {
    const productos = await conBaseDelServidor(dataDir, databaseUrl, async (db) => {
      await migrar(db);
      await asegurarAsociacion(db);
      await crearAdministrador(db, { email: "junta@fila.test", password: PASSWORD });
      return poblar(db);
    });
    servidor = await arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      databaseUrl,
      demo: false,
      argumentosNode: process.env.PAGOS_PERFIL
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PAGOS_PERFIL}`]
        : [],
    });
    const url = `http://127.0.0.1:${PUERTO}`;
    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "junta@fila.test", password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const emitir = async (nombre: string, confirmar: boolean): Promise<number> => {
      const inicio = performance.now();
      const res = await fetch(`${url}/api/pagos/emision`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ anyo: ANYO, productos, confirmar }),
      });
      type Recuentos = { numCargos: number; nuevos: number; yaExistian: number; importe: number };
      let r = (await res.json()) as Recuentos;
      const esperado = confirmar ? 202 : 200;
      if (res.status !== esperado) throw new Error(`${nombre}: ${res.status} ${JSON.stringify(r)}`);
      if (confirmar) {
        // A background job: timed until it ends (GET /api/trabajos/:id every 20 ms).
        const { idTrabajo } = r as unknown as { idTrabajo: number };
        for (;;) {
          const t = (await (
            await fetch(`${url}/api/trabajos/${idTrabajo}`, {
              headers: { authorization: `Bearer ${accessToken}` },
            })
          ).json()) as { estado: string; resultado: Recuentos; error: string | null };
          if (t.estado === "fallido") throw new Error(`${nombre}: ${t.error}`);
          if (t.estado === "terminado") {
            r = t.resultado;
            break;
          }
          await new Promise((h) => setTimeout(h, 20));
        }
      }
      const ms = performance.now() - inicio;
      console.log(
        `${motor.padEnd(10)} ${nombre.padEnd(22)} ${String(r.numCargos).padStart(6)} cargos (${r.nuevos} nuevos, ${r.yaExistian} ya existían, ${r.importe} €) en ${ms.toFixed(0)} ms`,
      );
      return ms;
    };
    await emitir("vista previa", false);
    const trabajo = await emitir("emisión confirmada", true);
    await emitir("emisión repetida", true);
    const inicio = performance.now();
    const res = await fetch(
      `${url}/api/pagos?anyo=${ANYO}&estado=pendiente&q=socio&sort=-importe`,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    const lista = (await res.json()) as { total: number; totalImporte: number };
    console.log(
      `${motor.padEnd(10)} ${"lista + totales".padEnd(22)} ${String(lista.total).padStart(6)} cargos (${lista.totalImporte} €) en ${(performance.now() - inicio).toFixed(0)} ms`,
    );
    // The physical limit (issue 37, goal 4): the same charges written by one bare statement,
    // with the same indexes, constraints and triggers, on the same data. The server is stopped
    // first (PGlite belongs to one process).
    await pararServidor(servidor);
    servidor = null;
    const desnudo = await conBaseDelServidor(dataDir, databaseUrl, sqlDesnudo);
    console.log(
      `${motor.padEnd(10)} ${"SQL desnudo".padEnd(22)} ${String(desnudo.filas).padStart(6)} cargos con un INSERT … SELECT en ${desnudo.ms.toFixed(0)} ms: el trabajo tarda ${(trabajo / desnudo.ms).toFixed(2)}× (objetivo ≤ 1,5×) ${trabajo / desnudo.ms <= 1.5 ? "✓" : "✗"}`,
    );
  } finally {
    await pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Emisión de cuotas con ${SOCIOS} socios`);
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
