import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { nombresAgradecimiento } from "./gallofa.ficheros.js";

let e: Entorno;
let admin: string;
let usuario: string;
let socio: string;
let idSocio: number;

const llamar = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  token?: string,
  payload?: unknown,
) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function anotar(datos: Record<string, unknown>) {
  const res = await llamar("POST", "/api/gallofa", admin, datos);
  if (res.statusCode !== 201) throw new Error(`anotar ${res.statusCode}: ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const cuentaUsuario = await crearCuenta(e.db, { rol: "usuario" });
  usuario = await entrar(e.app, cuentaUsuario.email);
  socio = await entrar(e.app, (await crearCuenta(e.db, { rol: "socio" })).email);
  idSocio = cuentaUsuario.idSocio as number;
});

afterAll(async () => {
  await e?.cerrar();
});

describe("gallofa", () => {
  it("anota dinero de un socio y especie de alguien de fuera, con totales y comparación con el año anterior", async () => {
    const dinero = await anotar({
      fecha: "2026-04-10",
      idSocio,
      tipo: "dinero",
      importe: 50.5,
      recogidoPor: "Vicent",
    });
    expect(dinero.nombre).toMatch(/^Socio\d+ Prueba Prueba$/);
    expect(dinero.importe).toBe(50.5);
    await anotar({
      fecha: "2026-04-11",
      nombre: "Forn de la Plaça",
      tipo: "especie",
      importe: 30,
      descripcion: "Dos docenas de coques",
      anonimo: true,
    });
    await anotar({ fecha: "2026-04-12", idSocio, tipo: "dinero", importe: 20 });
    await anotar({ fecha: "2025-04-12", nombre: "Pep", tipo: "dinero", importe: 40 });

    const resumen = await llamar("GET", "/api/gallofa/resumen?anyo=2026", admin);
    expect(resumen.json()).toEqual({
      actual: { anyo: 2026, dinero: 70.5, especie: 30, aportaciones: 3, donantes: 2 },
      anterior: { anyo: 2025, dinero: 40, especie: 0, aportaciones: 1, donantes: 1 },
    });
    const lista = await llamar("GET", "/api/gallofa?anyo=2026&tipo=especie", admin);
    expect(lista.json()).toMatchObject({ total: 1, page: 1 });
    expect(lista.json().items[0]).toMatchObject({
      nombre: "Forn de la Plaça",
      descripcion: "Dos docenas de coques",
      anonimo: true,
      idSocio: null,
    });
    const busca = await llamar("GET", "/api/gallofa?q=coques", admin);
    expect(busca.json().total).toBe(1);
  });

  it("valida: sin socio ni nombre, especie sin descripción, dinero a 0, tres decimales, socio que no existe", async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ fecha: "2026-01-01", tipo: "dinero", importe: 5 }, "nombre"],
      [{ fecha: "2026-01-01", nombre: "X", tipo: "especie", importe: 5 }, "descripcion"],
      [{ fecha: "2026-01-01", nombre: "X", tipo: "dinero", importe: 0 }, "importe"],
      [{ fecha: "2026-01-01", nombre: "X", tipo: "dinero", importe: 1.234 }, "importe"],
      [{ fecha: "2026-01-01", idSocio: 999999, tipo: "dinero", importe: 5 }, "idSocio"],
    ];
    for (const [cuerpo, campo] of casos) {
      const res = await llamar("POST", "/api/gallofa", admin, cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toContain(campo);
    }
  });

  it("edita y borra, y todo queda en la auditoría", async () => {
    const g = await anotar({
      fecha: "2026-05-01",
      nombre: "Bar Centre",
      tipo: "dinero",
      importe: 10,
    });
    const put = await llamar("PUT", `/api/gallofa/${g.id}`, admin, {
      fecha: "2026-05-01",
      nombre: "Bar Centre",
      tipo: "dinero",
      importe: 15,
      nota: "Pagó el doble",
    });
    expect(put.json()).toMatchObject({ importe: 15, nota: "Pagó el doble" });
    expect((await llamar("DELETE", `/api/gallofa/${g.id}`, admin)).statusCode).toBe(204);
    expect((await llamar("GET", `/api/gallofa/${g.id}`, admin)).statusCode).toBe(404);
    const acciones = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "gallofa")
      .where("id_entidad", "=", g.id)
      .orderBy("id")
      .execute();
    expect(acciones.map((a) => a.accion)).toEqual(["crear", "modificar", "borrar"]);
  });

  it("solo la junta: usuario y socio 403, sin sesión 401", async () => {
    for (const token of [usuario, socio]) {
      expect((await llamar("GET", "/api/gallofa", token)).statusCode).toBe(403);
      expect(
        (
          await llamar("POST", "/api/gallofa", token, {
            fecha: "2026-01-01",
            nombre: "X",
            tipo: "dinero",
            importe: 1,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await llamar("GET", "/api/gallofa/agradecimientos?anyo=2026", token)).statusCode,
      ).toBe(403);
    }
    expect((await llamar("GET", "/api/gallofa")).statusCode).toBe(401);
  });

  it("da la lista de agradecimiento en PDF y exporta a Excel y CSV", async () => {
    const pdf = await llamar("GET", "/api/gallofa/agradecimientos?anyo=2026", admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const csv = await llamar("GET", "/api/gallofa/export?anyo=2026&formato=csv", admin);
    expect(csv.headers["content-disposition"]).toContain("gallofa-2026.csv");
    expect(csv.body).toContain("Forn de la Plaça");
    expect(csv.body).toContain("Dos docenas de coques");

    const xlsx = await llamar("GET", "/api/gallofa/export?anyo=2026", admin);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.getRow(1).getCell(2).value).toBe("Quién da");
    expect(hoja.rowCount).toBe(4);
  });

  it("la lista de agradecimiento y la exportación salen en el idioma de quien las pide (issue 38)", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "administrador" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const va = await entrar(e.app, cuenta.email);
    await anotar({
      fecha: "2026-05-02",
      nombre: "Qui no vol eixir",
      tipo: "dinero",
      importe: 5,
      anonimo: true,
    });
    const texto = async (token: string) => {
      const res = await llamar("GET", "/api/gallofa/agradecimientos?anyo=2026", token);
      expect(res.statusCode).toBe(200);
      const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
      return (await extractText(pdf, { mergePages: true })).text;
    };
    const pdfVa = await texto(va);
    expect(pdfVa).toContain("Gràcies de cor a totes les persones que hi han col·laborat enguany:");
    expect(pdfVa).toContain("Anònim");
    expect(pdfVa).toContain("col·laboracions");
    const pdfEs = await texto(admin);
    expect(pdfEs).toContain("Gracias de corazón");
    expect(pdfEs).toContain("Anónimo");

    const csv = await llamar("GET", "/api/gallofa/export?anyo=2026&formato=csv", va);
    const [cabecera, ...filas] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(cabecera).toBe(
      "Data;Qui dona;Soci;Tipus;Import o valor estimat (€);Descripció;Arreplegat per;Nota;Anònim",
    );
    // Fixed texts in Valencian; what the board typed, as typed.
    expect(filas.join("\n")).toContain("Espècie");
    expect(filas.join("\n")).toContain("Dos docenas de coques");
    expect(filas.some((f) => f.endsWith(";Sí"))).toBe(true);
    const xlsx = await llamar("GET", "/api/gallofa/export?anyo=2026", va);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(libro.worksheets[0].getRow(1).getCell(2).value).toBe("Qui dona");
    const es = await llamar("GET", "/api/gallofa/export?anyo=2026&formato=csv", admin);
    expect(es.body).toContain("Fecha;Quién da;Socio;Tipo;");
    expect(es.body).toContain("Especie");
  });
});

describe("nombresAgradecimiento", () => {
  const fila = (nombre: string, datos: Partial<{ idSocio: number; anonimo: boolean }> = {}) => ({
    id: 1,
    fecha: "2026-01-01",
    idSocio: datos.idSocio ?? null,
    nombre,
    tipo: "dinero" as const,
    importe: 100,
    descripcion: "",
    recogidoPor: "",
    nota: "",
    anonimo: datos.anonimo ?? false,
  });

  it("cada nombre una vez, por orden, y «Anónimo» por quien lo pidió; sin importes", () => {
    expect(
      nombresAgradecimiento([
        fila("Vicent Soler", { idSocio: 3 }),
        fila("Àngela Pla"),
        fila("Vicent Soler", { idSocio: 3 }),
        fila("Forn de la Plaça", { anonimo: true }),
        fila("Bar Centre"),
      ]),
    ).toEqual(["Àngela Pla", "Bar Centre", "Vicent Soler", "Anónimo"]);
  });
});
