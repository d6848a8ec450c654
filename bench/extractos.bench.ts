// Importing and reconciling a bank statement (issue 47): a Norma 43 month of LINEAS lines (500 by
// default) on a bank account of the treasury, then `POST /api/tesoreria/extractos?confirmar=0`
// (the dry run with its proposals), `confirmar=1` without decisions (the lines stay pending),
// `POST /api/tesoreria/extractos/:id/decisiones` deciding every line in one request (a third
// matched with a manual movement of the book, a third new movements with their category, a third
// skipped) and `GET /api/tesoreria/extractos/:id`; the time of each with `app.inject`, in PGlite
// (in memory) and, with DATABASE_URL, in PostgreSQL (a database of its own, dropped after).
// The decisions were written one line at a time (about six statements per line, 6 s for 500 lines
// on PGlite in a loaded machine); now in a few statements whatever the number of lines.
// Run: npx tsx bench/extractos.bench.ts   (EXTRACTOS_LINEAS=2000 for another size)
import { digitosControlCcc, ibanDeCcc } from "@fila/domain";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos, type OpcionesBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";
import { type Apunte, cuentaN43, norma43 } from "../packages/api/src/test/extractos-prueba.js";
import { crearAdministrador } from "./administrador.js";

const LINEAS = Number(process.env.EXTRACTOS_LINEAS ?? 500);
const PASSWORD = "medicion-de-la-fila-2026";
const CCC = { entidad: "0049", oficina: "1500", cuenta: "0512345678" };
const FECHA = `${new Date().getUTCFullYear()}-01-15`;

function multipart(archivo: Buffer, campos: Record<string, string>) {
  const limite = "----fila-bench";
  return {
    headers: { "content-type": `multipart/form-data; boundary=${limite}` },
    payload: Buffer.concat([
      ...Object.entries(campos).map(([k, v]) =>
        Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(
        `--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="mes.n43"\r\n\r\n`,
      ),
      archivo,
      Buffer.from(`\r\n--${limite}--\r\n`),
    ]),
  };
}

async function medir(motor: string, opciones: OpcionesBaseDeDatos) {
  const bd = await abrirBaseDeDatos(opciones);
  const db = bd.db;
  await migrar(db);
  await asegurarAsociacion(db);
  await crearAdministrador(db, { email: "admin@bench.test", password: PASSWORD, nombre: "Junta" });
  const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, pushWorker: false };
  const app = await buildApp({ config, db, clave: ClaveInstalacion.nueva(), logger: false });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: "admin@bench.test", password: PASSWORD },
  });
  const authorization = `Bearer ${login.json().accessToken}`;
  const pedir = async (method: "GET" | "POST", url: string, payload?: object, estado = 200) => {
    const res = await app.inject({ method, url, headers: { authorization }, payload });
    if (res.statusCode !== estado)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const cuenta = await pedir(
    "POST",
    "/api/tesoreria/cuentas",
    {
      nombre: "Banco del extracto",
      tipo: "banco",
      iban: ibanDeCcc({ ...CCC, dc: digitosControlCcc(CCC.entidad, CCC.oficina, CCC.cuenta) }),
      saldoInicial: 0,
      fechaSaldoInicial: `${FECHA.slice(0, 4)}-01-01`,
    },
    201,
  );
  const categorias = (await pedir("GET", "/api/tesoreria/categorias?pageSize=200")).items as {
    id: number;
    clave: string | null;
  }[];
  const idCategoria = (clave: string) => categorias.find((c) => c.clave === clave)?.id as number;
  // Each line a different amount, so that each manual movement matches its own line only.
  const apuntes: Apunte[] = Array.from({ length: LINEAS }, (_, i) => ({
    fecha: FECHA,
    importe: (i % 2 === 0 ? 1 : -1) * (1000 + i),
    concepto: `APUNTE ${i + 1}`,
  }));
  const manuales = new Map<number, number>();
  for (let n = 1; n <= LINEAS; n += 3) {
    const importe = (apuntes[n - 1]?.importe ?? 0) / 100;
    const m = await pedir(
      "POST",
      "/api/tesoreria/movimientos",
      {
        idCuenta: cuenta.id,
        fecha: FECHA,
        concepto: `A mano ${n}`,
        importe,
        lineas: [
          { idCategoria: idCategoria(importe > 0 ? "otros_ingresos" : "otros_gastos"), importe },
        ],
      },
      201,
    );
    manuales.set(n, m.id);
  }
  const fichero = norma43(cuentaN43(CCC, FECHA, FECHA, 0, apuntes));
  const tiempos: [string, number][] = [];
  const cronometrar = async <T>(que: string, hacer: () => Promise<T>) => {
    const inicio = performance.now();
    const r = await hacer();
    tiempos.push([que, performance.now() - inicio]);
    return r;
  };

  const subir = (confirmar: 0 | 1) =>
    app.inject({
      method: "POST",
      url: `/api/tesoreria/extractos?confirmar=${confirmar}`,
      ...(() => {
        const m = multipart(fichero, {});
        return { payload: m.payload, headers: { ...m.headers, authorization } };
      })(),
    });
  const previa = await cronometrar("importar, previa (confirmar=0)", () => subir(0));
  if (previa.statusCode !== 200) throw new Error(`previa: ${previa.statusCode} ${previa.body}`);
  // Saved with an empty list of decisions: every line pending (without it the proposals would
  // already match the manual movements).
  const guardado = await cronometrar("importar y guardar (confirmar=1, sin decisiones)", () =>
    app.inject({
      method: "POST",
      url: "/api/tesoreria/extractos?confirmar=1",
      ...(() => {
        const m = multipart(fichero, { decisiones: "[]" });
        return { payload: m.payload, headers: { ...m.headers, authorization } };
      })(),
    }),
  );
  if (guardado.statusCode !== 201)
    throw new Error(`guardar: ${guardado.statusCode} ${guardado.body}`);
  const idExtracto = guardado.json().cuentas[0].idExtracto as number;
  const decisiones = apuntes.map((a, i) => {
    const n = i + 1;
    if (n % 3 === 1) return { n, accion: "conciliar", idsMovimiento: [manuales.get(n)] };
    if (n % 3 === 2) {
      return {
        n,
        accion: "nuevo",
        idCategoria: idCategoria(a.importe > 0 ? "otros_ingresos" : "otros_gastos"),
      };
    }
    return { n, accion: "omitir" };
  });
  const decidido = await cronometrar(`decidir las ${LINEAS} líneas en una petición`, () =>
    pedir("POST", `/api/tesoreria/extractos/${idExtracto}/decisiones`, { decisiones }),
  );
  const pendientes = decidido.lineas.filter((l: { estado: string }) => l.estado === "pendiente");
  if (pendientes.length > 0) throw new Error(`${pendientes.length} líneas sin decidir`);
  await cronometrar("leer el extracto (GET /:id)", () =>
    pedir("GET", `/api/tesoreria/extractos/${idExtracto}`),
  );

  console.log(`\n${motor}, ${LINEAS} líneas:`);
  for (const [que, ms] of tiempos) console.log(`  ${que}: ${ms.toFixed(0)} ms`);
  await app.close();
  await bd.cerrar();
}

await medir("PGlite (memoria)", { tipo: "pglite-memoria" });
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench_extractos");
  try {
    await medir("PostgreSQL", { tipo: "postgres", url: temporal.url });
  } finally {
    await temporal.borrar();
  }
}
