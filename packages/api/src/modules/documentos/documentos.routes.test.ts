import { readdirSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entorno } from "../../test/entorno.js";
import { bearer } from "../../test/entorno.js";
import {
  crearEntornoConArchivos,
  type EntornoConArchivos,
  multipart,
  type TokensPorRol,
} from "../../test/subidas.js";

let entorno: EntornoConArchivos;
let e: Entorno;
let dataDir: string;
let tokens: TokensPorRol;
const llamar: EntornoConArchivos["llamar"] = (...args) => entorno.llamar(...args);

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function subir(
  archivo: Buffer,
  nombre: string,
  campos: Record<string, string> = {},
  token = tokens.administrador,
) {
  const cuerpo = multipart([
    ...Object.entries({ titulo: "Estatutos", visibilidad: "todos", ...campos }).map(
      ([campo, valor]) => ({ campo, valor }),
    ),
    { campo: "archivo", archivo, nombre },
  ]);
  return e.app.inject({
    method: "POST",
    url: "/api/documentos",
    payload: cuerpo.payload,
    headers: { ...(token ? bearer(token) : {}), ...cuerpo.headers },
  });
}

async function crearDoc(campos: Record<string, string> = {}, nombre = "estatutos.pdf") {
  const res = await subir(PDF, nombre, campos);
  if (res.statusCode !== 201) throw new Error(`subir ${res.statusCode}: ${res.body}`);
  return res.json() as { id: number; nombreArchivo: string };
}

const carpeta = () => path.join(dataDir, "files", "documentos");
const archivosGuardados = () => {
  try {
    return readdirSync(carpeta());
  } catch {
    return [];
  }
};

beforeAll(async () => {
  entorno = await crearEntornoConArchivos("documentos");
  ({ e, dataDir, tokens } = entorno);
});

afterAll(async () => {
  await entorno?.cerrar();
});

describe("subir documentos", () => {
  it("acepta un PDF de verdad y lo devuelve idéntico con cabeceras de descarga seguras", async () => {
    const res = await subir(PDF, "Acta asamblea 2026.pdf", {
      titulo: "Acta de la asamblea",
      descripcion: "Asamblea ordinaria",
      categoria: "Actas",
      anyo: "2026",
      visibilidad: "socios",
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      titulo: "Acta de la asamblea",
      descripcion: "Asamblea ordinaria",
      categoria: "Actas",
      anyo: 2026,
      visibilidad: "socios",
      nombreArchivo: "Acta asamblea 2026.pdf",
      tipoMime: "application/pdf",
      tamanyo: PDF.length,
    });
    expect(doc.subidoEn).toMatch(/^\d{4}-\d\d-\d\dT/);

    const descarga = await llamar("GET", `/api/documentos/${doc.id}/archivo`, tokens.usuario);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.rawPayload.equals(PDF)).toBe(true);
    expect(descarga.headers["content-type"]).toBe("application/pdf");
    expect(descarga.headers["x-content-type-options"]).toBe("nosniff");
    expect(descarga.headers["content-disposition"]).toBe(
      `attachment; filename="Acta asamblea 2026.pdf"; filename*=UTF-8''Acta%20asamblea%202026.pdf`,
    );
  });

  it("acepta una hoja de cálculo XLSX (ZIP de Office) reconociéndola por el contenido", async () => {
    const libro = new ExcelJS.Workbook();
    libro.addWorksheet("Cuotas").addRow(["Socio", "Importe"]);
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer());
    const res = await subir(xlsx, "cuotas.bin", { titulo: "Cuotas" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tipoMime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      nombreArchivo: "cuotas.xlsx",
    });
  });

  it("acepta un CSV de texto plano", async () => {
    const res = await subir(Buffer.from("nombre;importe\nPere;30,00\n"), "lista.csv");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tipoMime: "text/csv; charset=utf-8",
      nombreArchivo: "lista.csv",
    });
  });

  const prohibidos: [string, Buffer, string][] = [
    ["un PHP renombrado a .pdf", Buffer.from("<?php system($_GET['c']); ?>\n"), "factura.pdf"],
    [
      "un SVG con script",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      ),
      "logo.png",
    ],
    [
      "un SVG con cabecera XML",
      Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      "logo.svg",
    ],
    ["un HTML", Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script>"), "acta.txt"],
    ["un HTML sin doctype", Buffer.from("Hola\n<script>alert(1)</script>\n"), "nota.csv"],
    ["un script con shebang", Buffer.from("#!/bin/sh\nrm -rf /\n"), "leeme.txt"],
    [
      "un ejecutable ELF",
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
      "informe.pdf",
    ],
    [
      "un ejecutable de Windows",
      Buffer.concat([
        Buffer.from("MZ"),
        Buffer.alloc(58),
        Buffer.from([0x80, 0, 0, 0]),
        Buffer.alloc(64),
        Buffer.from("PE\0\0"),
        Buffer.alloc(200),
      ]),
      "setup.docx",
    ],
    ["un ZIP cualquiera", Buffer.from("504b0304140000000000", "hex"), "fotos.zip"],
    ["un binario desconocido", Buffer.from([0, 1, 2, 3, 4, 5, 250, 251, 252]), "datos.pdf"],
  ];

  for (const [nombre, contenido, fichero] of prohibidos) {
    it(`rechaza ${nombre} sin guardar nada`, async () => {
      const antes = archivosGuardados().length;
      const { total } = (await llamar("GET", "/api/documentos", tokens.administrador)).json();
      const res = await subir(contenido, fichero);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "tipo_no_permitido",
        mensaje: expect.stringMatching(/^Tipo de archivo no permitido/),
        detalles: [{ campo: "archivo" }],
      });
      expect(archivosGuardados().length).toBe(antes);
      expect((await llamar("GET", "/api/documentos", tokens.administrador)).json().total).toBe(
        total,
      );
    });
  }

  it("rechaza un archivo de más de 20 MB con 413", async () => {
    const antes = archivosGuardados().length;
    const grande = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
    const res = await subir(grande, "enorme.pdf");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: "demasiado_grande",
      mensaje: "El archivo no puede ocupar más de 20 MB.",
    });
    expect(archivosGuardados().length).toBe(antes);
  });

  it("acepta un archivo grande que no llega a 20 MB", async () => {
    const grande = Buffer.concat([PDF, Buffer.alloc(19 * 1024 * 1024, 0x20)]);
    const res = await subir(grande, "escaneado.pdf");
    expect(res.statusCode).toBe(201);
    expect(res.json().tamanyo).toBe(grande.length);
  });

  it("guarda con un nombre aleatorio dentro de DATA_DIR/files aunque el nombre traiga ../", async () => {
    const antes = new Set(archivosGuardados());
    const res = await subir(Buffer.from("root:x:0:0\n"), "../../etc/passwd", { titulo: "Trampa" });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.nombreArchivo).toBe("passwd.txt");
    const nuevos = archivosGuardados().filter((f) => !antes.has(f));
    expect(nuevos).toHaveLength(1);
    expect(nuevos[0]).toMatch(/^[0-9a-f]{32}$/);
    const descarga = await llamar("GET", `/api/documentos/${doc.id}/archivo`, tokens.usuario);
    expect(descarga.body).toBe("root:x:0:0\n");
    expect(descarga.headers["content-disposition"]).toBe(
      `attachment; filename="passwd.txt"; filename*=UTF-8''passwd.txt`,
    );
  });

  it("limpia el nombre de descarga y lo codifica en UTF-8", async () => {
    const doc = await crearDoc({}, "Acta febrer\u0007 <festa>|?*.pdf");
    expect(doc.nombreArchivo).toBe("Acta febrer festa.pdf");
    const conTilde = await crearDoc({}, "Convocatòria ñ.exe");
    expect(conTilde.nombreArchivo).toBe("Convocatòria ñ.pdf");
    const res = await llamar("GET", `/api/documentos/${conTilde.id}/archivo`, tokens.administrador);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Convocatoria n.pdf"; filename*=UTF-8''Convocat%C3%B2ria%20%C3%B1.pdf`,
    );
  });

  it("informa de cada campo no válido y no guarda nada", async () => {
    const antes = archivosGuardados().length;
    const res = await subir(PDF, "a.pdf", { titulo: " ", anyo: "19", visibilidad: "publico" });
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json();
    expect(cuerpo.error).toBe("validacion");
    expect(cuerpo.detalles.map((d: { campo: string }) => d.campo).sort()).toEqual([
      "anyo",
      "titulo",
      "visibilidad",
    ]);
    expect(cuerpo.detalles.find((d: { campo: string }) => d.campo === "titulo").mensaje).toBe(
      "El título es obligatorio",
    );
    expect(archivosGuardados().length).toBe(antes);
  });

  it("pide el archivo en el campo «archivo»", async () => {
    const cuerpo = multipart([{ campo: "titulo", valor: "Sin archivo" }]);
    const res = await e.app.inject({
      method: "POST",
      url: "/api/documentos",
      payload: cuerpo.payload,
      headers: { ...bearer(tokens.administrador), ...cuerpo.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe("Adjunta el archivo en el campo «archivo».");
    const json = await llamar("POST", "/api/documentos", tokens.administrador, { titulo: "x" });
    expect(json.statusCode).toBe(400);
  });
});

describe("visibilidad", () => {
  let soloAdmin: number;
  let deSocios: number;
  let deTodos: number;

  beforeAll(async () => {
    soloAdmin = (
      await crearDoc({
        titulo: "Cuentas internas",
        visibilidad: "administrador",
        categoria: "Junta",
      })
    ).id;
    deSocios = (
      await crearDoc({ titulo: "Reglamento", visibilidad: "socios", categoria: "Normas" })
    ).id;
    deTodos = (
      await crearDoc({
        titulo: "Programa de fiestas",
        visibilidad: "todos",
        categoria: "Fiestas",
        anyo: "2025",
      })
    ).id;
  });

  const idsVistos = async (token: string, query = "pageSize=200") =>
    (await llamar("GET", `/api/documentos?${query}`, token))
      .json()
      .items.map((d: { id: number }) => d.id);

  it("el administrador ve todos; un socio con ficha, socios y todos; sin ficha, solo todos", async () => {
    expect(await idsVistos(tokens.administrador)).toEqual(
      expect.arrayContaining([soloAdmin, deSocios, deTodos]),
    );
    for (const rol of ["usuario", "socio"] as const) {
      const vistos = await idsVistos(tokens[rol]);
      expect(vistos).toEqual(expect.arrayContaining([deSocios, deTodos]));
      expect(vistos).not.toContain(soloAdmin);
    }
    const sinFicha = await idsVistos(tokens.sinFicha);
    expect(sinFicha).toContain(deTodos);
    expect(sinFicha).not.toContain(deSocios);
    expect(sinFicha).not.toContain(soloAdmin);
  });

  it("un documento por encima de la visibilidad es 404 en ficha y descarga", async () => {
    for (const url of [`/api/documentos/${soloAdmin}`, `/api/documentos/${soloAdmin}/archivo`]) {
      for (const rol of ["usuario", "socio", "sinFicha"] as const) {
        const res = await llamar("GET", url, tokens[rol]);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe("no_encontrado");
      }
      expect((await llamar("GET", url, tokens.administrador)).statusCode).toBe(200);
    }
    expect(
      (await llamar("GET", `/api/documentos/${deSocios}/archivo`, tokens.sinFicha)).statusCode,
    ).toBe(404);
    expect(
      (await llamar("GET", `/api/documentos/${deSocios}/archivo`, tokens.socio)).statusCode,
    ).toBe(200);
  });

  it("las categorías son solo las de lo que uno puede ver", async () => {
    const admin = (await llamar("GET", "/api/documentos/categorias", tokens.administrador)).json();
    expect(admin).toEqual(expect.arrayContaining(["Fiestas", "Junta", "Normas"]));
    const usuario = (await llamar("GET", "/api/documentos/categorias", tokens.usuario)).json();
    expect(usuario).toContain("Normas");
    expect(usuario).not.toContain("Junta");
    expect([...usuario].sort()).toEqual(usuario);
  });

  it("filtra por categoría, año y texto, y pagina", async () => {
    expect(await idsVistos(tokens.usuario, "categoria=Fiestas")).toEqual([deTodos]);
    expect(await idsVistos(tokens.usuario, "anyo=2025&categoria=Fiestas")).toEqual([deTodos]);
    expect(await idsVistos(tokens.usuario, "q=reglam")).toEqual([deSocios]);
    expect(await idsVistos(tokens.usuario, "q=cuentas")).toEqual([]);
    const pagina = (
      await llamar("GET", "/api/documentos?pageSize=1&page=2", tokens.administrador)
    ).json();
    expect(pagina.items).toHaveLength(1);
    expect(pagina.page).toBe(2);
    expect(pagina.total).toBeGreaterThan(3);
    const mal = await llamar("GET", "/api/documentos?pageSize=500&sort=tamanyo", tokens.usuario);
    expect(mal.statusCode).toBe(400);
    expect(
      mal
        .json()
        .detalles.map((d: { campo: string }) => d.campo)
        .sort(),
    ).toEqual(["pageSize", "sort"]);
  });
});

describe("cambiar y borrar", () => {
  it("cambia los datos de un documento y valida la entrada", async () => {
    const doc = await crearDoc({ visibilidad: "administrador" });
    const res = await llamar("PUT", `/api/documentos/${doc.id}`, tokens.administrador, {
      titulo: "Estatutos 2026",
      descripcion: "Versión aprobada",
      categoria: "Normas",
      anyo: 2026,
      visibilidad: "todos",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      titulo: "Estatutos 2026",
      anyo: 2026,
      visibilidad: "todos",
    });
    expect((await llamar("GET", `/api/documentos/${doc.id}`, tokens.sinFicha)).statusCode).toBe(
      200,
    );
    const mal = await llamar("PUT", `/api/documentos/${doc.id}`, tokens.administrador, {
      titulo: "",
      visibilidad: "x",
    });
    expect(mal.statusCode).toBe(400);
    expect(
      (await llamar("GET", `/api/documentos/${doc.id}`, tokens.administrador)).json().titulo,
    ).toBe("Estatutos 2026");
    expect(
      (await llamar("PUT", "/api/documentos/999999", tokens.administrador, { titulo: "x" }))
        .statusCode,
    ).toBe(404);
  });

  it("borrar quita la fila y el archivo", async () => {
    const antes = archivosGuardados().length;
    const doc = await crearDoc();
    expect(archivosGuardados().length).toBe(antes + 1);
    expect(
      (await llamar("DELETE", `/api/documentos/${doc.id}`, tokens.administrador)).statusCode,
    ).toBe(204);
    expect(archivosGuardados().length).toBe(antes);
    expect(
      (await llamar("GET", `/api/documentos/${doc.id}`, tokens.administrador)).statusCode,
    ).toBe(404);
    expect(
      (await llamar("DELETE", `/api/documentos/${doc.id}`, tokens.administrador)).statusCode,
    ).toBe(404);
  });
});

describe("permisos de cada ruta", () => {
  let id: number;
  beforeAll(async () => {
    id = (await crearDoc({ visibilidad: "todos" })).id;
  });

  it("sin sesión todo es 401, también la URL directa del archivo", async () => {
    for (const [metodo, url] of [
      ["GET", "/api/documentos"],
      ["GET", "/api/documentos/categorias"],
      ["GET", `/api/documentos/${id}`],
      ["GET", `/api/documentos/${id}/archivo`],
      ["PUT", `/api/documentos/${id}`],
      ["DELETE", `/api/documentos/${id}`],
    ] as const) {
      const res = await llamar(
        metodo,
        url,
        undefined,
        metodo === "PUT" ? { titulo: "x" } : undefined,
      );
      expect(res.statusCode, `${metodo} ${url}`).toBe(401);
    }
    expect((await subir(PDF, "a.pdf", {}, "")).statusCode).toBe(401);
    const caducado = await llamar("GET", `/api/documentos/${id}/archivo`, "token-que-no-existe");
    expect(caducado.statusCode).toBe(401);
  });

  it("usuario y socio leen pero no suben, cambian ni borran (403)", async () => {
    for (const rol of ["usuario", "socio", "sinFicha"] as const) {
      const t = tokens[rol];
      expect((await llamar("GET", "/api/documentos", t)).statusCode).toBe(200);
      expect((await llamar("GET", "/api/documentos/categorias", t)).statusCode).toBe(200);
      expect((await llamar("GET", `/api/documentos/${id}`, t)).statusCode).toBe(200);
      expect((await llamar("GET", `/api/documentos/${id}/archivo`, t)).statusCode).toBe(200);
      expect((await subir(PDF, "a.pdf", {}, t)).statusCode).toBe(403);
      expect((await llamar("PUT", `/api/documentos/${id}`, t, { titulo: "x" })).statusCode).toBe(
        403,
      );
      expect((await llamar("DELETE", `/api/documentos/${id}`, t)).statusCode).toBe(403);
    }
    expect((await llamar("GET", `/api/documentos/${id}`, tokens.administrador)).json().titulo).toBe(
      "Estatutos",
    );
  });
});
