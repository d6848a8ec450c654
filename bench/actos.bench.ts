// Capacity under load, the annual dinner's evening: every active member of the demo filà
// enrols at once in a paid event with room for two thirds of them and a price per member type
// (so the accepted ones also get their charge), as the board for each of them. The server is the
// real one, started as `npm start` starts it (scripts/start.mjs) in a process of its own; the
// requests go out from this process, each on a connection of its own, as from as many phones.
// Exactly the capacity must be accepted, the rest get 409, and no place may be oversold.
// Reports 201/409 counts, places taken (counted and the event's counter) and the client's
// p50/p95, with the same burst against a trivial route (`GET /api/salud`) in the same run as
// the yardstick, for a paid event and then a free one. Goals: client p95 ≤ 500 ms on PostgreSQL,
// ≤ 1 s on PGlite (issue 14), and ≤ 2.5× the yardstick's p95 (issue 37, goal 3). PGlite (on disk,
// as `npm start` runs it) always; PostgreSQL too when DATABASE_URL is set.
// Run: npx tsx bench/actos.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test;
// ACTOS_PORT, 3411 by default; ACTOS_PERFIL=<dir> writes the server's CPU profile there, --cpu-prof)

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { CUENTAS_DEMO, cargarDemo } from "../packages/api/src/demo/seed-demo.js";
import { tamanyoDemo } from "../packages/api/src/demo/tamanyo.js";
import { nuevoToken } from "../packages/api/src/lib/tokens.js";
import { AuthRepository } from "../packages/api/src/modules/auth/auth.repository.js";
import {
  arrancarServidorReal,
  conBaseDelServidor,
  entrarConCuentaDemo,
  pararServidor,
} from "./servidor-real.js";

const PUERTO = Number(process.env.ACTOS_PORT ?? 3411);
const BASE = `http://127.0.0.1:${PUERTO}`;

// node:http and not fetch: undici's fetch spent about 1.5 ms of CPU per request, more than the
// server spends on an enrolment, and on two cores that CPU is taken from the server
// (bench/README.md). No agent: each request opens its own connection.
function pedir(ruta: string, metodo: "GET" | "POST", token?: string, cuerpo?: string) {
  return new Promise<number>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (cuerpo) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(cuerpo);
    }
    const req = http.request(
      { host: "127.0.0.1", port: PUERTO, path: ruta, method: metodo, headers, agent: false },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(cuerpo);
  });
}

type Rafaga = { resultados: { estado: number; ms: number }[]; total: number };

/** All the requests at once, each with its session token and JSON body if it has them. */
async function enParalelo(
  ruta: string,
  metodo: "GET" | "POST",
  peticiones: { token?: string; cuerpo?: string }[],
): Promise<Rafaga> {
  const inicio = performance.now();
  const resultados = await Promise.all(
    peticiones.map(async ({ token, cuerpo }) => {
      const t0 = performance.now();
      const estado = await pedir(ruta, metodo, token, cuerpo);
      return { estado, ms: performance.now() - t0 };
    }),
  );
  return { resultados, total: performance.now() - inicio };
}

function percentil(valores: number[], p: number): number {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)] ?? 0;
}

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

async function medir(motor: string, databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-actos-"));
  let servidor: ChildProcess | null = null;
  try {
    // Before the server starts (PGlite is one process's at a time): the demo filà and one
    // session per request, as from as many phones. The server reads the sessions of requests
    // that arrive together in one query, and one token repeated would flatter it.
    const { socios, tipos, sesiones } = await conBaseDelServidor(
      dataDir,
      databaseUrl,
      async (db) => {
        await migrar(db);
        await asegurarAsociacion(db);
        await cargarDemo(db, dataDir, tamanyoDemo(process.env));
        const socios = await db
          .selectFrom("socio")
          .select("id")
          .where("activo", "=", true)
          .orderBy("id")
          .execute();
        const tipos = await db.selectFrom("tipo_socio").select("id").execute();
        const { id: idAdmin } = await db
          .selectFrom("usuario")
          .select("id")
          .where("email", "=", CUENTAS_DEMO.administrador)
          .executeTakeFirstOrThrow();
        const sesiones = socios.map(() => nuevoToken());
        const auth = new AuthRepository(db);
        const expira = new Date(Date.now() + 3_600_000);
        for (const t of sesiones) await auth.crearSesion(idAdmin, t.hash, expira, "127.0.0.1");
        return { socios, tipos, sesiones };
      },
    );
    const aforo = Math.floor((socios.length * 2) / 3);

    servidor = await arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      databaseUrl,
      argumentosNode: process.env.ACTOS_PERFIL
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.ACTOS_PERFIL}`]
        : [],
    });
    const { token } = await entrarConCuentaDemo(PUERTO, "administrador");

    // A warm-up, discarded: the same bursts once against a third event, so that both the
    // yardstick and the enrolments are measured on a warm server (the first burst after a start
    // pays the JIT and the first connections, and used to flatter whichever came first).
    const calentamiento = await fetch(`${BASE}/api/actos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      // Paid, as the first measured event: its own code path (the charges) warms up too.
      body: JSON.stringify({
        nombre: "Calentamiento",
        fecha: dentroDe(30),
        listaEspera: false,
        sePaga: true,
        precios: tipos.map((t, i) => ({ idTipoSocio: t.id, idProducto: null, precio: 10 + i })),
      }),
    });
    if (calentamiento.status !== 201) throw new Error(`acto: ${calentamiento.status}`);
    const { id: idCalentamiento } = (await calentamiento.json()) as { id: number };
    await enParalelo(
      "/api/salud",
      "GET",
      socios.map(() => ({})),
    );
    await enParalelo(
      `/api/actos/${idCalentamiento}/inscripciones`,
      "POST",
      socios.map((socio, i) => ({
        token: sesiones[i].token,
        cuerpo: JSON.stringify({ idSocio: socio.id }),
      })),
    );

    // Paid first, then free: a paid enrolment also writes its charge in the same transaction.
    const rafagas: { sePaga: boolean; id: number; trivial: Rafaga; inscripciones: Rafaga }[] = [];
    for (const sePaga of [true, false]) {
      const acto = await fetch(`${BASE}/api/actos`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          nombre: sePaga ? "Cena de la medición" : "Almuerzo de la medición",
          fecha: dentroDe(30),
          aforo,
          // The bench measures «full refuses» (409): no wait-list.
          listaEspera: false,
          sePaga,
          precios: sePaga
            ? tipos.map((t, i) => ({ idTipoSocio: t.id, idProducto: null, precio: 20 + i }))
            : [],
        }),
      });
      if (acto.status !== 201) throw new Error(`acto: ${acto.status} ${await acto.text()}`);
      const { id } = (await acto.json()) as { id: number };

      // The yardstick, in the same run: as many requests at once to a trivial route of the same
      // server (its health check, no session). What they take is the floor that connections,
      // HTTP and the client put under any route on this machine.
      const trivial = await enParalelo(
        "/api/salud",
        "GET",
        socios.map(() => ({})),
      );
      const inscripciones = await enParalelo(
        `/api/actos/${id}/inscripciones`,
        "POST",
        socios.map((socio, i) => ({
          token: sesiones[i].token,
          cuerpo: JSON.stringify({ idSocio: socio.id }),
        })),
      );
      rafagas.push({ sePaga, id, trivial, inscripciones });
    }
    await pararServidor(servidor);
    servidor = null;

    let correcto = true;
    for (const { sePaga, id, trivial, inscripciones } of rafagas) {
      const { ocupadas, contador } = await conBaseDelServidor(dataDir, databaseUrl, async (db) => {
        const { n } = await db
          .selectFrom("inscripcion")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("id_acto", "=", id)
          .executeTakeFirstOrThrow();
        const acto = await db
          .selectFrom("acto")
          .select("ocupadas")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return { ocupadas: Number(n), contador: acto.ocupadas };
      });
      const estados = inscripciones.resultados.map((r) => r.estado);
      const cliente = inscripciones.resultados.map((r) => r.ms);
      const creadas = estados.filter((e) => e === 201).length;
      const llenas = estados.filter((e) => e === 409).length;
      const otras = estados.length - creadas - llenas;
      const sobreventa = Math.max(0, ocupadas - aforo);
      const msTrivial = trivial.resultados.map((r) => r.ms);
      const p95 = percentil(cliente, 95);
      const p95Trivial = percentil(msTrivial, 95);
      const proporcion = p95 / p95Trivial;
      const clase = sePaga ? "de pago" : "gratis";
      console.log(
        `${motor.padEnd(10)} ${socios.length} peticiones a la vez a GET /api/salud (referencia): total ${trivial.total.toFixed(0)} ms | cliente p50 ${percentil(msTrivial, 50).toFixed(1)} ms, p95 ${p95Trivial.toFixed(1)} ms`,
      );
      console.log(
        `${motor.padEnd(10)} acto ${clase}, ${socios.length} socios, aforo ${aforo}: 201=${creadas} 409=${llenas} otras=${otras} | plazas ocupadas ${ocupadas} (contador ${contador}), sobreventa ${sobreventa} | total ${inscripciones.total.toFixed(0)} ms | cliente p50 ${percentil(cliente, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms = ${proporcion.toFixed(2)}× la referencia (objetivo ≤ 2,5×) ${proporcion <= 2.5 ? "✓" : "✗"}`,
      );
      correcto &&=
        ocupadas === aforo &&
        contador === aforo &&
        creadas === aforo &&
        llenas === socios.length - aforo &&
        otras === 0;
    }
    return correcto;
  } finally {
    await pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let correcto = await medir("PGlite");
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    correcto = (await medir("PostgreSQL", temporal.url)) && correcto;
  } finally {
    await temporal.borrar();
  }
}
if (!correcto) {
  console.error("ERROR: el aforo no se ha respetado");
  process.exitCode = 1;
}
