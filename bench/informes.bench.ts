// Every report of GET /api/informes/:id through the real HTTP app, at 5,000 members and 30,000
// charges (plus remittances, events and enrolments): the JSON page (default filters, 50 rows)
// and the XLSX, CSV and PDF files of the whole report. Prints the slowest of 3 timed calls
// after one warm-up. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: npx tsx bench/informes.bench.ts   (or DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …)
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
import { aleatorio } from "../packages/api/src/lib/aleatorio.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";
import { ID_INFORMES } from "../packages/api/src/modules/informes/informes.registro.js";
import { crearAdministrador } from "./administrador.js";

const SOCIOS = 5000;
const CARGOS = 30_000;
const ACTOS = 60;
const REMESAS = 12;
const LOTE = 1000;
const PASSWORD = "medicion-de-la-fila-2026";
const ANYO = new Date().getUTCFullYear();
const ESTADOS = ["pendiente", "pagado", "pagado", "pagado", "devuelto", "anulado"] as const;

const fecha = (anyo: number, dia: number) => {
  const d = new Date(Date.UTC(anyo, 0, 1 + dia));
  return d.toISOString().slice(0, 10);
};

async function enLotes<T>(filas: T[], insertar: (lote: T[]) => Promise<unknown>) {
  for (let i = 0; i < filas.length; i += LOTE) await insertar(filas.slice(i, i + LOTE));
}

async function poblar(db: Database) {
  const azar = aleatorio(10);
  const entero = (n: number) => Math.floor(azar() * n);
  const tipos = await db
    .insertInto("tipo_socio")
    .values(["Fester", "Infantil", "Juvenil", "Jubilat", "Dama"].map((nombre) => ({ nombre })))
    .returning("id")
    .execute();
  const socios = Array.from({ length: SOCIOS }, (_, i) => ({
    nombre: `Socio ${i}`,
    apellidos: `Medición ${String.fromCharCode(65 + (i % 26))}`,
    matricula: i + 1,
    id_tipo_socio: tipos[i % tipos.length].id,
    sexo: i % 2 === 0 ? "hombre" : "mujer",
    fecha_nacimiento: fecha(1940 + entero(80), entero(365)),
    fecha_alta: fecha(ANYO - 1 - entero(30), entero(365)),
    activo: i % 20 !== 0,
    fecha_baja: i % 20 === 0 ? fecha(ANYO - entero(10), entero(365)) : null,
    edad_festera: entero(80),
    importe_derrama: i % 3 === 0 ? 60_001 : 0,
    anyos_pago_derrama: i % 3 === 0 ? 3 : 0,
    ramell: i % 2 === 0 ? "si" : "no",
    tipo_pago_ramell: i % 4 === 0 ? "fraccionado" : "completo",
    telefono: "600000000",
    email: `socio${i}@fila.test`,
  }));
  const ids: number[] = [];
  await enLotes(socios, async (lote) => {
    const filas = await db.insertInto("socio").values(lote).returning("id").execute();
    ids.push(...filas.map((f) => f.id));
  });
  const productos = await db
    .insertInto("producto")
    .values([
      { nombre: `Cuota ${ANYO}`, anyo: ANYO, tipo: "cuota" },
      { nombre: `Cuota ${ANYO - 1}`, anyo: ANYO - 1, tipo: "cuota" },
      { nombre: `Derrama ${ANYO}`, anyo: ANYO, tipo: "derrama" },
      { nombre: `Ramell ${ANYO}`, anyo: ANYO, tipo: "ramell" },
    ])
    .returning(["id", "anyo"])
    .execute();
  const cargos = Array.from({ length: CARGOS }, (_, i) => {
    const producto = productos[i % productos.length];
    const estado = ESTADOS[entero(ESTADOS.length)];
    const vence = fecha(producto.anyo, entero(365));
    const socio = ids[i % ids.length];
    return {
      id_socio: socio,
      id_pagador: i % 7 === 0 ? ids[(i + 1) % ids.length] : socio,
      id_producto: producto.id,
      anyo: producto.anyo,
      concepto: "Medición",
      importe: 1_001 + entero(20_000),
      fecha_emision: fecha(producto.anyo, 0),
      fecha_vencimiento: vence,
      estado,
      fecha_pago: estado === "pagado" ? vence : null,
      plazo: 1 + (i % 5),
      plazos: 5,
    };
  });
  await enLotes(cargos, (lote) => db.insertInto("pago").values(lote).execute());

  for (let r = 0; r < REMESAS; r++) {
    const remesa = await db
      .insertInto("remesa")
      .values({
        mensaje_id: `MED-${r}`,
        fecha_cobro: fecha(ANYO, r * 30),
        hasta: fecha(ANYO, r * 30),
        estado: "cobrada",
        num_adeudos: 400,
        total: 400 * 5_000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const adeudos = Array.from({ length: 400 }, (_, j) => ({
      id_remesa: remesa.id,
      id_pagador: ids[(r * 400 + j) % ids.length],
      importe: 5_000,
      end_to_end_id: `MED-${r}-${j}`,
      mandato_id: `M-${j}`,
      mandato_fecha: "2020-01-01",
      secuencia: "RCUR" as const,
      iban: "ES9121000418450200051332",
      estado: j % 40 === 0 ? ("devuelto" as const) : ("cobrado" as const),
      motivo_devolucion: j % 40 === 0 ? "AM04" : "",
    }));
    await db.insertInto("remesa_adeudo").values(adeudos).execute();
  }

  const actos = await db
    .insertInto("acto")
    .values(
      Array.from({ length: ACTOS }, (_, i) => ({
        nombre: `Acto ${i}`,
        fecha: fecha(ANYO, i * 6),
        hora: "21:00",
        aforo: 300,
        puntos: 1 + (i % 5),
      })),
    )
    .returning("id")
    .execute();
  const inscripciones = actos.flatMap((a, i) =>
    Array.from({ length: 100 }, (_, j) => ({
      id_acto: a.id,
      id_socio: ids[(i * 100 + j) % ids.length],
      invitados: j % 3,
      asistio: j % 2 === 0,
    })),
  );
  await enLotes(inscripciones, (lote) => db.insertInto("inscripcion").values(lote).execute());
}

async function medir(motor: string, opciones: OpcionesBaseDeDatos) {
  const bd = await abrirBaseDeDatos(opciones);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-"));
  try {
    await migrar(bd.db);
    await asegurarAsociacion(bd.db);
    await poblar(bd.db);
    await crearAdministrador(bd.db, { email: "junta@fila.test", password: PASSWORD });
    const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, dataDir };
    const app = await buildApp({
      config,
      db: bd.db,
      clave: ClaveInstalacion.nueva(),
      logger: false,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "junta@fila.test", password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const pedir = async (ruta: string) => {
      const inicio = performance.now();
      const res = await fetch(`${url}${ruta}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const cuerpo = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${cuerpo.toString()}`);
      return { ms: performance.now() - inicio, bytes: cuerpo.length, cuerpo };
    };
    /** Slowest of three calls after one warm-up. */
    const peor = async (ruta: string) => {
      await pedir(ruta);
      let max = 0;
      let bytes = 0;
      let filas = 0;
      for (let i = 0; i < 3; i++) {
        const r = await pedir(ruta);
        max = Math.max(max, r.ms);
        bytes = r.bytes;
        if (ruta.includes("formato=json")) filas = JSON.parse(r.cuerpo.toString()).total;
      }
      return { max, bytes, filas };
    };
    console.log(`${motor}: informe        filas    JSON     XLSX      CSV      PDF`);
    for (const id of ID_INFORMES) {
      const json = await peor(`/api/informes/${id}?formato=json`);
      const ficheros = [];
      for (const formato of ["xlsx", "csv", "pdf"]) {
        const r = await peor(`/api/informes/${id}?formato=${formato}`);
        ficheros.push(`${r.max.toFixed(0).padStart(5)} ms`);
      }
      console.log(
        `${motor}: ${id.padEnd(14)} ${String(json.filas).padStart(5)} ${json.max.toFixed(0).padStart(5)} ms ${ficheros.join(" ")}`,
      );
    }
    await app.close();
  } finally {
    await bd.cerrar();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Informes con ${SOCIOS} socios y ${CARGOS} cargos`);
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
