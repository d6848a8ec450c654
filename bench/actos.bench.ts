// Capacity under load, the annual dinner's evening: every active member of the demo filà
// enrols at once (parallel fetch against a listening server, as the board for each of them) in
// a paid event with room for two thirds of them and a price per member type (so the accepted
// ones also get their charge). Exactly the capacity must be accepted, the rest get 409, and no
// place may be oversold. Reports 201/409 counts, places taken (counted and the event's counter),
// and p50/p95 latency on the server and on the client. Goal: client p95 ≤ 500 ms on
// PostgreSQL, ≤ 1 s on PGlite. PGlite (on disk, as `npm start` runs it) always; PostgreSQL too
// when DATABASE_URL is set.
// Run: npx tsx bench/actos.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos, type OpcionesBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import { nuevoToken } from "../packages/api/src/lib/tokens.js";
import { AuthRepository } from "../packages/api/src/modules/auth/auth.repository.js";
import { conPgliteEnDisco } from "./pglite-en-disco.js";

// The members' browsers are not the server: the requests go out from a worker thread with its
// own event loop, so the client's work does not queue behind the server's in one thread. Each
// request on a connection of its own, as from as many phones, with node:http: fetch (undici)
// spent about 1.5 ms of CPU per request, more than the server spends on an enrolment, and on two
// cores that CPU is taken from the server (bench/README.md).
const CLIENTE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { url, metodo, peticiones } = workerData;
const destino = new URL(url);
function pedir({ token, cuerpo }) {
  return new Promise((resolve, reject) => {
    const headers = {};
    if (token) headers.authorization = "Bearer " + token;
    if (cuerpo) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(cuerpo);
    }
    const opciones = { host: destino.hostname, port: destino.port, path: destino.pathname,
      method: metodo, headers, agent: false };
    const req = http.request(opciones, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    req.end(cuerpo);
  });
}
const inicio = performance.now();
Promise.all(
  peticiones.map(async (peticion) => {
    const t0 = performance.now();
    const estado = await pedir(peticion);
    return { estado, ms: performance.now() - t0 };
  }),
).then((resultados) => parentPort.postMessage({ resultados, total: performance.now() - inicio }));
`;

type Rafaga = { resultados: { estado: number; ms: number }[]; total: number };

/** All the requests at once, each with its session token and JSON body if it has them. */
function enParalelo(datos: {
  url: string;
  metodo: "GET" | "POST";
  peticiones: { token?: string; cuerpo?: string }[];
}): Promise<Rafaga> {
  return new Promise((resolve, reject) => {
    const hilo = new Worker(CLIENTE, { eval: true, workerData: datos });
    hilo.once("message", (r: Rafaga) => {
      resolve(r);
      void hilo.terminate();
    });
    hilo.once("error", reject);
  });
}

function percentil(valores: number[], p: number): number {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)] ?? 0;
}

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

async function medir(motor: string, opciones: OpcionesBaseDeDatos): Promise<boolean> {
  const bd = await abrirBaseDeDatos(opciones);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-"));
  try {
    await migrar(bd.db);
    await asegurarAsociacion(bd.db);
    await cargarDemo(bd.db, dataDir);
    const socios = await bd.db
      .selectFrom("socio")
      .select("id")
      .where("activo", "=", true)
      .orderBy("id")
      .execute();
    const tipos = await bd.db.selectFrom("tipo_socio").select("id").execute();
    const aforo = Math.floor((socios.length * 2) / 3);
    const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, dataDir };
    const app = await buildApp({ config, db: bd.db, logger: false });
    const servidor: number[] = [];
    app.addHook("onResponse", async (req, reply) => {
      if (req.method === "POST" && req.url.endsWith("/inscripciones"))
        servidor.push(reply.elapsedTime);
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: CUENTAS_DEMO.administrador, password: PASSWORD_DEMO }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const cabeceras = {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
    };
    const acto = await fetch(`${url}/api/actos`, {
      method: "POST",
      headers: cabeceras,
      body: JSON.stringify({
        nombre: "Cena de la medición",
        fecha: dentroDe(30),
        aforo,
        sePaga: true,
        precios: tipos.map((t, i) => ({ idTipoSocio: t.id, idProducto: null, precio: 20 + i })),
      }),
    });
    if (acto.status !== 201) throw new Error(`acto: ${acto.status} ${await acto.text()}`);
    const { id } = (await acto.json()) as { id: number };

    // One session per request, as from as many phones: the server reads the sessions of
    // requests that arrive together in one query, and one token repeated would flatter it.
    const { id: idAdmin } = await bd.db
      .selectFrom("usuario")
      .select("id")
      .where("email", "=", CUENTAS_DEMO.administrador)
      .executeTakeFirstOrThrow();
    const sesiones = socios.map(() => nuevoToken());
    const auth = new AuthRepository(bd.db);
    const expira = new Date(Date.now() + 3_600_000);
    await Promise.all(sesiones.map((t) => auth.crearSesion(idAdmin, t.hash, expira, "127.0.0.1")));
    // The yardstick, in the same run: as many requests at once to a trivial route of the same
    // server (its health check, no session). What they take is the floor that connections, HTTP
    // and the client put under any route on this machine.
    const trivial = await enParalelo({
      url: `${url}/api/salud`,
      metodo: "GET",
      peticiones: socios.map(() => ({})),
    });
    const { resultados, total } = await enParalelo({
      url: `${url}/api/actos/${id}/inscripciones`,
      metodo: "POST",
      peticiones: socios.map((s, i) => ({
        token: sesiones[i].token,
        cuerpo: JSON.stringify({ idSocio: s.id }),
      })),
    });
    const estados = resultados.map((r) => r.estado);
    const cliente = resultados.map((r) => r.ms);
    const { n } = await bd.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_acto", "=", id)
      .executeTakeFirstOrThrow();
    const ocupadas = Number(n);
    const { ocupadas: contador } = await bd.db
      .selectFrom("acto")
      .select("ocupadas")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const creadas = estados.filter((s) => s === 201).length;
    const llenas = estados.filter((s) => s === 409).length;
    const otras = estados.length - creadas - llenas;
    const sobreventa = Math.max(0, ocupadas - aforo);
    const msTrivial = trivial.resultados.map((r) => r.ms);
    console.log(
      `${motor.padEnd(10)} ${socios.length} peticiones a la vez a GET /api/salud (referencia): total ${trivial.total.toFixed(0)} ms | cliente p50 ${percentil(msTrivial, 50).toFixed(1)} ms, p95 ${percentil(msTrivial, 95).toFixed(1)} ms`,
    );
    console.log(
      `${motor.padEnd(10)} ${socios.length} socios, aforo ${aforo}: 201=${creadas} 409=${llenas} otras=${otras} | plazas ocupadas ${ocupadas} (contador ${contador}), sobreventa ${sobreventa} | total ${total.toFixed(0)} ms | servidor p50 ${percentil(servidor, 50).toFixed(1)} ms, p95 ${percentil(servidor, 95).toFixed(1)} ms | cliente p50 ${percentil(cliente, 50).toFixed(1)} ms, p95 ${percentil(cliente, 95).toFixed(1)} ms`,
    );
    await app.close();
    return (
      ocupadas === aforo &&
      contador === aforo &&
      creadas === aforo &&
      llenas === socios.length - aforo &&
      otras === 0
    );
  } finally {
    await bd.cerrar();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let correcto = await conPgliteEnDisco((opciones) => medir("PGlite", opciones));
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    correcto = (await medir("PostgreSQL", { tipo: "postgres", url: temporal.url })) && correcto;
  } finally {
    await temporal.borrar();
  }
}
if (!correcto) {
  console.error("ERROR: el aforo no se ha respetado");
  process.exitCode = 1;
}
