import { letraNif } from "@fila/domain";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { COLUMNAS, validarFila } from "./socios-io.columnas.js";
import { SociosIoRepository } from "./socios-io.repository.js";

let e: Entorno;
let admin: string;
let usuario: string;
let socio: string;
let idFester: number;
let idJose: number;

const nif = (n: number) => `${n}${letraNif(n)}`;
const NIF_JOSE = nif(12345678);
const IBAN_VALIDO = "ES9121000418450200051332";
const CABECERAS = COLUMNAS.map((c) => c.cabecera);

beforeAll(async () => {
  e = await crearEntorno();
  const a = await crearCuenta(e.db, { rol: "administrador" });
  const u = await crearCuenta(e.db, { rol: "usuario" });
  const s = await crearCuenta(e.db, { rol: "socio" });
  [admin, usuario, socio] = await Promise.all([
    entrar(e.app, a.email),
    entrar(e.app, u.email),
    entrar(e.app, s.email),
  ]);
  idFester = (
    await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Fester", color: "#aa0000" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await e.db.insertInto("tipo_socio").values({ nombre: "Infantil" }).execute();
  await e.db
    .insertInto("forma_pago")
    .values({ nombre: "Domiciliación", domiciliada: true })
    .execute();
  const formaPago = await e.db
    .selectFrom("forma_pago")
    .select("id")
    .where("nombre", "=", "Domiciliación")
    .executeTakeFirstOrThrow();
  idJose = (
    await e.db
      .insertInto("socio")
      .values({
        matricula: 101,
        nombre: "José",
        apellidos: "Pérez Martínez",
        nif: NIF_JOSE,
        fecha_nacimiento: "1980-03-15",
        fecha_alta: "2001-06-01",
        anyo_alta: 2001,
        id_tipo_socio: idFester,
        id_forma_pago: formaPago.id,
        iban: IBAN_VALIDO,
        importe_derrama: 12050,
        comentarios: '=HYPERLINK("http://malo.test","pulsa")',
        email: "jose@fila.test",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await e.db
    .insertInto("socio")
    .values({
      matricula: 102,
      nombre: "-Ana",
      apellidos: "López",
      sexo: "mujer",
      activo: false,
      fecha_baja: "2024-01-10",
      motivo_baja: "Traslado",
      fecha_nacimiento: "2015-01-01",
      id_pagador: idJose,
    })
    .execute();
  await e.db
    .insertInto("socio")
    .values({ matricula: 103, nombre: "ÁNGEL", apellidos: "ÁLVAREZ ÑÚÑEZ" })
    .execute();
});
afterAll(async () => {
  await e?.cerrar();
});

const exportar = (consulta: string, token = admin) =>
  e.app.inject({ method: "GET", url: `/api/socios/exportar?${consulta}`, headers: bearer(token) });

function leerCsv(cuerpo: string) {
  expect(cuerpo.startsWith("\uFEFF")).toBe(true);
  const r = Papa.parse<Record<string, string>>(cuerpo.slice(1), {
    header: true,
    delimiter: ";",
    skipEmptyLines: true,
  });
  return { cabeceras: r.meta.fields ?? [], filas: r.data };
}

function multipart(contenido: Buffer, nombre = "socios.csv", campo = "archivo") {
  const limite = "----limite-de-prueba-7d3f";
  const payload = Buffer.concat([
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nombre}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    contenido,
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${limite}` } };
}

const importar = (contenido: Buffer, confirmar: 0 | 1, token = admin, nombre?: string) => {
  const { payload, headers } = multipart(contenido, nombre);
  return e.app.inject({
    method: "POST",
    url: `/api/socios/importar?confirmar=${confirmar}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};

const csv = (filas: string[][], separador = ";") =>
  Buffer.from(filas.map((f) => f.join(separador)).join("\r\n"), "utf8");

const contarSocios = async () =>
  Number(
    (
      await e.db
        .selectFrom("socio")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /api/socios/exportar", () => {
  it("exporta CSV para Excel en español con cabeceras, fechas dd/mm/aaaa y celdas neutralizadas", async () => {
    const res = await exportar("formato=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="socios-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toContain("\r\n");
    const { cabeceras, filas } = leerCsv(res.body);
    expect(cabeceras).toEqual(CABECERAS);
    expect(cabeceras.slice(0, 5)).toEqual([
      "Matrícula",
      "Nombre",
      "Apellidos",
      "NIF",
      "Fecha de nacimiento",
    ]);
    const jose = filas.find((f) => f.Matrícula === "101");
    expect(jose).toMatchObject({
      Nombre: "José",
      Apellidos: "Pérez Martínez",
      NIF: NIF_JOSE,
      "Fecha de nacimiento": "15/03/1980",
      "Fecha de alta": "01/06/2001",
      "Tipo de socio": "Fester",
      "Forma de pago": "Domiciliación",
      IBAN: IBAN_VALIDO,
      Activo: "Sí",
      "Importe de derrama": "120,5",
      Comentarios: `'=HYPERLINK("http://malo.test","pulsa")`,
    });
    const ana = filas.find((f) => f.Matrícula === "102");
    expect(ana).toMatchObject({
      Nombre: "'-Ana",
      Activo: "No",
      "Fecha de baja": "10/01/2024",
      "Motivo de baja": "Traslado",
      "Pagador (matrícula)": "101",
      Sexo: "mujer",
    });
  });

  it("aplica los filtros de la lista y el orden", async () => {
    const matriculas = async (consulta: string) => {
      const res = await exportar(`formato=csv&${consulta}`);
      expect(res.statusCode).toBe(200);
      return leerCsv(res.body)
        .filas.map((f) => f.Matrícula)
        .filter(Boolean);
    };
    expect(await matriculas("q=jose%20perez")).toEqual(["101"]);
    expect(await matriculas("q=LOPEZ")).toEqual(["102"]);
    expect(await matriculas(`q=${NIF_JOSE.toLowerCase()}`)).toEqual(["101"]);
    expect(await matriculas("q=102")).toEqual(["102"]);
    expect(await matriculas("activo=0")).toEqual(["102"]);
    expect(await matriculas("sexo=mujer")).toEqual(["102"]);
    expect(await matriculas(`tipo=${idFester}`)).toEqual(["101"]);
    expect(await matriculas("edadMax=30")).toEqual(["102"]);
    expect(await matriculas("edadMin=30")).toEqual(["101"]);
    expect(await matriculas("q=angel%20alvarez%20nunez")).toEqual(["103"]);
    expect(await matriculas("q=%C3%81lvarez")).toEqual(["103"]);
    expect(await matriculas("sort=-matricula")).toEqual(["103", "102", "101"]);
    expect(await matriculas("sort=matricula")).toEqual(["101", "102", "103"]);
    // By default, the list's order: surnames (López before Pérez), then name.
    const porDefecto = await matriculas("");
    expect(porDefecto.indexOf("102")).toBeLessThan(porDefecto.indexOf("101"));
    expect((await exportar("formato=csv&sort=contraseña")).statusCode).toBe(400);
  });

  it("exporta XLSX con la cabecera en negrita y fija, y las celdas neutralizadas", async () => {
    const res = await exportar("formato=xlsx&q=jos%C3%A9");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers["content-disposition"]).toMatch(/filename="socios-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = libro.worksheets[0];
    const cabecera = ws.getRow(1);
    expect(cabecera.font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect((cabecera.values as unknown[]).slice(1)).toEqual(CABECERAS);
    expect(ws.rowCount).toBe(2);
    const celda = (cabeceraColumna: string) =>
      ws.getRow(2).getCell(CABECERAS.indexOf(cabeceraColumna) + 1).value;
    expect(celda("Matrícula")).toBe(101);
    expect(celda("Nombre")).toBe("José");
    expect(celda("Fecha de nacimiento")).toBe("15/03/1980");
    expect(celda("Importe de derrama")).toBe(120.5);
    expect(celda("Comentarios")).toBe(`'=HYPERLINK("http://malo.test","pulsa")`);
  });

  it("solo deja exportar al administrador", async () => {
    expect((await exportar("formato=csv", usuario)).statusCode).toBe(403);
    expect((await exportar("formato=csv", socio)).statusCode).toBe(403);
    const anonimo = await e.app.inject({ method: "GET", url: "/api/socios/exportar?formato=csv" });
    expect(anonimo.statusCode).toBe(401);
    expect(anonimo.json().error).toBe("no_autenticado");
  });
});

describe("POST /api/socios/importar", () => {
  const CABECERA_CORTA = [
    "Matrícula",
    "Nombre",
    "Apellidos",
    "NIF",
    "Fecha de nacimiento",
    "Sexo",
    "Email",
    "IBAN",
    "Tipo de socio",
    "Pagador (matrícula)",
  ];

  it("en la prueba lista cada fila rechazada con todos sus motivos y no cambia nada", async () => {
    const antes = await contarSocios();
    const fichero = csv([
      CABECERA_CORTA,
      ["201", "Vicent", "Sanchis", nif(11111111), "02/05/1990", "hombre", "", "", "Fester", ""],
      ["202", "", "Mira", `${11111112}A`, "01/01/2999", "", "no-es-correo", "ES00123", "", ""],
      ["101", "Pep", "Gil", "", "31/02/1990", "otro", "", "", "Inexistente", "999"],
      ["201", "Rosa", "Gil", nif(11111111), "1990-05-02", "mujer", "", "", "", "202"],
    ]);
    const res = await importar(fichero, 0);
    expect(res.statusCode).toBe(200);
    const informe = res.json();
    expect(informe).toMatchObject({ filas: 4, validas: 0, importadas: 0 });
    const errores = (fila: number) =>
      informe.rechazadas.find((r: { fila: number }) => r.fila === fila)?.errores ?? [];
    expect(informe.rechazadas.map((r: { fila: number }) => r.fila)).toEqual([2, 3, 4, 5]);
    expect(errores(2)).toEqual([
      { campo: "Matrícula", mensaje: "La matrícula 201 está repetida en el fichero (filas 2, 5)" },
      {
        campo: "NIF",
        mensaje: `El NIF ${nif(11111111)} está repetido en el fichero (filas 2, 5)`,
      },
    ]);
    expect(errores(3)).toEqual([
      { campo: "Nombre", mensaje: "El nombre es obligatorio" },
      { campo: "NIF", mensaje: "El NIF o NIE no es válido" },
      { campo: "Fecha de nacimiento", mensaje: "La fecha de nacimiento no puede ser futura" },
      { campo: "Email", mensaje: "Introduce un correo electrónico válido" },
      { campo: "IBAN", mensaje: "El IBAN no es válido" },
    ]);
    expect(errores(4)).toEqual([
      { campo: "Fecha de nacimiento", mensaje: "Introduce una fecha válida (dd/mm/aaaa)" },
      { campo: "Sexo", mensaje: "Elige una de estas opciones: hombre, mujer" },
      { campo: "Tipo de socio", mensaje: "No existe el tipo de socio «Inexistente»" },
      { campo: "Matrícula", mensaje: "Ya existe un socio con la matrícula 101" },
      {
        campo: "Pagador (matrícula)",
        mensaje:
          "No hay ningún socio con la matrícula 999 (ni en la base de datos ni en el fichero)",
      },
    ]);
    expect(errores(5).map((x: { campo: string }) => x.campo)).toEqual(["Matrícula", "NIF"]);
    expect(await contarSocios()).toBe(antes);
  });

  it("rechaza un NIF o una matrícula que ya están en la base de datos", async () => {
    const fichero = csv([
      ["Matrícula", "Nombre", "Apellidos", "NIF"],
      ["301", "Otro", "José", NIF_JOSE],
    ]);
    const informe = (await importar(fichero, 0)).json();
    expect(informe.rechazadas).toEqual([
      {
        fila: 2,
        errores: [{ campo: "NIF", mensaje: `Ya existe un socio con el NIF ${NIF_JOSE}` }],
      },
    ]);
  });

  it("en la importación real, una sola fila mala hace que no se importe nada", async () => {
    const antes = await contarSocios();
    const fichero = csv([
      ["Nombre", "Apellidos", "Matrícula"],
      ["Bueno", "Uno", "401"],
      ["Bueno", "Dos", "402"],
      ["Malo", "", "403"],
    ]);
    const res = await importar(fichero, 1);
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json();
    expect(cuerpo).toMatchObject({
      error: "validacion",
      mensaje: "Hay 1 fila con errores: no se ha importado ningún socio.",
      filas: 3,
      validas: 2,
      importadas: 0,
      rechazadas: [
        { fila: 4, errores: [{ campo: "Apellidos", mensaje: "Los apellidos son obligatorios" }] },
      ],
    });
    expect(cuerpo.detalles).toEqual([
      { campo: "Fila 4 · Apellidos", mensaje: "Los apellidos son obligatorios" },
    ]);
    expect(await contarSocios()).toBe(antes);
  });

  it("importa todas las filas buenas de un Excel, enlaza el pagador por matrícula y audita cada una", async () => {
    const antes = await contarSocios();
    const libro = new ExcelJS.Workbook();
    const ws = libro.addWorksheet("Hoja1");
    ws.addRow([
      "MATRICULA",
      "nombre",
      "apellidos",
      "FECHA DE NACIMIENTO (dd/mm/aaaa)",
      "Pagador (matricula)",
      "Pareja (matrícula)",
      "tipo de socio",
      "Activo",
      "Importe de derrama",
      "Columna que no existe",
    ]);
    ws.addRow([
      501,
      "Maria",
      "Ferrer",
      new Date(Date.UTC(1975, 6, 20)),
      null,
      101,
      "fester",
      "Sí",
      300,
    ]);
    ws.addRow([502, "Jordi", "Ferrer", "03/09/2010", 501, null, "INFANTIL", "no", "12,34", "x"]);
    ws.addRow([503, "'-Pepe", "Ferrer", "2012-11-30", 501, null, null, null, null]);
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer());

    const prueba = await importar(xlsx, 0, admin, "socios.xlsx");
    expect(prueba.json()).toMatchObject({
      filas: 3,
      validas: 3,
      nuevas: 3,
      actualizadas: 0,
      rechazadas: [],
      avisos: [],
      importadas: 0,
    });
    expect(prueba.json().columnas.at(-1)).toEqual({
      cabecera: "Columna que no existe",
      campo: null,
      ejemplos: ["x"],
    });
    expect(await contarSocios()).toBe(antes);

    const res = await importar(xlsx, 1, admin, "cualquier-nombre.bin");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ filas: 3, validas: 3, rechazadas: [], importadas: 3 });
    expect(await contarSocios()).toBe(antes + 3);

    const nuevos = await e.db
      .selectFrom("socio")
      .selectAll()
      .where("matricula", "in", [501, 502, 503])
      .orderBy("matricula")
      .execute();
    const maria = nuevos[0];
    expect(maria).toMatchObject({
      nombre: "Maria",
      fecha_nacimiento: "1975-07-20",
      id_pareja: idJose,
      id_tipo_socio: idFester,
      activo: true,
      importe_derrama: 30000,
    });
    expect(nuevos[1]).toMatchObject({
      fecha_nacimiento: "2010-09-03",
      id_pagador: maria.id,
      activo: false,
      importe_derrama: 1234,
    });
    expect(nuevos[2]).toMatchObject({ nombre: "-Pepe", id_pagador: maria.id, nif: null });

    const auditoria = await e.db
      .selectFrom("auditoria")
      .selectAll()
      .where("entidad", "=", "socio")
      .where("accion", "=", "importar")
      .where(
        "id_entidad",
        "in",
        nuevos.map((n) => n.id),
      )
      .execute();
    expect(auditoria).toHaveLength(3);
    expect(auditoria.find((a) => a.id_entidad === nuevos[1].id)?.cambios).toContainEqual({
      campo: "idPagador",
      antes: null,
      despues: maria.id,
    });
  });

  it("deshace toda la transacción si falla una inserción a mitad", async () => {
    const antes = await contarSocios();
    const catalogos = { tipos: new Map(), formas: new Map() };
    const fila = (matricula: string) =>
      validarFila({ matricula, nombre: "Medio", apellidos: "Hecho" }, catalogos, "2026-01-01")
        .socio;
    // 101 already exists: the second insert breaks the unique constraint.
    await expect(
      new SociosIoRepository(e.db).escribir({ nuevos: [fila("701"), fila("101")], cambios: [] }, 0),
    ).rejects.toThrow();
    expect(await contarSocios()).toBe(antes);
  });

  it("da a las filas sin matrícula las siguientes libres, por encima de las del fichero", async () => {
    const maxima = async () =>
      Number(
        (
          await e.db
            .selectFrom("socio")
            .select((eb) => eb.fn.max("matricula").as("m"))
            .executeTakeFirstOrThrow()
        ).m,
      );
    const antes = await maxima();
    const fichero = csv([
      ["Matrícula", "Nombre", "Apellidos"],
      ["", "Sense", "Número Primer"],
      [String(antes + 5), "Amb", "Número Propi"],
      ["", "Sense", "Número Segon"],
    ]);
    const res = await importar(fichero, 1);
    expect(res.json(), res.body).toMatchObject({ filas: 3, validas: 3, importadas: 3 });
    const nuevos = await e.db
      .selectFrom("socio")
      .select(["apellidos", "matricula"])
      .where("apellidos", "like", "Número %")
      .orderBy("id")
      .execute();
    expect(nuevos).toEqual([
      { apellidos: "Número Primer", matricula: antes + 6 },
      { apellidos: "Número Propi", matricula: antes + 5 },
      { apellidos: "Número Segon", matricula: antes + 7 },
    ]);
  });

  it("inscribe a los socios importados en los actos automáticos próximos, como al darlos de alta", async () => {
    const fecha = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const acto = await e.app.inject({
      method: "POST",
      url: "/api/actos",
      headers: bearer(admin),
      payload: { nombre: "Assemblea general d'importats", fecha, inscripcionAutomatica: true },
    });
    expect(acto.statusCode, acto.body).toBe(201);
    const res = await importar(
      csv([
        ["Nombre", "Apellidos"],
        ["Pepa", "Importada Automàtica"],
        ["Vicent", "Importat Automàtic"],
      ]),
      1,
    );
    expect(res.json(), res.body).toMatchObject({ importadas: 2 });
    const inscritos = await e.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select("socio.apellidos")
      .where("inscripcion.id_acto", "=", acto.json().id)
      .where("socio.apellidos", "like", "Importa% Automà%")
      .orderBy("socio.apellidos")
      .execute();
    expect(inscritos.map((i) => i.apellidos)).toEqual([
      "Importada Automàtica",
      "Importat Automàtic",
    ]);
  });

  it("lee un CSV separado por comas, con BOM y cabeceras sin acentos", async () => {
    const fichero = Buffer.concat([
      Buffer.from("\uFEFF"),
      csv(
        [
          ["matricula", "NOMBRE", "Apellidos", "Poblacion", "Fecha de alta"],
          ["601", "Amparo", '"Soler, Pla"', "Alcoi", "01/03/2020"],
        ],
        ",",
      ),
    ]);
    const res = await importar(fichero, 1);
    expect(res.json()).toMatchObject({ filas: 1, validas: 1, importadas: 1 });
    const amparo = await e.db
      .selectFrom("socio")
      .selectAll()
      .where("matricula", "=", 601)
      .executeTakeFirstOrThrow();
    expect(amparo).toMatchObject({
      apellidos: "Soler, Pla",
      poblacion: "Alcoi",
      fecha_alta: "2020-03-01",
    });
  });

  it("vuelve a leer su propia exportación (solo choca con las matrículas que ya existen)", async () => {
    const exportado = await exportar("formato=csv&q=lopez");
    const informe = (await importar(exportado.rawPayload, 0)).json();
    expect(informe.rechazadas).toEqual([
      {
        fila: 2,
        errores: [{ campo: "Matrícula", mensaje: "Ya existe un socio con la matrícula 102" }],
      },
    ]);
  });

  it("rechaza un fichero que no es CSV ni Excel con un mensaje en español", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const res = await importar(png, 0, admin, "socios.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "fichero_no_valido",
      mensaje: "El fichero no es un CSV ni un Excel (XLSX). Sube un fichero .csv o .xlsx.",
      detalles: [],
    });
  });

  it("rechaza un CSV que no está en UTF-8, uno sin cabeceras y una petición sin fichero", async () => {
    const latin1 = Buffer.from("Nombre;Apellidos\r\nJos\xe9;P\xe9rez\r\n", "latin1");
    const r1 = await importar(latin1, 0);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().mensaje).toMatch(/UTF-8/);

    const r2 = await importar(
      csv([
        ["a", "b"],
        ["1", "2"],
      ]),
      0,
    );
    expect(r2.statusCode).toBe(400);
    expect(r2.json().detalles).toEqual([
      { campo: "Nombre", mensaje: "Falta esta columna" },
      { campo: "Apellidos", mensaje: "Falta esta columna" },
    ]);

    const r3 = await e.app.inject({
      method: "POST",
      url: "/api/socios/importar",
      payload: {},
      headers: bearer(admin),
    });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().mensaje).toBe(
      "Envía el formulario como multipart/form-data con el archivo en el campo «archivo».",
    );
  });

  it("rechaza un fichero de más de 5 MB", async () => {
    const grande = Buffer.alloc(5 * 1024 * 1024 + 10, "a");
    const res = await importar(grande, 0);
    expect(res.statusCode).toBe(413);
    expect(res.json().mensaje).toBe("El fichero no puede ocupar más de 5 MB.");
  });

  it("solo deja importar al administrador", async () => {
    const fichero = csv([
      ["Nombre", "Apellidos"],
      ["Intruso", "Nadie"],
    ]);
    expect((await importar(fichero, 1, usuario)).statusCode).toBe(403);
    expect((await importar(fichero, 1, socio)).statusCode).toBe(403);
    const { payload, headers } = multipart(fichero);
    const anonimo = await e.app.inject({
      method: "POST",
      url: "/api/socios/importar?confirmar=1",
      payload,
      headers,
    });
    expect(anonimo.statusCode).toBe(401);
    const intrusos = await e.db
      .selectFrom("socio")
      .select("id")
      .where("nombre", "=", "Intruso")
      .execute();
    expect(intrusos).toHaveLength(0);
  });
});
