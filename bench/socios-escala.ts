// Not in `npm run bench` (issue 51, the member list): the member list's calls on databases of
// different sizes already seeded with `generar-escala.ts`, measured in one process with the rounds
// interleaved (each round asks every call of every database once), so the machine's load falls
// on every size alike; `GET /api/salud` is the yardstick. Each list call twice: as the bench asks
// it (the same page again: from the page cache after the first) and «sin caché», with the data
// version raised before each request (`nextval('version_datos')`, as any write does), so the
// page is read from the database every time.
// Run: ESCALA_BASES="300x1=postgres://…/a,12000x10=postgres://…/b" npx tsx bench/socios-escala.ts
// (ESCALA_REPETICIONES, 40; ESCALA_PERCENTIL, 0.95: 0.5 gives the medians). The first database is the reference of the ratios.
import pg from "pg";
import { buildApp } from "../packages/api/src/app.js";
import { leerConfig } from "../packages/api/src/config.js";
import { abrirBaseDeDatos } from "../packages/api/src/db/database.js";
import { CUENTAS_DEMO, PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";

const REPETICIONES = Number(process.env.ESCALA_REPETICIONES ?? 40);
const bases = (process.env.ESCALA_BASES ?? "")
  .split(",")
  .filter(Boolean)
  .map((b) => {
    const i = b.indexOf("=");
    return { nombre: b.slice(0, i), url: b.slice(i + 1) };
  });
if (bases.length === 0) throw new Error('ESCALA_BASES="300x1=postgres://…,12000x10=postgres://…"');

type Llamada = { nombre: string; ruta: (b: Preparada) => string; sinCache?: boolean };
type Preparada = Awaited<ReturnType<typeof preparar>>;

async function preparar(base: { nombre: string; url: string }) {
  const bd = await abrirBaseDeDatos({ tipo: "postgres", url: base.url });
  const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, pushWorker: false };
  const app = await buildApp({ config, db: bd.db, clave: ClaveInstalacion.nueva(), logger: false });
  await app.ready();
  const token = async (cuenta: keyof typeof CUENTAS_DEMO) =>
    (
      await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: CUENTAS_DEMO[cuenta], password: PASSWORD_DEMO },
      })
    ).json().accessToken as string;
  const admin = await token("administrador");
  const usuario = await token("usuario");
  const yo = (
    await app.inject({ url: "/api/sesion", headers: { authorization: `Bearer ${usuario}` } })
  ).json().socioId as number;
  const tipos = (
    await app.inject({ url: "/api/tipossocio", headers: { authorization: `Bearer ${admin}` } })
  ).json() as { id: number; nombre: string }[] | { items: { id: number; nombre: string }[] };
  const lista = Array.isArray(tipos) ? tipos : tipos.items;
  const fester = lista.find((t) => t.nombre === "Fester")?.id ?? 1;
  const cliente = new pg.Client({ connectionString: base.url });
  await cliente.connect();
  const total = (
    await app.inject({
      url: "/api/socios?page=1&pageSize=1",
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json().total as number;
  return { ...base, bd, app, admin, yo, fester, cliente, total, ms: new Map<string, number[]>() };
}

const LISTA: [string, (b: Preparada) => string][] = [
  ["socios: primera página", () => "/api/socios?page=1&pageSize=50"],
  ["socios: búsqueda por apellido", () => "/api/socios?q=pastor&page=1&pageSize=50"],
  ["socios: por edad", () => "/api/socios?sort=-edad&page=1&pageSize=50"],
  ["socios: tipo y activos", (b) => `/api/socios?tipo=${b.fester}&activo=1&page=1&pageSize=50`],
];
const LLAMADAS: Llamada[] = [
  { nombre: "GET /api/salud (vara de medir)", ruta: () => "/api/salud" },
  ...LISTA.map(([nombre, ruta]) => ({ nombre, ruta })),
  ...LISTA.map(([nombre, ruta]) => ({ nombre: `${nombre} (sin caché)`, ruta, sinCache: true })),
  { nombre: "ficha de un socio", ruta: (b) => `/api/socios/${b.yo}` },
  { nombre: "historial de un socio", ruta: (b) => `/api/socios/${b.yo}/historial` },
  { nombre: "familia de un socio", ruta: (b) => `/api/socios/${b.yo}/familia` },
];

function percentil(ms: number[], p: number): number {
  const orden = [...ms].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.max(0, Math.ceil(orden.length * p) - 1))];
}
const PERCENTIL = Number(process.env.ESCALA_PERCENTIL ?? 0.95);

const preparadas: Preparada[] = [];
for (const b of bases) preparadas.push(await preparar(b));
// The cached calls first, all their rounds (a version raised in between would empty the cache),
// then the uncached ones.
for (const fase of [false, true])
  for (let ronda = -3; ronda < REPETICIONES; ronda++) {
    for (const llamada of LLAMADAS.filter(
      (l) => Boolean(l.sinCache) === fase || l === LLAMADAS[0],
    )) {
      for (const b of preparadas) {
        if (llamada.sinCache) await b.cliente.query("select nextval('version_datos')");
        const t0 = performance.now();
        const res = await b.app.inject({
          url: llamada.ruta(b),
          headers: { authorization: `Bearer ${b.admin}` },
        });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${llamada.ruta(b)}: ${res.statusCode}`);
        if (ronda < 0) continue;
        const lista = b.ms.get(llamada.nombre) ?? [];
        lista.push(ms);
        b.ms.set(llamada.nombre, lista);
      }
    }
  }
const [ref] = preparadas;
const vara = LLAMADAS[0].nombre;
console.log(
  `\n| p${PERCENTIL * 100} (ms) | ${preparadas.map((b) => `${b.nombre} (${b.total} socios)`).join(" | ")} | ${preparadas
    .slice(1)
    .map((b) => `${b.nombre} / ${ref.nombre}`)
    .join(" | ")} |`,
);
console.log(
  `|---|${preparadas.map(() => "---:").join("|")}|${preparadas
    .slice(1)
    .map(() => "---:")
    .join("|")}|`,
);
for (const llamada of LLAMADAS) {
  const v = preparadas.map((b) => percentil(b.ms.get(llamada.nombre) ?? [], PERCENTIL));
  const razones = v.slice(1).map((x, i) => {
    const neta =
      x /
      v[0] /
      (percentil(preparadas[i + 1].ms.get(vara) ?? [], PERCENTIL) /
        percentil(ref.ms.get(vara) ?? [], PERCENTIL));
    return `${(x / v[0]).toFixed(2)}× (neta ${neta.toFixed(2)}×)`;
  });
  console.log(
    `| ${llamada.nombre} | ${v.map((x) => x.toFixed(1)).join(" | ")} | ${razones.join(" | ")} |`,
  );
}
for (const b of preparadas) {
  await b.cliente.end();
  await b.app.close();
  await b.bd.cerrar();
}
