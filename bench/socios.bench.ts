// Measures the member list and search at 5,000 members through the real HTTP app: page 1 sorted by
// surname, a search for "garcia" (accent-free), and a NIF fragment. PGlite always; PostgreSQL too
// when DATABASE_URL is set. Target: under 50 ms on the server.
// Run: npm run bench   (or DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench)
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import {
  abrirBaseDeDatos,
  type Database,
  type OpcionesBaseDeDatos,
} from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";
import { crearAdministrador } from "./administrador.js";

const SOCIOS = 5000;
const REPETICIONES = 200;
const PASSWORD = "medicion-de-la-fila-2026";

const NOMBRES_H = [
  "Josep",
  "Vicent",
  "Joan",
  "Pere",
  "Francesc",
  "Jordi",
  "Antonio",
  "José",
  "Manuel",
  "Rafael",
  "Miguel Ángel",
  "Andreu",
  "Toni",
  "Sergi",
  "Àlex",
  "Iván",
];
const NOMBRES_M = [
  "Maria",
  "Vicenta",
  "Rosa",
  "Àngela",
  "Núria",
  "Laura",
  "Carmen",
  "Lucía",
  "Pilar",
  "Mireia",
  "Sònia",
  "Inés",
  "Raquel",
  "Elena",
  "Amparo",
  "Begoña",
];
const APELLIDOS = [
  "García",
  "Martínez",
  "Pérez",
  "Sánchez",
  "López",
  "Ferrándiz",
  "Jordà",
  "Pastor",
  "Soler",
  "Mira",
  "Vidal",
  "Llorens",
  "Bernabeu",
  "Peñalver",
  "Gisbert",
  "Moltó",
  "Cortés",
  "Doménech",
  "Carbonell",
  "Sempere",
  "Valls",
  "Ribes",
  "Miró",
  "Tomàs",
  "Oliver",
  "Gómez",
  "Navarro",
  "Ruiz",
  "Jiménez",
  "Catalá",
];
const LETRAS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Deterministic pseudo-random numbers, so both engines get the same register. */
function generador(semilla: number) {
  let s = semilla;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function percentil(valores: number[], p: number): number {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)];
}

async function poblar(db: Database): Promise<string> {
  const azar = generador(2026);
  const elige = <T>(xs: T[]) => xs[Math.floor(azar() * xs.length)];
  const tipos = await db
    .insertInto("tipo_socio")
    .values(["Fester", "Infantil", "Juvenil", "Veterà"].map((nombre) => ({ nombre })))
    .returning("id")
    .execute();
  let nifBuscado = "";
  const filas = Array.from({ length: SOCIOS }, (_, i) => {
    const mujer = azar() < 0.45;
    const numero = 20_000_000 + Math.floor(azar() * 70_000_000);
    const nif = `${numero}${LETRAS[numero % 23]}`;
    if (i === 2500) nifBuscado = nif.slice(1, 6);
    const nombre = elige(mujer ? NOMBRES_M : NOMBRES_H);
    const apellidos = `${elige(APELLIDOS)} ${elige(APELLIDOS)}`;
    const anyo = 1940 + Math.floor(azar() * 80);
    return {
      nombre,
      apellidos,
      nif,
      email: `${nombre.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/ /g, "")}.${i}@correo.test`,
      sexo: mujer ? "mujer" : "hombre",
      matricula: i + 1,
      fecha_nacimiento: `${anyo}-${String(1 + Math.floor(azar() * 12)).padStart(2, "0")}-${String(1 + Math.floor(azar() * 28)).padStart(2, "0")}`,
      fecha_alta: `${Math.max(anyo + 1, 1980) + Math.floor(azar() * 10)}-01-01`,
      id_tipo_socio: elige(tipos).id,
      activo: azar() > 0.08,
      poblacion: "Alcoi",
      telefono: `6${String(Math.floor(azar() * 1e8)).padStart(8, "0")}`,
    };
  });
  for (let i = 0; i < filas.length; i += 500) {
    await db
      .insertInto("socio")
      .values(filas.slice(i, i + 500))
      .execute();
  }
  return nifBuscado;
}

async function medir(motor: string, opciones: OpcionesBaseDeDatos) {
  const bd = await abrirBaseDeDatos(opciones);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-"));
  try {
    await migrar(bd.db);
    await asegurarAsociacion(bd.db);
    const fragmentoNif = await poblar(bd.db);
    await crearAdministrador(bd.db, { email: "junta@fila.test", password: PASSWORD });
    const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, dataDir };
    const app = await buildApp({
      config,
      db: bd.db,
      clave: ClaveInstalacion.nueva(),
      logger: false,
    });
    // Server-side time of each answer, from the request's arrival to the reply's end.
    let servidor: number[] = [];
    app.addHook("onResponse", async (_req, reply) => {
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

    const casos: [string, string][] = [
      ["lista p1 apellidos", "/api/socios?page=1&pageSize=50&sort=apellidos"],
      ['q="garcia"', "/api/socios?q=garcia&sort=apellidos"],
      [`q="${fragmentoNif}" (NIF)`, `/api/socios?q=${fragmentoNif}`],
      ["filtro edad+tipo", "/api/socios?edadMin=18&edadMax=40&activo=1&sort=-edad"],
    ];
    for (const [nombre, ruta] of casos) {
      let total = 0;
      for (let i = 0; i < 20; i++) {
        await fetch(`${url}${ruta}`, { headers: { authorization: `Bearer ${accessToken}` } }).then(
          (r) => r.arrayBuffer(),
        );
      }
      servidor = [];
      const cliente: number[] = [];
      for (let i = 0; i < REPETICIONES; i++) {
        const inicio = performance.now();
        const res = await fetch(`${url}${ruta}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const cuerpo = (await res.json()) as { total: number };
        cliente.push(performance.now() - inicio);
        if (res.status !== 200) throw new Error(`${ruta}: ${res.status}`);
        total = cuerpo.total;
      }
      console.log(
        `${motor.padEnd(10)} ${nombre.padEnd(26)} ${String(total).padStart(5)} socios | servidor p50 ${percentil(servidor, 50).toFixed(1)} ms, p95 ${percentil(servidor, 95).toFixed(1)} ms | cliente p50 ${percentil(cliente, 50).toFixed(1)} ms, p95 ${percentil(cliente, 95).toFixed(1)} ms`,
      );
    }
    await app.close();
  } finally {
    await bd.cerrar();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Lista y búsqueda de socios con ${SOCIOS} socios, ${REPETICIONES} peticiones por caso`);
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
