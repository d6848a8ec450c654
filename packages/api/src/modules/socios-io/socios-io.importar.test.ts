import { letraNif } from "@fila/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { historialDe } from "../../services/auditoria.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { multipart } from "../../test/subidas.js";
import { SociosIoRepository } from "./socios-io.repository.js";

// The board's own spreadsheet: its headers, Excel dates, a postal code Excel turned into a
// number, an IBAN with spaces, a double space in a surname, a child without NIF.

let e: Entorno;
let admin: string;
let idFester: number;
let idInfantil: number;

const nif = (n: number) => `${n}${letraNif(n)}`;
const fecha = (a: number, m: number, d: number) => new Date(Date.UTC(a, m - 1, d));

const CABECERAS = [
  "Nº",
  "Nombre",
  "Apellidos",
  "DNI",
  "Fecha nacimiento",
  "Teléfono",
  "E-mail",
  "CP",
  "IBAN",
  "Tipo",
  "Año alta",
  "Talla",
];

async function hoja(filas: unknown[][], cabeceras = CABECERAS): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const ws = libro.addWorksheet("Socis");
  ws.addRow(cabeceras);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

const HOJA_DE_LA_FILA = () =>
  hoja([
    [
      901,
      "Vicenta",
      "Gisbert  Pastor",
      nif(20000001),
      fecha(1961, 4, 12),
      "96 555 12 34",
      "Vicenta.Gisbert@Example.com",
      3802,
      "ES91 2100 0418 4502 0005 1332",
      "Fester",
      1985,
      "M",
    ],
    [
      902,
      "Rafael",
      "Moltó Sanus",
      nif(20000002),
      fecha(1990, 11, 3),
      "+34 600 11 22 33",
      "rafa@example.com",
      "03801",
      null,
      "fester",
      2010,
      "L",
    ],
    [
      null,
      "Pau",
      "Moltó Gisbert",
      null,
      fecha(2016, 2, 29),
      null,
      null,
      3802,
      null,
      "Infantil",
      2016,
      "S",
    ],
    [
      904,
      "Empar",
      "Sanus Vidal",
      nif(20000004),
      "07/09/1972",
      "965334455",
      null,
      "03803",
      null,
      "Fester",
      1999,
    ],
  ]);

type Opciones = {
  confirmar?: 0 | 1 | "true" | "false";
  modo?: string;
  campos?: Record<string, string>;
};

function importar(contenido: Buffer, { confirmar = 0, modo, campos = {} }: Opciones = {}) {
  const { payload, headers } = multipart([
    { campo: "archivo", archivo: contenido, nombre: "socis.xlsx" },
    ...Object.entries(campos).map(([campo, valor]) => ({ campo, valor })),
  ]);
  const consulta = `confirmar=${confirmar}${modo ? `&modo=${modo}` : ""}`;
  return e.app.inject({
    method: "POST",
    url: `/api/socios/importar?${consulta}`,
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}

const socioPorMatricula = (matricula: number) =>
  e.db.selectFrom("socio").selectAll().where("matricula", "=", matricula).executeTakeFirstOrThrow();

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  idFester = (
    await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Fester" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  idInfantil = (
    await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Infantil" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await e?.cerrar();
});

describe("importar la hoja de la filà", () => {
  it("la prueba dice a qué campo va cada columna, cuál no se importa y qué valores se han corregido", async () => {
    const res = await importar(await HOJA_DE_LA_FILA());
    expect(res.statusCode, res.body).toBe(200);
    const informe = res.json();
    expect(informe).toMatchObject({
      filas: 4,
      validas: 4,
      nuevas: 4,
      actualizadas: 0,
      rechazadas: [],
      importadas: 0,
    });
    expect(
      informe.columnas.map((c: { cabecera: string; campo: string | null }) => [
        c.cabecera,
        c.campo,
      ]),
    ).toEqual([
      ["Nº", "matricula"],
      ["Nombre", "nombre"],
      ["Apellidos", "apellidos"],
      ["DNI", "nif"],
      ["Fecha nacimiento", "fechaNacimiento"],
      ["Teléfono", "telefono"],
      ["E-mail", "email"],
      ["CP", "codPostal"],
      ["IBAN", "iban"],
      ["Tipo", "tipo"],
      ["Año alta", "anyoAlta"],
      ["Talla", null],
    ]);
    expect(informe.columnas[0].ejemplos).toEqual(["901", "902"]);
    expect(informe.columnas[4].ejemplos).toEqual(["1961-04-12", "1990-11-03"]);
    expect(informe.avisos).toEqual([
      {
        fila: 2,
        campo: "Apellidos",
        mensaje: "Se han quitado los espacios repetidos: «Gisbert  Pastor» → «Gisbert Pastor»",
      },
      {
        fila: 2,
        campo: "CP",
        mensaje: "Se ha añadido el 0 inicial del código postal: «3802» → «03802»",
      },
      {
        fila: 2,
        campo: "Teléfono",
        mensaje: "Se han dejado solo las cifras (y el +): «96 555 12 34» → «965551234»",
      },
      {
        fila: 2,
        campo: "E-mail",
        mensaje:
          "Se ha pasado a minúsculas: «Vicenta.Gisbert@Example.com» → «vicenta.gisbert@example.com»",
      },
      {
        fila: 2,
        campo: "IBAN",
        mensaje:
          "Se han quitado los espacios: «ES91 2100 0418 4502 0005 1332» → «ES9121000418450200051332»",
      },
      {
        fila: 3,
        campo: "Teléfono",
        mensaje: "Se han dejado solo las cifras (y el +): «+34 600 11 22 33» → «+34600112233»",
      },
      {
        fila: 4,
        campo: "CP",
        mensaje: "Se ha añadido el 0 inicial del código postal: «3802» → «03802»",
      },
    ]);
    expect(
      await e.db.selectFrom("socio").select("id").where("matricula", "=", 901).execute(),
    ).toEqual([]);
  });

  it("importa cada campo, normalizado, y da al niño sin matrícula la siguiente libre", async () => {
    const res = await importar(await HOJA_DE_LA_FILA(), { confirmar: "true" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nuevas: 4, actualizadas: 0, importadas: 4 });

    expect(await socioPorMatricula(901)).toMatchObject({
      nombre: "Vicenta",
      apellidos: "Gisbert Pastor",
      nif: nif(20000001),
      fecha_nacimiento: "1961-04-12",
      telefono: "965551234",
      email: "vicenta.gisbert@example.com",
      cod_postal: "03802",
      iban: "ES9121000418450200051332",
      id_tipo_socio: idFester,
      anyo_alta: 1985,
      comentarios: "",
    });
    expect(await socioPorMatricula(902)).toMatchObject({
      nombre: "Rafael",
      apellidos: "Moltó Sanus",
      nif: nif(20000002),
      fecha_nacimiento: "1990-11-03",
      telefono: "+34600112233",
      email: "rafa@example.com",
      cod_postal: "03801",
      iban: "",
      id_tipo_socio: idFester,
      anyo_alta: 2010,
    });
    expect(await socioPorMatricula(905)).toMatchObject({
      nombre: "Pau",
      apellidos: "Moltó Gisbert",
      nif: null,
      fecha_nacimiento: "2016-02-29",
      telefono: "",
      cod_postal: "03802",
      id_tipo_socio: idInfantil,
      anyo_alta: 2016,
    });
    expect(await socioPorMatricula(904)).toMatchObject({
      nombre: "Empar",
      fecha_nacimiento: "1972-09-07",
      telefono: "965334455",
      cod_postal: "03803",
      anyo_alta: 1999,
    });
  });

  it("lista como no importada una columna sin cabecera que tiene datos", async () => {
    const fichero = await hoja(
      [
        ["Sin", "Cabecera", "", "nota 1"],
        ["Sin", "Cabecera Dos", "", "", "más allá"],
      ],
      ["Nombre", "Apellidos", ""],
    );
    expect((await importar(fichero)).json().columnas).toEqual([
      { cabecera: "Nombre", campo: "nombre", ejemplos: ["Sin", "Sin"] },
      { cabecera: "Apellidos", campo: "apellidos", ejemplos: ["Cabecera", "Cabecera Dos"] },
      { cabecera: "", campo: null, ejemplos: ["nota 1"] },
      { cabecera: "", campo: null, ejemplos: ["más allá"] },
    ]);
    // The page sends back the mapping it showed, nameless columns included.
    const mapa = JSON.stringify({ Nombre: "nombre", Apellidos: "apellidos", "": "comentarios" });
    const conMapa = (await importar(fichero, { campos: { mapa } })).json();
    expect(conMapa.columnas.map((c: { campo: string | null }) => c.campo)).toEqual([
      "nombre",
      "apellidos",
      "comentarios",
      null,
    ]);
  });

  it("rechaza una fecha ambigua o un teléfono doble diciendo por qué", async () => {
    const res = await importar(
      await hoja(
        [
          ["Amparo", "Ambigua", "03/04/80", "600 111 222 / 600 333 444"],
          ["Amparo", "Sin Dia", "1980", ""],
          ["Amparo", "Excel", fecha(1980, 4, 3), "sin teléfono"],
        ],
        ["Nombre", "Apellidos", "F. nac.", "Móvil"],
      ),
    );
    expect(res.json().rechazadas).toEqual([
      {
        fila: 2,
        errores: [
          {
            campo: "F. nac.",
            mensaje: "El año tiene dos cifras y no se sabe el siglo: escribe dd/mm/aaaa",
          },
          {
            campo: "Móvil",
            mensaje: "Tiene más cifras que un teléfono (¿hay dos?): deja solo uno",
          },
        ],
      },
      {
        fila: 3,
        errores: [{ campo: "F. nac.", mensaje: "Falta el día y el mes: escribe dd/mm/aaaa" }],
      },
      { fila: 4, errores: [{ campo: "Móvil", mensaje: "El teléfono no tiene ninguna cifra" }] },
    ]);
  });

  it("el mapa de la junta manda sobre las cabeceras reconocidas", async () => {
    const mapa = JSON.stringify({ Tipo: null, Talla: "comentarios", "Año alta": null });
    const fichero = await hoja(
      [[911, "Lola", "Mapa Propia", "Fester", 2001, "XL"]],
      ["Nº", "Nombre", "Apellidos", "Tipo", "Año alta", "Talla"],
    );
    const prueba = (await importar(fichero, { campos: { mapa } })).json();
    expect(prueba.columnas.map((c: { campo: string | null }) => c.campo)).toEqual([
      "matricula",
      "nombre",
      "apellidos",
      null,
      null,
      "comentarios",
    ]);
    const res = await importar(fichero, { confirmar: 1, campos: { mapa } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await socioPorMatricula(911)).toMatchObject({
      comentarios: "XL",
      id_tipo_socio: null,
      anyo_alta: null,
    });
  });

  it("si el mapa da a otra columna un campo reconocido, la reconocida no se importa", async () => {
    const fichero = await hoja(
      [["Ot", "Ra", "600 000 000", "611 111 111"]],
      ["Nombre", "Apellidos", "Teléfono", "Móvil"],
    );
    const sinMapa = (await importar(fichero)).json();
    expect(sinMapa.columnas.map((c: { campo: string | null }) => c.campo)).toEqual([
      "nombre",
      "apellidos",
      "telefono",
      null,
    ]);
    const mapa = JSON.stringify({ Móvil: "telefono" });
    const conMapa = (await importar(fichero, { campos: { mapa } })).json();
    expect(conMapa.columnas.map((c: { campo: string | null }) => c.campo)).toEqual([
      "nombre",
      "apellidos",
      null,
      "telefono",
    ]);
  });

  it("rechaza un mapa que no encaja con el fichero, nombrando lo que falla, sin importar nada", async () => {
    const fichero = await hoja([["Mal", "Mapa"]], ["Nombre", "Apellidos"]);
    const casos: [Record<string, string>, string, { campo: string; mensaje: string }[]][] = [
      [
        { mapa: JSON.stringify({ Nombre: "nombreDePila", Talla: "comentarios" }) },
        "El campo «mapa» no encaja con las columnas del fichero.",
        [
          { campo: "mapa.Talla", mensaje: "El fichero no tiene la columna «Talla»" },
          { campo: "mapa.Nombre", mensaje: "No existe el campo «nombreDePila»" },
        ],
      ],
      [
        { mapa: JSON.stringify({ Nombre: "comentarios", Apellidos: "comentarios" }) },
        "El campo «mapa» no encaja con las columnas del fichero.",
        [
          {
            campo: "mapa.Nombre",
            mensaje: "El campo «comentarios» está elegido para más de una columna",
          },
          {
            campo: "mapa.Apellidos",
            mensaje: "El campo «comentarios» está elegido para más de una columna",
          },
        ],
      ],
      [
        { mapa: "{no es json" },
        'El campo «mapa» debe ser un objeto JSON {"cabecera": "campo" o null}.',
        [
          {
            campo: "mapa",
            mensaje: 'El campo «mapa» debe ser un objeto JSON {"cabecera": "campo" o null}.',
          },
        ],
      ],
      [
        { mapa: "{}", modos: "altas" },
        "La petición lleva campos que no existen: modos.",
        [{ campo: "modos", mensaje: "Este campo no existe en esta petición." }],
      ],
    ];
    for (const [campos, mensaje, detalles] of casos) {
      const res = await importar(fichero, { confirmar: 1, campos });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: "validacion", mensaje, detalles });
    }
    expect(
      await e.db.selectFrom("socio").select("id").where("apellidos", "=", "Mapa").execute(),
    ).toEqual([]);
    const modoMalo = await importar(fichero, { modo: "todo" });
    expect(modoMalo.statusCode).toBe(400);
    expect(modoMalo.json().detalles[0].campo).toBe("modo");
  });
});

describe("modo actualizar", () => {
  it("cambia el teléfono de un socio encontrado por matrícula y nada más", async () => {
    const antes = await socioPorMatricula(902);
    const fichero = await hoja([[902, "611 22 33 44"]], ["Nº", "Móvil"]);

    // Creating needs names: the answer still says where each column went, to choose again.
    const altas = await importar(fichero);
    expect(altas.statusCode).toBe(400);
    expect(altas.json()).toMatchObject({
      error: "validacion",
      mensaje:
        "El fichero necesita al menos las columnas de nombre y apellidos. Elige a qué campo va cada columna.",
      detalles: [
        { campo: "Nombre", mensaje: "Falta esta columna" },
        { campo: "Apellidos", mensaje: "Falta esta columna" },
      ],
      columnas: [
        { cabecera: "Nº", campo: "matricula", ejemplos: ["902"] },
        { cabecera: "Móvil", campo: "telefono", ejemplos: ["611 22 33 44"] },
      ],
      validas: 0,
    });

    const prueba = (await importar(fichero, { modo: "actualizar" })).json();
    expect(prueba).toMatchObject({
      validas: 1,
      nuevas: 0,
      actualizadas: 1,
      sinCambios: 0,
      importadas: 0,
    });
    expect((await socioPorMatricula(902)).telefono).toBe("+34600112233");

    const res = await importar(fichero, { confirmar: 1, modo: "actualizar" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nuevas: 0, actualizadas: 1, importadas: 1 });
    const despues = await socioPorMatricula(902);
    const { telefono, actualizado_en, ...resto } = despues;
    expect(telefono).toBe("611223344");
    const { telefono: _t, actualizado_en: _a, ...restoAntes } = antes;
    expect(resto).toEqual(restoAntes);

    const [auditoria] = await historialDe(e.db, "socio", antes.id);
    expect(auditoria.accion).toBe("importar");
    expect(auditoria.cambios).toEqual([
      { campo: "telefono", antes: "+34600112233", despues: "611223344" },
    ]);

    // The same file again changes nothing.
    expect((await importar(fichero, { modo: "actualizar" })).json()).toMatchObject({
      actualizadas: 0,
      sinCambios: 1,
      avisos: [],
    });
  });

  it("encuentra por NIF cuando no hay matrícula y da de alta a quien no encuentra", async () => {
    const fichero = await hoja(
      [
        [nif(20000004), "Empar", "Sanus Vidal", "EMPAR@example.com"],
        [nif(20000009), "Nou", "Socí Actualitzat", "nou@example.com"],
      ],
      ["DNI/NIF", "Nombre", "Apellidos", "Correo"],
    );
    const res = await importar(fichero, { confirmar: 1, modo: "actualizar" });
    expect(res.json(), res.body).toMatchObject({ nuevas: 1, actualizadas: 1, importadas: 2 });
    expect(await socioPorMatricula(904)).toMatchObject({
      email: "empar@example.com",
      telefono: "965334455",
      anyo_alta: 1999,
    });
    const nou = await e.db
      .selectFrom("socio")
      .selectAll()
      .where("nif", "=", nif(20000009))
      .executeTakeFirstOrThrow();
    expect(nou).toMatchObject({ nombre: "Nou", email: "nou@example.com" });
  });

  it("no deja poner a un socio el NIF de otro", async () => {
    const fichero = await hoja([[901, nif(20000002)]], ["Nº", "DNI"]);
    const informe = (await importar(fichero, { modo: "actualizar" })).json();
    expect(informe.rechazadas).toEqual([
      {
        fila: 2,
        errores: [
          { campo: "DNI", mensaje: `El NIF ${nif(20000002)} ya es de otro socio (matrícula 902)` },
        ],
      },
    ]);
  });
});

describe("posibles duplicados", () => {
  it("rechaza en los dos modos una fila sin NIF ni matrícula igual a un socio que ya existe", async () => {
    const fichero = await hoja(
      [["Pau", "MOLTO GISBERT", "29/02/2016"]],
      ["Nombre", "Apellidos", "Fecha nacimiento"],
    );
    for (const modo of ["altas", "actualizar"]) {
      const res = await importar(fichero, { confirmar: 1, modo });
      expect(res.statusCode).toBe(400);
      expect(res.json().rechazadas).toEqual([
        {
          fila: 2,
          errores: [{ campo: "Nombre", mensaje: "Posible duplicado de la matrícula 905" }],
        },
      ]);
    }
  });

  it("rechaza una fila repetida dentro del fichero", async () => {
    const fichero = await hoja(
      [
        ["Joan", "Repetit", "01/01/2018", ""],
        ["Joan", "Repetit", "01/01/2018", ""],
        ["Maria", "Amb Matrícula", "02/02/2019", 990],
        ["maria", "amb matricula", "02/02/2019", ""],
      ],
      ["Nombre", "Apellidos", "Fecha nacimiento", "Matrícula"],
    );
    expect((await importar(fichero)).json().rechazadas).toEqual([
      { fila: 3, errores: [{ campo: "Nombre", mensaje: "Posible duplicado de la fila 2" }] },
      {
        fila: 5,
        errores: [{ campo: "Nombre", mensaje: "Posible duplicado de la matrícula 990 (fila 4)" }],
      },
    ]);
  });
});

describe("a la vez", () => {
  it("dos importaciones simultáneas del mismo socio nuevo lo crean una sola vez", async () => {
    const fichero = await hoja(
      [[nif(20000077), "Doble", "Simultània"]],
      ["DNI", "Nombre", "Apellidos"],
    );
    const respuestas = await Promise.all([
      importar(fichero, { confirmar: 1 }),
      importar(fichero, { confirmar: 1 }),
    ]);
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados[0]).toBe(200);
    expect([400, 409]).toContain(estados[1]);
    const creados = await e.db
      .selectFrom("socio")
      .select("id")
      .where("nif", "=", nif(20000077))
      .execute();
    expect(creados).toHaveLength(1);
  });

  it("dos actualizaciones simultáneas del mismo socio dejan una de las dos y la auditoría en orden", async () => {
    const uno = await hoja([[901, "600000001"]], ["Nº", "Teléfono"]);
    const dos = await hoja([[901, "600000002"]], ["Nº", "Teléfono"]);
    const respuestas = await Promise.all([
      importar(uno, { confirmar: 1, modo: "actualizar" }),
      importar(dos, { confirmar: 1, modo: "actualizar" }),
    ]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200]);
    const socio = await socioPorMatricula(901);
    expect(["600000001", "600000002"]).toContain(socio.telefono);
    // The newest entry first.
    const cambios = (await historialDe(e.db, "socio", socio.id)).reverse();
    // Each update's «before» is what the previous one left: the chain ends in the stored phone.
    const telefonos = cambios.slice(-2).map((c) => c.cambios[0]);
    expect(telefonos[1].antes).toBe(telefonos[0].despues);
    expect(telefonos[1].despues).toBe(socio.telefono);
  });
});

describe("solo los socios de las claves del fichero (issue 51)", () => {
  it("lee los socios de las matrículas, NIF y fechas del fichero, en tandas, y ninguno más", async () => {
    const repo = new SociosIoRepository(e.db);
    const otros = await e.db.selectFrom("socio").select("id").execute();
    expect(otros.length).toBeGreaterThan(3);
    // More keys than one query takes, with the known ones at the end of the last batch.
    const matriculas = [...Array.from({ length: 1500 }, (_, i) => 100_000 + i), 901];
    const encontrados = await repo.existentesDe({
      matriculas,
      nifs: [nif(20000002), nif(29999999)],
      fechasNacimiento: ["2016-02-29", "1900-01-01"],
    });
    expect(encontrados.map((s) => s.matricula)).toEqual([901, 902, 905]);
    expect(encontrados[0]).toMatchObject({ nombre: "Vicenta", nif: nif(20000001) });
  });

  it("encuentra por NIF en mayúsculas a un socio guardado con la letra en minúscula", async () => {
    const minuscula = nif(20000031).toLowerCase();
    await e.db
      .insertInto("socio")
      .values({ matricula: 931, nombre: "Amparo", apellidos: "Minúscula", nif: minuscula })
      .execute();
    const altas = await importar(
      await hoja([["Amparo", "Minúscula", nif(20000031)]], ["Nombre", "Apellidos", "DNI"]),
    );
    expect(altas.json().rechazadas).toEqual([
      {
        fila: 2,
        errores: [{ campo: "DNI", mensaje: `Ya existe un socio con el NIF ${nif(20000031)}` }],
      },
    ]);
    const actualizar = await importar(
      await hoja([[nif(20000031), "965001122"]], ["DNI", "Teléfono"]),
      { confirmar: 1, modo: "actualizar" },
    );
    expect(actualizar.json(), actualizar.body).toMatchObject({ actualizadas: 1, nuevas: 0 });
    expect(await socioPorMatricula(931)).toMatchObject({ telefono: "965001122" });
  });
});
