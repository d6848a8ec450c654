import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clasificarDocumento } from "../modules/documentos/documentos.tipos.js";
import { bearer, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { ALERTA_DEMO, DOCUMENTOS_DEMO, NOTICIAS_DEMO, pdfDeUnaLinea } from "./seed-comunicacion.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./seed-demo.js";

// The demo filà shows communication at once: news on the homes, documents for members and
// administrators, and a welcome alert on every bell.
let e: Entorno;
let dataDir = "";
const tokens = { administrador: "", usuario: "", socio: "" };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fila-demo-comunicacion-"));
  e = await crearEntorno({ dataDir });
  await cargarDemo(e.db, dataDir);
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    tokens[rol] = await entrar(e.app, CUENTAS_DEMO[rol], PASSWORD_DEMO);
  }
});
afterAll(async () => {
  await e?.cerrar();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, token: string) =>
  e.app.inject({ method: "GET", url, headers: bearer(token) });

describe("demo de comunicación", () => {
  it("los PDF generados se reconocen como PDF por su contenido", async () => {
    expect(await clasificarDocumento(pdfDeUnaLinea("Estatutos (2026)"), "x.bin")).toEqual({
      mime: "application/pdf",
      extension: "pdf",
    });
  });

  it("hay noticias publicadas y la destacada sale la primera en la home", async () => {
    const r = await get("/api/noticias?publicadas=1&destacadas=1", tokens.socio);
    expect(r.statusCode, r.body).toBe(200);
    const titulos = r.json().items.map((n: { titulo: string }) => n.titulo);
    expect(titulos).toEqual(NOTICIAS_DEMO.map((n) => n.titulo));
    expect(r.json().items[0].destacada).toBe(true);
  });

  it("el socio ve y descarga el documento para socios, pero no el de administradores", async () => {
    const lista = await get("/api/documentos", tokens.usuario);
    expect(lista.statusCode, lista.body).toBe(200);
    const items = lista.json().items as { id: number; titulo: string }[];
    expect(items.map((d) => d.titulo)).toEqual([DOCUMENTOS_DEMO[0].titulo]);
    const archivo = await get(`/api/documentos/${items[0].id}/archivo`, tokens.usuario);
    expect(archivo.statusCode).toBe(200);
    expect(archivo.headers["content-type"]).toMatch(/application\/pdf/);
    expect(archivo.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const todos = (await get("/api/documentos", tokens.administrador)).json().items as {
      id: number;
      titulo: string;
    }[];
    expect(todos.map((d) => d.titulo).sort()).toEqual(DOCUMENTOS_DEMO.map((d) => d.titulo).sort());
    const acta = todos.find((d) => d.titulo === DOCUMENTOS_DEMO[1].titulo);
    expect((await get(`/api/documentos/${acta?.id}/archivo`, tokens.usuario)).statusCode).toBe(404);
    expect(
      (await get(`/api/documentos/${acta?.id}/archivo`, tokens.administrador)).statusCode,
    ).toBe(200);
  });

  it("cada cuenta tiene la alerta de bienvenida sin leer y el administrador ve los destinatarios", async () => {
    for (const rol of ["administrador", "usuario", "socio"] as const) {
      const mias = (await get("/api/alertas/mias", tokens[rol])).json();
      expect(mias.items[0]).toMatchObject({ titulo: ALERTA_DEMO.titulo, leida: false });
    }
    const enviadas = (await get("/api/alertas", tokens.administrador)).json();
    expect(enviadas.items[0]).toMatchObject({ titulo: ALERTA_DEMO.titulo, leidas: 0 });
    expect(enviadas.items[0].destinatarios).toBeGreaterThanOrEqual(3);
  });
});
