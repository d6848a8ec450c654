// Capacity under load: 500 simultaneous enrolments for an event with 300 places, over real HTTP
// (parallel fetch against a listening server). Every enrolment locks the event row
// (SELECT … FOR UPDATE), counts members + guests and inserts, so exactly 300 must be taken and
// none oversold. Reports 201/409 counts, places taken, oversold and p50/p95 latency.
// PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: npx tsx bench/actos.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos, type OpcionesBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { hashPassword } from "../packages/api/src/lib/passwords.js";

const PETICIONES = 500;
const AFORO = 300;
const PASSWORD = "medicion-de-la-fila-2026";

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
    const socios = await bd.db
      .insertInto("socio")
      .values(
        Array.from({ length: PETICIONES }, (_, i) => ({
          nombre: `Socio${i}`,
          apellidos: "Carrera",
        })),
      )
      .returning("id")
      .execute();
    await bd.db
      .insertInto("usuario")
      .values({
        email: "junta@fila.test",
        rol: "administrador",
        password_hash: await hashPassword(PASSWORD),
        id_socio: null,
        condiciones_aceptadas_en: new Date(),
        condiciones_version: "1",
      })
      .execute();
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
      body: JSON.stringify({ email: "junta@fila.test", password: PASSWORD }),
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
        nombre: "Cena con aforo",
        fecha: dentroDe(30),
        aforo: AFORO,
        sePaga: true,
        precios: [],
      }),
    });
    const { id } = (await acto.json()) as { id: number };

    const cliente: number[] = [];
    const inicio = performance.now();
    const estados = await Promise.all(
      socios.map(async (s) => {
        const t0 = performance.now();
        const res = await fetch(`${url}/api/actos/${id}/inscripciones`, {
          method: "POST",
          headers: cabeceras,
          body: JSON.stringify({ idSocio: s.id }),
        });
        await res.arrayBuffer();
        cliente.push(performance.now() - t0);
        return res.status;
      }),
    );
    const total = performance.now() - inicio;
    const { n } = await bd.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_acto", "=", id)
      .executeTakeFirstOrThrow();
    const ocupadas = Number(n);
    const creadas = estados.filter((s) => s === 201).length;
    const llenas = estados.filter((s) => s === 409).length;
    const otras = estados.length - creadas - llenas;
    const sobreventa = Math.max(0, ocupadas - AFORO);
    console.log(
      `${motor.padEnd(10)} ${PETICIONES} peticiones, aforo ${AFORO}: 201=${creadas} 409=${llenas} otras=${otras} | plazas ocupadas ${ocupadas}, sobreventa ${sobreventa} | total ${total.toFixed(0)} ms | servidor p50 ${percentil(servidor, 50).toFixed(1)} ms, p95 ${percentil(servidor, 95).toFixed(1)} ms | cliente p50 ${percentil(cliente, 50).toFixed(1)} ms, p95 ${percentil(cliente, 95).toFixed(1)} ms`,
    );
    await app.close();
    return ocupadas === AFORO && creadas === AFORO && sobreventa === 0 && otras === 0;
  } finally {
    await bd.cerrar();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let correcto = await medir("PGlite", { tipo: "pglite-memoria" });
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
