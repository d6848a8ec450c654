// First-party analytics on a real database with 13 months of a busy fila (every route every day):
// the anonymous POST /api/analitica (3.000 visitors of the day, each from its own address), the
// administrator's GET /api/analitica/resumen for 28 and 400 days, and the upkeep that closes a
// day with 3.000 visitor hashes. p50/p95 in the server (app.inject, no network).
// PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: npx tsx bench/analitica.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)
import { hoyIso, RUTAS_ANALITICA } from "@fila/domain";
import { sql } from "kysely";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos, type OpcionesBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";
import { crearAdministrador } from "./administrador.js";

const VISITANTES = 3000;
const PASSWORD = "medicion-de-la-fila-2026";
const MOVIL = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1";

function percentil(valores: number[], p: number): number {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)];
}

const cifras = (ms: number[]) =>
  `p50 ${percentil(ms, 50).toFixed(1)} ms, p95 ${percentil(ms, 95).toFixed(1)} ms`;

async function medir(motor: string, opciones: OpcionesBaseDeDatos) {
  const bd = await abrirBaseDeDatos(opciones);
  const db = bd.db;
  await migrar(db);
  await asegurarAsociacion(db);
  await sql`INSERT INTO analitica_vista (dia, ruta, vistas)
    SELECT d::date, r, (random() * 100)::int
    FROM generate_series(current_date - 400, current_date - 1, '1 day') d,
         unnest(${[...RUTAS_ANALITICA]}::text[]) r`.execute(db);
  await sql`INSERT INTO analitica_visitantes_dia (dia, dispositivo, visitantes)
    SELECT d::date, x, (random() * 300)::int
    FROM generate_series(current_date - 400, current_date - 1, '1 day') d,
         unnest(array['movil', 'tableta', 'ordenador']) x`.execute(db);
  await sql`INSERT INTO analitica_evento (dia, nombre, total)
    SELECT d::date, x, (random() * 30)::int
    FROM generate_series(current_date - 400, current_date - 1, '1 day') d,
         unnest(array['alerta_abierta_push', 'recibo_descargado', 'inscripcion_hecha',
                      'app_instalada', 'push_entregada']) x`.execute(db);
  await crearAdministrador(db, { email: "admin@bench.test", password: PASSWORD, nombre: "Junta" });
  const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, pushWorker: false };
  const app = await buildApp({ config, db, clave: ClaveInstalacion.nueva(), logger: false });
  await app.ready();

  for (let i = 0; i < VISITANTES; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/analitica",
      remoteAddress: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
      headers: { "user-agent": MOVIL },
      payload: { vistas: ["/socio-home", "/misactos", "/mispagos"], eventos: [] },
    });
    if (res.statusCode !== 204) throw new Error(`POST /api/analitica: ${res.statusCode}`);
  }
  const envios: number[] = [];
  // Timed from outside on the same thread: the server's work plus inject's small overhead.
  for (let i = 0; i < 300; i++) {
    const inicio = performance.now();
    await app.inject({
      method: "POST",
      url: "/api/analitica",
      remoteAddress: `172.16.${i >> 8}.${i & 255}`,
      headers: { "user-agent": MOVIL },
      payload: { vistas: ["/socio-home"], eventos: ["recibo_descargado"] },
    });
    envios.push(performance.now() - inicio);
  }

  const login = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: "admin@bench.test", password: PASSWORD },
  });
  const authorization = `Bearer ${login.json().accessToken}`;
  const hoy = hoyIso();
  const hace399 = new Date(Date.now() - 399 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const resumen = async (query: string) => {
    const tiempos: number[] = [];
    for (let i = 0; i < 20; i++) {
      const inicio = performance.now();
      const res = await app.inject({
        method: "GET",
        url: `/api/analitica/resumen${query}`,
        headers: { authorization },
      });
      if (res.statusCode !== 200) throw new Error(`resumen: ${res.statusCode} ${res.body}`);
      tiempos.push(performance.now() - inicio);
    }
    return tiempos;
  };
  const corto = await resumen("");
  const largo = await resumen(`?desde=${hace399}&hasta=${hoy}`);

  const inicio = performance.now();
  await app.servicios.analitica.mantener(new Date(Date.now() + 24 * 3600 * 1000));
  const mantenimiento = performance.now() - inicio;
  const cerrados = await db
    .selectFrom("analitica_visitantes_dia")
    .select("visitantes")
    .where("dia", "=", hoy)
    .executeTakeFirst();

  console.log(`\n${motor}`);
  console.log(`  POST /api/analitica (un visitante nuevo cada vez): ${cifras(envios)}`);
  console.log(`  GET /api/analitica/resumen, 28 días: ${cifras(corto)}`);
  console.log(`  GET /api/analitica/resumen, 400 días: ${cifras(largo)}`);
  console.log(
    `  cerrar el día (${cerrados?.visitantes ?? 0} visitantes → un recuento) y borrar lo de más de 13 meses: ${mantenimiento.toFixed(0)} ms`,
  );
  await app.close();
  await bd.cerrar();
}

await medir("PGlite (memoria)", { tipo: "pglite-memoria" });
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    await medir("PostgreSQL", { tipo: "postgres", url: temporal.url });
  } finally {
    await temporal.borrar();
  }
}
