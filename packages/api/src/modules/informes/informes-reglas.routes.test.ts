import { hoyIso, type Informe } from "@fila/domain";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import Papa from "papaparse";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { avisoRecorte, MAX_FILAS_PDF } from "./informes.exportar.js";
import { InformesConsultasRepository } from "./informes-consultas.repository.js";

// The reports agree with the rules of the rest of the app (issue 32, items 6 and 7): each case
// has its own member or event, on a database of its own, so no figure of
// informes-tablas.routes.test.ts moves.

let e: Entorno;
let token: string;
const hoy = hoyIso();

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador", conSocio: false });
  token = await entrar(e.app, admin.email);
});

afterAll(async () => {
  await e?.cerrar();
});

const pedir = (url: string) => e.app.inject({ method: "GET", url, headers: bearer(token) });

async function informe(id: string, filtros: string): Promise<Informe> {
  const res = await pedir(`/api/informes/${id}?pageSize=500&${filtros}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function tipo(nombre: string) {
  const t = await e.db
    .insertInto("tipo_socio")
    .values({ nombre, color: "#000000" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return t.id;
}

async function socio(nombre: string, datos: { tipo?: number; nacimiento?: string } = {}) {
  const s = await e.db
    .insertInto("socio")
    .values({
      nombre,
      apellidos: "Regla",
      id_tipo_socio: datos.tipo ?? null,
      fecha_nacimiento: datos.nacimiento ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return s.id;
}

describe("cumpleaños del 29 de febrero (cuentan el 1 de marzo en los años no bisiestos)", () => {
  beforeAll(async () => {
    await socio("Bisiesta", { nacimiento: "2000-02-29" });
  });

  const nombres = (inf: Informe) => inf.filas.map((f) => f.socio);

  it("en 2026 no sale en febrero y sale en marzo, el 1 de marzo, con los años que cumple", async () => {
    expect(nombres(await informe("cumpleanyos", "anyo=2026&mes=2"))).not.toContain(
      "Regla, Bisiesta",
    );
    const marzo = await informe("cumpleanyos", "anyo=2026&mes=3");
    expect(marzo.filas).toContainEqual(
      expect.objectContaining({ socio: "Regla, Bisiesta", dia: "01/03", edad: 26 }),
    );
  });

  it("en 2028 (bisiesto) sale en febrero, el 29, y no en marzo", async () => {
    const febrero = await informe("cumpleanyos", "anyo=2028&mes=2");
    expect(febrero.filas).toContainEqual(
      expect.objectContaining({ socio: "Regla, Bisiesta", dia: "29/02", edad: 28 }),
    );
    expect(nombres(await informe("cumpleanyos", "anyo=2028&mes=3"))).not.toContain(
      "Regla, Bisiesta",
    );
  });

  it("un periodo que cruza el año sale una sola vez, en su fecha", async () => {
    const inf = await informe("cumpleanyos", "desde=2025-12-01&hasta=2026-03-01");
    expect(inf.filas.filter((f) => f.socio === "Regla, Bisiesta")).toEqual([
      expect.objectContaining({ dia: "01/03", edad: 26 }),
    ]);
  });
});

describe("deudas: un cargo que vence hoy", () => {
  it("está en una sola columna (no vencido) y la columna de vencido dice 1–30 días", async () => {
    const hoyTipo = await tipo("Vence hoy");
    const id = await socio("Hoy", { tipo: hoyTipo });
    await e.db
      .insertInto("pago")
      .values({
        id_socio: id,
        id_pagador: id,
        anyo: Number(hoy.slice(0, 4)),
        concepto: "Quota",
        importe: 1_234,
        fecha_emision: hoy,
        fecha_vencimiento: hoy,
        estado: "pendiente",
      })
      .execute();
    const inf = await informe("deudas", `tipo=${hoyTipo}`);
    expect(inf.filas).toEqual([
      expect.objectContaining({ noVencido: 12.34, d30: 0, d90: 0, mas90: 0, total: 12.34 }),
    ]);
    expect(inf.columnas.find((c) => c.clave === "d30")?.titulo).toBe("Vencido 1–30 días");
    expect(inf.grafico?.datos.map((d) => d.tramo)).toEqual([
      "No vencido",
      "1–30 días",
      "31–90 días",
      "Más de 90 días",
    ]);
  });
});

describe("recaudación: cada título dice por qué fecha agrupa", () => {
  it("la tabla por mes de vencimiento, el gráfico por mes de pago", async () => {
    const inf = await informe("recaudacion", "anyo=2026&desglose=mes");
    expect(inf.columnas[0].titulo).toBe("Mes de vencimiento");
    expect(inf.grafico?.titulo).toBe("Cobrado por mes de pago: 2026 frente a 2025");
  });
});

describe("inscripciones: las plazas ocupadas son acto.ocupadas", () => {
  it("cuenta socios e invitados como el contador del acto, y lee el contador", async () => {
    const [ana, berta] = [await socio("Ana"), await socio("Berta")];
    const acto = await e.db
      .insertInto("acto")
      .values({ nombre: "Sopar de regla", fecha: "2026-05-10", hora: "21:00", aforo: 20 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("inscripcion")
      .values([
        { id_acto: acto.id, id_socio: ana, invitados: 3 },
        { id_acto: acto.id, id_socio: berta, invitados: 0 },
      ])
      .execute();
    const periodo = "desde=2026-05-10&hasta=2026-05-10";
    const leerOcupadas = async () =>
      (
        await e.db
          .selectFrom("acto")
          .select("ocupadas")
          .where("id", "=", acto.id)
          .executeTakeFirstOrThrow()
      ).ocupadas;

    const fila = (await informe("inscripciones", periodo)).filas[0];
    expect(fila).toMatchObject({ socios: 2, invitados: 3, plazas: await leerOcupadas() });
    expect(fila.plazas).toBe(5);

    // The counter is the only source: the report follows it even where a recount would differ
    // (as it will once a wait-list keeps enrolments that take no place).
    await e.db.updateTable("acto").set({ ocupadas: 4 }).where("id", "=", acto.id).execute();
    const otra = await informe("inscripciones", periodo);
    expect(otra.filas[0]).toMatchObject({ plazas: 4, ocupacion: 20 });
    expect(otra.totales?.plazas).toBe(4);
  });
});

describe("ficheros de un informe largo (más filas que una tanda y que el tope del PDF)", () => {
  const N = 2_345;
  let muchos: number;
  const nombreDe = (n: number) => `Socio ${String(n).padStart(4, "0")}`;
  const url = (formato: string) =>
    `/api/informes/socios?tipo=${muchos}&columnas=matricula,nombre&formato=${formato}`;

  beforeAll(async () => {
    muchos = await tipo("Muchos");
    await sql`insert into socio (nombre, apellidos, id_tipo_socio)
      select 'Socio ' || lpad(n::text, 4, '0'), 'Largo', ${muchos}::int
      from generate_series(1, ${N}::int) n`.execute(e.db);
  });

  it("el repositorio da las filas por tandas, en orden, sin repetir ni saltarse ninguna", async () => {
    const repo = new InformesConsultasRepository(e.db);
    const consulta = repo.socios(
      { tipo: muchos } as Parameters<typeof repo.socios>[0],
      ["nombre"],
      hoy,
    );
    const tamanyos: number[] = [];
    const nombres: unknown[] = [];
    for await (const tanda of repo.tandas(consulta, 1000)) {
      tamanyos.push(tanda.length);
      nombres.push(...tanda.map((f) => f.nombre));
    }
    expect(tamanyos).toEqual([1000, 1000, 345]);
    expect(nombres).toEqual(Array.from({ length: N }, (_, i) => nombreDe(i + 1)));
  });

  it("CSV: se envía mientras se escribe (sin Content-Length) y lleva todas las filas", async () => {
    const res = await pedir(url("csv"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBeUndefined();
    const { data } = Papa.parse<string[]>(res.rawPayload.toString("utf8").slice(1), {
      delimiter: ";",
      skipEmptyLines: true,
    });
    const cabecera = data.findIndex((f) => f[0] === "Matrícula");
    const filas = data.slice(cabecera + 1).map((f) => f[1]);
    expect(filas).toEqual(Array.from({ length: N }, (_, i) => nombreDe(i + 1)));
  });

  it("XLSX: se envía mientras se escribe y lleva todas las filas, con la cabecera de siempre", async () => {
    const res = await pedir(url("xlsx"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBeUndefined();
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.views[0]).toMatchObject({ state: "frozen", ySplit: 6 });
    expect(hoja.getRow(6).getCell(2).value).toBe("Nombre");
    expect(hoja.getRow(7).getCell(2).value).toBe(nombreDe(1));
    expect(hoja.getRow(6 + N).getCell(2).value).toBe(nombreDe(N));
    expect(hoja.rowCount).toBe(6 + N);
  });

  it(`PDF: muestra las primeras ${MAX_FILAS_PDF} filas y lo dice`, async () => {
    const res = await pedir(url("pdf"));
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
      mergePages: true,
    });
    // Spanish groups thousands from five digits on (12.000, but 2345).
    expect(avisoRecorte(MAX_FILAS_PDF, N)).toBe(
      "Se muestran las primeras 1000 filas de 2345; descarga el XLSX para verlas todas.",
    );
    expect(text).toContain(avisoRecorte(MAX_FILAS_PDF, N));
    expect(text).toContain(nombreDe(MAX_FILAS_PDF));
    expect(text).not.toContain(nombreDe(MAX_FILAS_PDF + 1));
  });
});
