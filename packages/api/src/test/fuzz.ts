// Fuzzing from the OpenAPI document, as Schemathesis does it: for every operation, valid and
// invalid requests (generated from its schemas, plus the classic bad values) sent to the real app
// as administrador and as usuario. Checks: never a 5xx, the status is one the operation declares,
// and the body conforms to the schema declared for that status. Seeded and bounded:
// FUZZ_SEED and FUZZ_CASOS change the seed and the cases per operation and role; FUZZ_TRAZA=1
// prints each operation as it starts and each case's time (generating it, answering it);
// FUZZ_SOLO="POST /api/x|GET /api/y" fuzzes only the operations containing one of those texts.
//
// The operations are dealt into PARTES files (fuzz-1.test.ts …), each with its own app and
// database, so that the test workers share the work instead of one file holding the run's tail.
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { nuevoToken } from "../lib/tokens.js";
import { crearCuenta, crearEntorno, type Entorno } from "./entorno.js";
import { cuentaN43, norma43 } from "./extractos-prueba.js";
import { validadorDeRespuestas } from "./openapi-respuestas.js";
import { REDSYS_SIN_BANCO } from "./redsys-simulado.js";

const SEMILLA = Number(process.env.FUZZ_SEMILLA ?? process.env.FUZZ_SEED ?? 20261125);
const CASOS = Number(process.env.FUZZ_CASOS ?? 8);

// A stream never ends (server-sent events); logging out would revoke the fuzzer's own session.
const EXCLUIDAS = new Set(["GET /api/eventos", "POST /api/logout"]);

type Esquema = Record<string, unknown>;
type Parametro = { name: string; in: "path" | "query"; required?: boolean; schema: Esquema };
type Operacion = {
  metodo: string;
  ruta: string;
  parametros: Parametro[];
  cuerpo: Esquema | null;
  respuestas: Record<string, { content?: Record<string, { schema: Esquema }> }>;
};
type Caso = { url: string; payload?: string; contentType?: string };

/** The longest array generated for a body. */
const MAX_ELEMENTOS = 200;

/** OpenAPI 3.0 schema → JSON Schema 2020-12, which json-schema-faker reads (arrays capped). */
function moderno(esquema: unknown): unknown {
  if (Array.isArray(esquema)) return esquema.map(moderno);
  if (!esquema || typeof esquema !== "object") return esquema;
  const s: Esquema = {};
  for (const [k, v] of Object.entries(esquema)) s[k] = moderno(v);
  for (const [limite, excl] of [
    ["minimum", "exclusiveMinimum"],
    ["maximum", "exclusiveMaximum"],
  ] as const) {
    if (s[excl] === true) {
      s[excl] = s[limite];
      delete s[limite];
    } else if (s[excl] === false) delete s[excl];
  }
  // json-schema-faker fills an array up to its maxItems: the 20 000 decisions of a statement,
  // each with up to 1000 movements, took it 5 to 17 s per case (the request itself, a few ms: the
  // body limit answers 413). Long lists are capped; the limits themselves are the routes' tests.
  if (typeof s.maxItems === "number" && s.maxItems > MAX_ELEMENTOS) {
    s.maxItems = Math.max(MAX_ELEMENTOS, typeof s.minItems === "number" ? s.minItems : 0);
  }
  if (s.nullable === true) {
    delete s.nullable;
    return { anyOf: [s, { type: "null" }] };
  }
  return s;
}

const MALOS: unknown[] = [
  "",
  " ",
  "a".repeat(100_000),
  -1,
  0,
  1.5,
  -9_007_199_254_740_991,
  1e308,
  "NaN",
  "Infinity",
  true,
  null,
  [],
  {},
  "\u0000",
  "a\u0000b",
  "'; DROP TABLE socio; --",
  "1 OR 1=1",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '=HYPERLINK("http://x")',
  "../../etc/passwd",
  "%00",
  "😀🎉",
  "2026-02-30",
  "9999-99-99",
];
const MALOS_EN_RUTA = ["0", "-1", "abc", "1.5", "99999999999999999999", "%00", "%27%20OR%201%3D1"];

function aTexto(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

function ejemplo(esquema: Esquema | undefined, semilla: number): unknown {
  if (!esquema) return undefined;
  try {
    return generateSync(moderno(esquema) as never, { seed: semilla, alwaysFakeOptionals: false });
  } catch {
    return {};
  }
}

/** One request for `op` from a few random numbers: valid where `valido`, broken somewhere else. */
function construir(op: Operacion, ids: number[], r: number[]): Caso {
  const [modo = 0, a = 0, b = 0, c = 0, semilla = 0] = r;
  const valido = modo % 3 === 0;
  let url = op.ruta.replace(/\{(\w+)\}/g, (_m, nombre: string) => {
    if (!valido && a % 2 === 0) return MALOS_EN_RUTA[b % MALOS_EN_RUTA.length] as string;
    if (nombre === "token" || nombre === "archivo") return valido ? "x".repeat(43) : "corto";
    return String(ids[(b + nombre.length) % ids.length]);
  });
  const query = new URLSearchParams();
  for (const p of op.parametros.filter((x) => x.in === "query")) {
    if (!p.required && (semilla + p.name.length) % 2 === 0) continue;
    const v =
      !valido && (a + p.name.length) % 3 === 0
        ? MALOS[(c + p.name.length) % MALOS.length]
        : ejemplo(p.schema, semilla + p.name.length);
    if (v !== undefined) query.set(p.name, aTexto(v).slice(0, 2000));
  }
  if (modo % 5 === 4) query.set("__proto__[x]", "1");
  if ([...query].length > 0) url += `?${query}`;
  if (!op.cuerpo) return { url };

  const base = ejemplo(op.cuerpo, semilla);
  if (valido) return { url, payload: JSON.stringify(base ?? {}) };
  switch (a % 7) {
    case 0:
      return { url, payload: aTexto(MALOS[b % MALOS.length]) };
    case 1:
      return { url, payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": 1}}' };
    case 2:
      return { url, payload: "{ no es JSON" };
    case 3:
      return { url, payload: JSON.stringify(base), contentType: "text/plain" };
    default: {
      const objeto =
        base && typeof base === "object" && !Array.isArray(base)
          ? { ...(base as Record<string, unknown>) }
          : {};
      const claves = Object.keys(objeto);
      const clave = claves.length > 0 ? (claves[c % claves.length] as string) : "campoNuevo";
      if (a % 7 === 4) objeto[clave] = MALOS[b % MALOS.length];
      else if (a % 7 === 5) delete objeto[clave];
      else objeto.campoQueNoExiste = MALOS[b % MALOS.length];
      return { url, payload: JSON.stringify(objeto) };
    }
  }
}

let e: Entorno;
let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };
const cuentas = { administrador: 0, usuario: 0 };
let ids: number[] = [];

/** A fresh session straight in the database: a fuzzed call may have revoked the last one. */
async function sesionNueva(rol: keyof typeof cuentas): Promise<string> {
  await e.db
    .updateTable("usuario")
    .set({ activo: true, rol })
    .where("id", "=", cuentas[rol])
    .execute();
  const { token, hash } = nuevoToken();
  await e.db
    .insertInto("sesion")
    .values({ id_usuario: cuentas[rol], token_hash: hash, expira_en: new Date(Date.now() + 3.6e6) })
    .execute();
  return token;
}

function operaciones(): Operacion[] {
  return Object.entries(doc.paths).flatMap(([ruta, metodos]) =>
    Object.entries(metodos).map(([metodo, op]) => ({
      metodo: metodo.toUpperCase(),
      ruta,
      parametros: (op.parameters as Parametro[] | undefined) ?? [],
      cuerpo:
        (op.requestBody as { content?: Record<string, { schema: Esquema }> } | undefined)
          ?.content?.["application/json"]?.schema ?? null,
      respuestas: op.responses as Operacion["respuestas"],
    })),
  );
}

/** The app, two accounts and real rows for the ids of the routes. */
export async function prepararFuzz(): Promise<void> {
  // Online payment on (the simulated merchant, paying for real): its routes are fuzzed as they run.
  e = await crearEntorno({
    redsys: REDSYS_SIN_BANCO,
  });
  cuentas.administrador = (await crearCuenta(e.db, { rol: "administrador" })).id;
  const usuario = await crearCuenta(e.db, { rol: "usuario" });
  cuentas.usuario = usuario.id;
  doc = (await e.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  // Something to point at: a member type, a member, an event, a product.
  const admin = await sesionNueva("administrador");
  const h = { authorization: `Bearer ${admin}` };
  const tipo = await e.app.inject({
    method: "POST",
    url: "/api/tipossocio",
    headers: h,
    payload: { nombre: "Fuzz" },
  });
  const acto = await e.app.inject({
    method: "POST",
    url: "/api/actos",
    headers: h,
    payload: { nombre: "Acto fuzz", fecha: "2030-01-01", aforo: 10 },
  });
  // A lottery with a talonario of the usuario's (issue 46): its routes reach real rows.
  const loteria = await e.app.inject({
    method: "POST",
    url: "/api/loterias",
    headers: h,
    payload: {
      nombre: "Lotería fuzz",
      fechaSorteo: "2030-12-22",
      fechaLimiteDevolucion: "2030-12-15",
      numeros: [{ numero: "05473", decimos: 100 }],
      importeJugado: 4,
    },
  });
  const talonario = await e.app.inject({
    method: "POST",
    url: `/api/loterias/${loteria.json().id}/talonarios`,
    headers: h,
    payload: { cantidad: 1, participaciones: 5, idSocio: usuario.idSocio },
  });
  // A called assembly (issue 48) on the event: its routes reach real rows.
  const asamblea = await e.app.inject({
    method: "POST",
    url: "/api/asambleas",
    headers: h,
    payload: {
      idActo: acto.json().id,
      caracter: "ordinaria",
      primeraConvocatoria: "2030-01-01T18:00:00+01:00",
      puntos: [{ titulo: "Cuentas", votacion: { modo: "secreta", mayoria: "simple" } }],
    },
  });
  await e.app.inject({
    method: "POST",
    url: `/api/asambleas/${asamblea.json().id}/convocatoria`,
    headers: h,
  });
  // An imported statement of the cash box with a pending line, and a rule (issue 47).
  const caja = (await e.app.inject({ method: "GET", url: "/api/tesoreria/cuentas", headers: h }))
    .json()
    .items.find((c: { tipo: string }) => c.tipo === "caja");
  const n43 = norma43(
    cuentaN43(
      { entidad: "0049", oficina: "1500", cuenta: "0512345678" },
      "2030-01-01",
      "2030-01-31",
      0,
      [{ fecha: "2030-01-15", importe: 1000, concepto: "INGRESO FUZZ" }],
    ),
  );
  const extracto = await e.app.inject({
    method: "POST",
    url: "/api/tesoreria/extractos?confirmar=1",
    headers: { ...h, "content-type": "multipart/form-data; boundary=f" },
    payload: Buffer.concat([
      Buffer.from(`--f\r\nContent-Disposition: form-data; name="idCuenta"\r\n\r\n${caja.id}\r\n`),
      Buffer.from(
        '--f\r\nContent-Disposition: form-data; name="archivo"; filename="c.n43"\r\n\r\n',
      ),
      n43,
      Buffer.from("\r\n--f--\r\n"),
    ]),
  });
  const regla = await e.app.inject({
    method: "POST",
    url: "/api/tesoreria/reglas",
    headers: h,
    payload: { texto: "FUZZ", idCategoria: 1 },
  });
  // An escuadra with the usuario's member as its cabo, and a commission (issue 49).
  const escuadra = await e.app.inject({
    method: "POST",
    url: "/api/escuadras",
    headers: h,
    payload: { anyo: 2030, nombre: "Escuadra fuzz" },
  });
  await e.app.inject({
    method: "PUT",
    url: `/api/escuadras/${escuadra.json().id}/cabo`,
    headers: h,
    payload: { idSocio: usuario.idSocio },
  });
  const comision = await e.app.inject({
    method: "POST",
    url: "/api/grupos",
    headers: h,
    payload: { clase: "comision", nombre: "Comisión fuzz" },
  });
  ids = [
    1,
    2,
    escuadra.json().id,
    comision.json().id,
    extracto.json().cuentas?.[0]?.idExtracto,
    regla.json().id,
    usuario.idSocio ?? 1,
    tipo.json().id,
    acto.json().id,
    loteria.json().id,
    talonario.json().items?.[0]?.id,
    asamblea.json().id,
    asamblea.json().puntos?.[0]?.id,
    999_999,
  ].filter((x): x is number => Number.isInteger(x));
}

/** The operations that a change could hide; every operation of the document is fuzzed. */
export const NOMBRADAS = [
  "GET /api/socios/{id}/carnet",
  "POST /api/socios/{id}/carnet/renovacion",
  "GET /api/actos/{id}/accesos",
  "POST /api/actos/{id}/accesos",
  "POST /api/actos/{id}/mesas",
  "POST /api/actos/{id}/mesas/union",
  "PUT /api/actos/{id}/mesas/asignaciones",
  "POST /api/actos/{id}/mesas/automatico",
  "GET /api/actos/{id}/mesas/pdf",
  "PUT /api/actos/{id}/inscripciones/{idInscripcion}/plazo-pago",
  "POST /api/loterias/{id}/talonarios",
  "POST /api/loterias/{id}/talonarios/{idTalonario}/liquidacion",
  "POST /api/loterias/{id}/participaciones",
  "GET /api/loterias/participaciones/{codigo}",
  "POST /api/loterias/participaciones/{codigo}/pago",
  "POST /api/tesoreria/movimientos",
  "GET /api/tesoreria/cuentas-anuales",
  "DELETE /api/tesoreria/cierres/{anyo}",
  "POST /api/tesoreria/extractos",
  "GET /api/tesoreria/extractos/{id}",
  "POST /api/tesoreria/extractos/{id}/decisiones",
  "GET /api/tesoreria/conciliacion",
  "PUT /api/tesoreria/reglas/{id}",
  "DELETE /api/tesoreria/reglas/{id}",
  "POST /api/escuadras/{id}/miembros",
  "PUT /api/escuadras/{id}/cabo",
  "PUT /api/escuadras/desfiles/{desfile}",
  "POST /api/escuadras/copia",
  "GET /api/escuadras/mia",
  "POST /api/grupos/{id}/miembros",
  "PUT /api/cargos/{id}",
  "POST /api/socios/{id}/cargos",
  "GET /api/socios/{id}/estructura",
  "GET /api/socios/{id}/antiguedad",
  "POST /api/socios/{id}/periodos",
  "PUT /api/socios/{id}/periodos/{idPeriodo}",
  "GET /api/recompensas/candidatos",
  "POST /api/recompensas/{id}/concesiones",
  "GET /api/recompensas/concesiones/{id}/diploma",
  "GET /api/federacion/censo",
  "PUT /api/federacion/ajustes",
  "POST /api/federacion/censo/envios",
  "POST /api/asambleas/{id}/convocatoria",
  "POST /api/asambleas/{id}/delegaciones",
  "POST /api/asambleas/{id}/asistentes",
  "POST /api/asambleas/{id}/puntos/{idPunto}/votos",
  "PUT /api/asambleas/{id}/acta",
  "GET /api/socios/libro-registro",
];

/** How many files the operations are dealt into. */
export const PARTES = 4;

/** Every fuzzed operation, in the document's order. */
export function operacionesFuzz(): string[] {
  return operaciones()
    .filter((o) => !EXCLUIDAS.has(`${o.metodo} ${o.ruta}`))
    .map((o) => `${o.metodo} ${o.ruta}`);
}

/** Fuzzes the operations of part `parte` (0 … PARTES − 1); returns the failures found. */
export async function fuzzear(parte: number): Promise<string[]> {
  const validar = validadorDeRespuestas(doc);
  const ops = operaciones().filter((o) => !EXCLUIDAS.has(`${o.metodo} ${o.ruta}`));
  const fallos: string[] = [];
  let enviadas = 0;
  let fuzzeadas = 0;
  // Printed, not asserted: what makes a part slow (speed is measured in bench/, not here).
  const lentas: string[] = [];
  for (const [i, op] of ops.entries()) {
    if (i % PARTES !== parte) continue;
    const solo = process.env.FUZZ_SOLO?.split("|");
    if (solo && !solo.some((x) => `${op.metodo} ${op.ruta}`.includes(x))) continue;
    fuzzeadas += 1;
    const inicio = performance.now();
    if (process.env.FUZZ_TRAZA) console.log(`fuzzing: ${op.metodo} ${op.ruta}`);
    for (const rol of ["administrador", "usuario"] as const) {
      const token = await sesionNueva(rol);
      const casos = fc.sample(fc.array(fc.nat(1_000_000), { minLength: 5, maxLength: 5 }), {
        seed: SEMILLA + i * 2 + (rol === "usuario" ? 1 : 0),
        numRuns: CASOS,
      });
      for (const numeros of casos) {
        const t0 = performance.now();
        const caso = construir(op, ids, numeros);
        const t1 = performance.now();
        const res = await e.app.inject({
          method: op.metodo as "GET",
          url: caso.url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(caso.payload !== undefined
              ? { "content-type": caso.contentType ?? "application/json" }
              : {}),
          },
          payload: caso.payload,
        });
        enviadas += 1;
        if (process.env.FUZZ_TRAZA) {
          console.log(
            `  ${rol} ${res.statusCode} generar ${(t1 - t0).toFixed(0)} ms, petición ${(performance.now() - t1).toFixed(0)} ms, cuerpo ${caso.payload?.length ?? 0} B`,
          );
        }
        const problema = validar(op.metodo, op.ruta, res.statusCode, res.headers, res.body);
        if (problema) {
          fallos.push(
            `${rol} ${op.metodo} ${caso.url} ${caso.payload?.slice(0, 300) ?? ""} → ${res.statusCode}: ${problema} ${res.body.slice(0, 300)}`,
          );
        }
      }
    }
    const segundos = (performance.now() - inicio) / 1000;
    if (segundos > 10) {
      lentas.push(`${op.metodo} ${op.ruta} ${segundos.toFixed(0)} s`);
      console.log(`fuzzing, operación lenta: ${op.metodo} ${op.ruta} ${segundos.toFixed(0)} s`);
    }
  }
  if (lentas.length > 0) console.log(`fuzzing, operaciones lentas: ${lentas.join("; ")}`);
  console.log(
    `fuzzing, parte ${parte + 1} de ${PARTES}: ${fuzzeadas} de ${ops.length} operaciones, ${enviadas} peticiones (semilla ${SEMILLA}), ${fallos.length} fallos`,
  );
  return fallos;
}

export async function cerrarFuzz(): Promise<void> {
  await e?.cerrar();
}

export { SEMILLA };
