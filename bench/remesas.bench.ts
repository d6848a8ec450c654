// Generating a SEPA remittance of 5,000 direct debits through the real HTTP app: 5,000 payers
// paying by direct debit, each with a mandate and three pending charges (15,000 charges).
// Measures POST /api/remesas (grouping, FRST/RCUR, inserts, pain.008 XML), the XML size and
// POST /api/remesas/:id/cobro. PGlite (on disk, as `npm start` runs it) always; PostgreSQL too
// when DATABASE_URL is set.
// Run: npx tsx remesas.bench.ts   (or DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …)
import { mkdtempSync, rmSync } from "node:fs";
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
import { digitosControlCcc, ibanEspanyol } from "../packages/api/src/demo/seed-demo.js";
import { BANCO_DEMO } from "../packages/api/src/demo/seed-remesas.js";
import { hashPassword } from "../packages/api/src/lib/passwords.js";
import { erroresXsdPain008 } from "../packages/api/src/test/xsd-sepa.js";
import { conPgliteEnDisco } from "./pglite-en-disco.js";

const PAGADORES = 5000;
const CARGOS_POR_PAGADOR = 3;
const PASSWORD = "medicion-de-la-fila-2026";
const LOTE = 1000;

function iban(n: number): string {
  const cuenta = String(n).padStart(10, "0");
  return ibanEspanyol(`21000418${digitosControlCcc("2100", "0418", cuenta)}${cuenta}`);
}

function enDias(dias: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

async function poblar(db: Database) {
  await db
    .updateTable("asociacion")
    .set({ ...BANCO_DEMO, nombre: "Filà de la medició", cif: "G12345674" })
    .where("id", "=", 1)
    .execute();
  const forma = await db
    .insertInto("forma_pago")
    .values({ nombre: "Domiciliación", domiciliada: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < PAGADORES; i += LOTE) {
    const filas = await db
      .insertInto("socio")
      .values(
        Array.from({ length: Math.min(LOTE, PAGADORES - i) }, (_, j) => {
          const n = i + j + 1;
          return {
            nombre: `Pagador ${n}`,
            apellidos: "Peñarroja Muñoz",
            matricula: n,
            iban: iban(n),
            bic: "CAIXESBBXXX",
            id_forma_pago: forma.id,
            mandato_id: `FILA-${String(n).padStart(5, "0")}`,
            mandato_fecha: "2024-01-15",
          };
        }),
      )
      .returning("id")
      .execute();
    ids.push(...filas.map((f) => f.id));
  }
  const cargos = ids.flatMap((id) =>
    Array.from({ length: CARGOS_POR_PAGADOR }, (_, k) => ({
      id_socio: id,
      id_pagador: id,
      anyo: 2026,
      concepto: `Cuota 2026 (${k + 1}/${CARGOS_POR_PAGADOR})`,
      importe: 4000 + k * 333,
      fecha_emision: "2026-01-01",
      fecha_vencimiento: `2026-0${k + 1}-28`,
    })),
  );
  for (let i = 0; i < cargos.length; i += LOTE) {
    await db
      .insertInto("pago")
      .values(cargos.slice(i, i + LOTE))
      .execute();
  }
}

async function medir(motor: string, opciones: OpcionesBaseDeDatos) {
  const bd = await abrirBaseDeDatos(opciones);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-"));
  try {
    await migrar(bd.db);
    await asegurarAsociacion(bd.db);
    await poblar(bd.db);
    await bd.db
      .insertInto("usuario")
      .values({
        email: "tesoreria@fila.test",
        rol: "administrador",
        password_hash: await hashPassword(PASSWORD),
        id_socio: null,
        condiciones_aceptadas_en: new Date(),
        condiciones_version: "1",
      })
      .execute();
    const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, dataDir };
    const app = await buildApp({ config, db: bd.db, logger: false });
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "tesoreria@fila.test", password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };

    let inicio = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/remesas",
      headers,
      payload: { fechaCobro: enDias(5), hasta: "2026-12-31" },
    });
    const msGenerar = performance.now() - inicio;
    if (res.statusCode !== 201) throw new Error(`POST /api/remesas ${res.statusCode}: ${res.body}`);
    const remesa = res.json() as { id: number; numAdeudos: number; total: number };

    inicio = performance.now();
    const xml = await app.inject({ method: "GET", url: `/api/remesas/${remesa.id}/xml`, headers });
    const msXml = performance.now() - inicio;

    const errores = await erroresXsdPain008(xml.body);
    if (errores.length > 0) throw new Error(`XML no válido según el XSD: ${errores[0]}`);

    inicio = performance.now();
    const detalle = await app.inject({ method: "GET", url: `/api/remesas/${remesa.id}`, headers });
    const msDetalle = performance.now() - inicio;
    if (detalle.statusCode !== 200) throw new Error(`detalle ${detalle.statusCode}`);

    inicio = performance.now();
    const cobro = await app.inject({
      method: "POST",
      url: `/api/remesas/${remesa.id}/cobro`,
      headers,
    });
    const msCobro = performance.now() - inicio;
    if (cobro.statusCode !== 200) throw new Error(`cobro ${cobro.statusCode}: ${cobro.body}`);

    console.log(
      `${motor.padEnd(10)} generar ${remesa.numAdeudos} adeudos (${PAGADORES * CARGOS_POR_PAGADOR} cargos, ${remesa.total.toLocaleString("es-ES")} €): ${msGenerar.toFixed(0)} ms | XML ${(Buffer.byteLength(xml.body) / 1024 / 1024).toFixed(2)} MB válido (XSD), descarga ${msXml.toFixed(0)} ms | ver la remesa ${msDetalle.toFixed(0)} ms | marcar cobrada ${msCobro.toFixed(0)} ms`,
    );
    await app.close();
  } finally {
    await bd.cerrar();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Remesa SEPA de ${PAGADORES} adeudos`);
await conPgliteEnDisco((opciones) => medir("PGlite", opciones));
const url = process.env.DATABASE_URL;
if (url) {
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    await medir("PostgreSQL", { tipo: "postgres", url: temporal.url });
  } finally {
    await temporal.borrar();
  }
}
