// Measures the foundation's hot paths on a real database: signing in (argon2id-bound) and an
// authenticated call (token lookup per request). PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: npm run bench   (or DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench)
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos, type OpcionesBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";
import { hashPassword } from "../packages/api/src/lib/passwords.js";

const PASSWORD = "medicion-de-la-fila-2026";

function percentil(valores: number[], p: number): number {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)];
}

async function medir(motor: string, opciones: OpcionesBaseDeDatos) {
  const bd = await abrirBaseDeDatos(opciones);
  await migrar(bd.db);
  await asegurarAsociacion(bd.db);
  const hash = await hashPassword(PASSWORD);
  await bd.db
    .insertInto("usuario")
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        email: `bench${i}@fila.test`,
        rol: "usuario" as const,
        password_hash: hash,
        id_socio: null,
        condiciones_aceptadas_en: null,
        condiciones_version: null,
      })),
    )
    .execute();
  const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null };
  const app = await buildApp({ config, db: bd.db, clave: ClaveInstalacion.nueva(), logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const tiempos: number[] = [];
  let token = "";
  for (let i = 0; i < 40; i++) {
    const inicio = performance.now();
    const res = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench${i % 50}@fila.test`, password: PASSWORD }),
    });
    tiempos.push(performance.now() - inicio);
    token = ((await res.json()) as { accessToken: string }).accessToken;
  }

  const carga = await autocannon({
    url: `${url}/api/sesion`,
    connections: 20,
    duration: 5,
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(
    `${motor.padEnd(10)} login p50 ${percentil(tiempos, 50).toFixed(1)} ms, p95 ${percentil(tiempos, 95).toFixed(1)} ms | ` +
      `GET /api/sesion ${Math.round(carga.requests.average)} pet/s, p50 ${carga.latency.p50} ms, p99 ${carga.latency.p99} ms, ` +
      `errores ${carga.errors + carga.non2xx}`,
  );
  await app.close();
  await bd.cerrar();
}

await medir("PGlite", { tipo: "pglite-memoria" });
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    await medir("PostgreSQL", { tipo: "postgres", url: temporal.url });
  } finally {
    await temporal.borrar();
  }
}
