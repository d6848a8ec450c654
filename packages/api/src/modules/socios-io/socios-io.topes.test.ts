import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { multipart } from "../../test/subidas.js";
import { almacenada, bomba, libro, MB, NS, zip } from "../../test/xlsx-hostil.js";
import {
  leerHoja,
  MAX_COLUMNAS,
  MAX_FILAS_IMPORTACION,
  MAX_INFLADO_XLSX,
  type MedidaLectura,
} from "./socios-io.ficheros.js";
import { LARGO_EJEMPLO } from "./socios-io.service.js";

// What an import refuses before it fills the memory or pins the event loop (issue 45, item 10).

/** zlib's output piece while inflating: the reader may count one beyond the limit. */
const TROZO = 64 * 1024;

async function xlsx(filas: unknown[][]): Promise<Buffer> {
  const l = new ExcelJS.Workbook();
  const ws = l.addWorksheet("Socios");
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await l.xlsx.writeBuffer());
}

/** What leerHoja refuses, and what it inflated before refusing. */
async function rechazo(fichero: Buffer) {
  const medida: MedidaLectura = { inflados: 0 };
  const error = await leerHoja(fichero, medida).then(
    () => null,
    (e: { status?: number; message?: string }) => e,
  );
  return { status: error?.status, mensaje: error?.message, inflados: medida.inflados };
}

const pequenyos = libro().reduce((s, p) => s + p.tamanyo, 0);

describe("un XLSX que se infla demasiado (bomba zip)", () => {
  it("se rechaza por los tamaños que declara, sin inflar nada", async () => {
    const fichero = bomba(100);
    expect(fichero.length).toBeLessThan(200 * 1024);
    expect(await rechazo(fichero)).toEqual({
      status: 413,
      mensaje:
        "El Excel descomprimido ocupa más de 40 MB: no parece una hoja de socios. Guárdalo de nuevo o divídelo en partes.",
      inflados: 0,
    });
  });

  it("si miente en lo que declara, se para al inflar lo declarado", async () => {
    // It claims 10 MB for its sheet: 10 MB are inflated (and one piece of zlib), no more.
    const r = await rechazo(bomba(100, 10 * MB));
    expect(r.status).toBe(413);
    expect(r.inflados).toBeGreaterThan(10 * MB);
    expect(r.inflados).toBeLessThanOrEqual(pequenyos + 10 * MB + TROZO);
  });

  it("no lee más de lo permitido aunque cada parte declare poco", async () => {
    // The sheet claims just under the limit and inflates far beyond it.
    const r = await rechazo(bomba(100, MAX_INFLADO_XLSX - pequenyos));
    expect(r.status).toBe(413);
    expect(r.inflados).toBeLessThanOrEqual(MAX_INFLADO_XLSX + TROZO);
  });
});

describe("un XLSX dañado", () => {
  it("con el XML de la hoja roto o sus datos comprimidos rotos da 400, no 500", async () => {
    const mensaje = "No se puede leer el fichero Excel. Comprueba que no está dañado.";
    const roto = almacenada(
      "xl/worksheets/sheet1.xml",
      `<worksheet ${NS}><sheetData></row></worksheet>`,
    );
    expect(await rechazo(zip([...libro(), roto]))).toMatchObject({ status: 400, mensaje });
    const basura = { ...roto, datos: Buffer.from("esto no es deflate"), tamanyo: 100 };
    expect(await rechazo(zip([...libro(), { ...basura, metodo: 8 }]))).toMatchObject({
      status: 400,
      mensaje,
    });
  });
});

describe("topes de filas, columnas y celdas", () => {
  it("un XLSX con una fila de más de 200 celdas se rechaza antes de leerla entera", async () => {
    const ancha = Array.from({ length: 5000 }, (_, i) => `c${i}`);
    expect(await rechazo(await xlsx([["Nombre", "Apellidos"], ancha]))).toMatchObject({
      status: 400,
      mensaje: `Una fila del fichero tiene más de ${MAX_COLUMNAS} celdas; como mucho se pueden importar ${MAX_COLUMNAS} columnas. Quita las que no sean de socios.`,
    });
  });

  it("un XLSX con una celda en la columna 500 se rechaza", async () => {
    const fila: unknown[] = ["Pepa", "Ferrándiz"];
    fila[499] = "lejos";
    expect(await rechazo(await xlsx([["Nombre", "Apellidos"], fila]))).toMatchObject({
      status: 400,
      mensaje: `El fichero tiene 500 columnas; como mucho se pueden importar ${MAX_COLUMNAS}. Quita las que no sean de socios.`,
    });
  });

  it("un XLSX con más filas de las que se importan se deja de leer", async () => {
    const filas = Array.from({ length: MAX_FILAS_IMPORTACION + 1 }, (_, i) => [`N${i}`, "A"]);
    expect(await rechazo(await xlsx([["Nombre", "Apellidos"], ...filas]))).toMatchObject({
      status: 400,
      mensaje: `El fichero tiene más de ${MAX_FILAS_IMPORTACION} filas; como mucho se pueden importar ${MAX_FILAS_IMPORTACION} de una vez.`,
    });
  });

  it("una celda de más de 10.000 caracteres se rechaza, en CSV y en XLSX", async () => {
    const larga = "x".repeat(10_001);
    const mensaje =
      "La celda de la fila 2, columna 2, tiene más de 10000 caracteres: no parece una hoja de socios.";
    const csv = Buffer.from(`Nombre;Apellidos\r\nPepa;${larga}\r\n`);
    expect(await rechazo(csv)).toMatchObject({ status: 400, mensaje });
    const libroLargo = await xlsx([
      ["Nombre", "Apellidos"],
      ["Pepa", larga],
    ]);
    expect(await rechazo(libroLargo)).toMatchObject({ status: 400, mensaje });
  });
});

describe("POST /api/socios/importar con ficheros hostiles", () => {
  let e: Entorno;
  let admin = "";
  let adminVa = "";

  beforeAll(async () => {
    e = await crearEntorno();
    const cuenta = await crearCuenta(e.db, { rol: "administrador" });
    admin = await entrar(e.app, cuenta.email);
    const enValenciano = await crearCuenta(e.db, { rol: "administrador" });
    await e.db
      .updateTable("usuario")
      .set({ idioma: "va" })
      .where("id", "=", enValenciano.id)
      .execute();
    adminVa = await entrar(e.app, enValenciano.email);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  const importar = (archivo: Buffer, nombre: string, token = admin) => {
    const { payload, headers } = multipart([{ campo: "archivo", archivo, nombre }]);
    return e.app.inject({
      method: "POST",
      url: "/api/socios/importar",
      payload,
      headers: { ...bearer(token), ...headers },
    });
  };

  it("la bomba zip da 413 en la prueba, sin leerla", async () => {
    const res = await importar(bomba(100), "socios.xlsx");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: "demasiado_grande",
      mensaje:
        "El Excel descomprimido ocupa más de 40 MB: no parece una hoja de socios. Guárdalo de nuevo o divídelo en partes.",
    });
    const enValenciano = await importar(bomba(100), "socios.xlsx", adminVa);
    expect(enValenciano.statusCode).toBe(413);
    expect(enValenciano.json().mensaje).toBe(
      "L'Excel descomprimit ocupa més de 40 MB: no pareix un full de socis. Guarda'l de nou o divideix-lo en parts.",
    );
  });

  it("un CSV de 3 MB con una fila muy ancha da 400 al momento", async () => {
    // A million header columns over two thousand rows: rows × columns before the caps never ends.
    const cabecera = Array.from({ length: 1_000_000 }, (_, i) => `c${i % 10}`).join(";");
    const csv = Buffer.from(`${cabecera}\r\n${"Pepa\r\n".repeat(2000)}`);
    expect(csv.length).toBeGreaterThan(3_000_000);
    const res = await importar(csv, "socios.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(
      `El fichero tiene 1000000 columnas; como mucho se pueden importar ${MAX_COLUMNAS}. Quita las que no sean de socios.`,
    );
  }, 30_000);

  it("los ejemplos de cada columna se recortan", async () => {
    const largo = "Comentario muy largo ".repeat(200);
    const csv = Buffer.from(`Nombre;Apellidos;Comentarios\r\nPepa;Ferrándiz;${largo}\r\n`);
    const res = await importar(csv, "socios.csv");
    expect(res.statusCode, res.body).toBe(200);
    const [ejemplo] = res.json().columnas[2].ejemplos;
    expect(ejemplo).toHaveLength(LARGO_EJEMPLO);
    expect(ejemplo).toBe(`${largo.trim().slice(0, LARGO_EJEMPLO - 1)}…`);
  });
});
