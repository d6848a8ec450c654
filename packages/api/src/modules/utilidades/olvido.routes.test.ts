import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { bajaHastaPara } from "./olvido.service.js";

let e: Entorno;
let dataDir: string;
const tokens = { administrador: "", usuario: "", socio: "" };
let idAdmin = 0;

const EULALIA = {
  nombre: "Eulalia",
  apellidos: "Quintanilla Zorrilla",
  email: "eulalia.quintanilla@correo.test",
  telefono: "600111222",
  nif: "12345678Z",
  iban: "ES9121000418450200051332",
  direccion: "Carrer de la Pau 7",
  comentarios: "Prefiere que la llamen por la tarde",
};
/** Everything of Eulalia that must not be anywhere once she is anonymised. */
const RASTROS = [
  "Quintanilla",
  "Zorrilla",
  EULALIA.email,
  EULALIA.telefono,
  EULALIA.nif,
  EULALIA.iban,
  EULALIA.direccion,
  EULALIA.comentarios,
  "marisco",
  "203.0.113.7",
];

function pedir(
  metodo: "GET" | "POST" | "PUT",
  url: string,
  payload?: unknown,
  token = tokens.administrador,
) {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

async function crearSocio(datos: Record<string, unknown>) {
  const fila = await e.db
    .insertInto("socio")
    .values({ nombre: "Socio", apellidos: "Olvido", ...datos })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

/** Every text and JSON column of every table, generated ones included, where a string appears. */
async function dondeAparece(texto: string): Promise<string[]> {
  const { rows: columnas } = await sql<{ tabla: string; columna: string }>`
    select c.table_name as tabla, c.column_name as columna
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
  `.execute(e.db);
  expect(columnas.length).toBeGreaterThan(50);
  const encontrado: string[] = [];
  for (const { tabla, columna } of columnas) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(tabla)} where ${sql.ref(columna)}::text ilike ${`%${texto}%`}
    `.execute(e.db);
    if (rows[0].n > 0) encontrado.push(`${tabla}.${columna}`);
  }
  return encontrado;
}

let eulalia = 0;
let otraEulalia = 0;
let reciente = 0;
let cunyada = 0;
let pagoDeEulalia = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fila-olvido-"));
  e = await crearEntorno({ dataDir });
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  idAdmin = admin.id;
  tokens.administrador = await entrar(e.app, admin.email);
  for (const rol of ["usuario", "socio"] as const) {
    tokens[rol] = await entrar(e.app, (await crearCuenta(e.db, { rol })).email);
  }

  eulalia = await crearSocio({
    ...EULALIA,
    fecha_nacimiento: "1961-04-12",
    activo: false,
    fecha_alta: "1990-01-01",
    fecha_baja: "2015-03-01",
    motivo_baja: "Se traslada a Valencia con su familia",
    bic: "CAIXESBBXXX",
    mandato_id: "MANDATO-EULALIA-1",
    mandato_fecha: "2010-01-01",
    imagen: `${999}.webp`,
  });
  otraEulalia = await crearSocio({ nombre: "Eulalia", apellidos: "Pérez", activo: true });
  cunyada = await crearSocio({
    nombre: "Rosa",
    apellidos: "Llopis",
    comentarios: "Cuñada de Eulalia Quintanilla Zorrilla (ES9121000418450200051332)",
  });
  reciente = await crearSocio({ activo: false, fecha_baja: "2025-06-01" });

  // Her login account: a sign-in from an address, a failed one, and a reset email.
  const cuenta = await e.db
    .insertInto("usuario")
    .values({
      email: EULALIA.email,
      nombre: "Eulalia Quintanilla",
      rol: "usuario",
      id_socio: eulalia,
      password_hash: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await e.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: EULALIA.email, password: "no-la-recuerda" },
    remoteAddress: "203.0.113.7",
  });
  await e.db
    .insertInto("auditoria")
    .values([
      {
        id_usuario: idAdmin,
        entidad: "socio",
        id_entidad: eulalia,
        accion: "crear",
        cambios: JSON.stringify([
          { campo: "nombre", antes: null, despues: "Eulalia" },
          { campo: "apellidos", antes: null, despues: EULALIA.apellidos },
          { campo: "telefono", antes: null, despues: EULALIA.telefono },
        ]),
      },
      {
        id_usuario: cuenta.id,
        entidad: "acceso",
        id_entidad: cuenta.id,
        accion: "entrada",
        cambios: JSON.stringify([{ campo: "ip", antes: null, despues: "203.0.113.7" }]),
      },
    ])
    .execute();
  await e.db
    .insertInto("correo_saliente")
    .values({
      para: EULALIA.email,
      asunto: "Activa tu cuenta de la Filà",
      texto: "Hola, Eulalia Quintanilla:",
      estado: "sin_smtp",
    })
    .execute();

  // Her charges, an enrolment with allergies, a remittance that collected from her account.
  const pago = await e.db
    .insertInto("pago")
    .values({
      id_socio: eulalia,
      id_pagador: eulalia,
      anyo: 2014,
      concepto: "Cuota anual 2014",
      importe: 12050,
      fecha_emision: "2014-01-01",
      fecha_vencimiento: "2014-01-01",
      estado: "pagado",
      fecha_pago: "2014-02-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  pagoDeEulalia = pago.id;
  const acto = await e.db
    .insertInto("acto")
    .values({ nombre: "Cena 2014", fecha: "2014-04-20" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await e.db
    .insertInto("inscripcion")
    .values({ id_acto: acto.id, id_socio: eulalia, alergias: "marisco", importe: 3000 })
    .execute();
  const remesa = await e.db
    .insertInto("remesa")
    .values({
      mensaje_id: "FILA-R1-2014",
      fecha_cobro: "2014-02-01",
      hasta: "2014-01-31",
      estado: "cobrada",
      xml: `<Dbtr><Nm>Eulalia Quintanilla Zorrilla</Nm></Dbtr><DbtrAcct><Id><IBAN>${EULALIA.iban}</IBAN></Id></DbtrAcct>`,
      excluidos: JSON.stringify([
        {
          idSocio: eulalia,
          nombre: "Eulalia Quintanilla Zorrilla",
          motivo: "Sin mandato",
          importe: 0,
        },
      ]),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await e.db
    .insertInto("remesa_adeudo")
    .values({
      id_remesa: remesa.id,
      id_pagador: eulalia,
      importe: 12050,
      end_to_end_id: "R1-1",
      mandato_id: "MANDATO-EULALIA-1",
      mandato_fecha: "2010-01-01",
      secuencia: "FRST",
      iban: EULALIA.iban,
    })
    .execute();
  mkdirSync(path.join(dataDir, "files", "socios"), { recursive: true });
  writeFileSync(path.join(dataDir, "files", "socios", `${eulalia}.webp`), "foto");
});

afterAll(async () => {
  await e?.cerrar();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("olvido", () => {
  it("calcula el último día de baja que se puede anonimizar", () => {
    expect(bajaHastaPara(5, "2026-11-25")).toBe("2021-11-25");
    expect(bajaHastaPara(1, "2028-02-29")).toBe("2027-02-28");
  });

  it("lista los socios dados de baja hace más de 5 años, y no los recientes ni los de alta", async () => {
    const res = await pedir("GET", "/api/utilidades/olvido");
    expect(res.statusCode).toBe(200);
    const lista = res.json();
    expect(lista.anyos).toBe(5);
    expect(lista.items.map((i: { id: number }) => i.id)).toEqual([eulalia]);
    expect(lista.items[0]).toEqual({
      id: eulalia,
      nombre: "Eulalia Quintanilla Zorrilla",
      matricula: null,
      fechaBaja: "2015-03-01",
    });
  });

  it("los años se configuran (1 a 50) y cambian quién se puede anonimizar", async () => {
    expect(
      (await pedir("PUT", "/api/utilidades/olvido/configuracion", { anyos: 0 })).statusCode,
    ).toBe(400);
    const veinte = await pedir("PUT", "/api/utilidades/olvido/configuracion", { anyos: 20 });
    expect(veinte.json()).toEqual({ anyos: 20 });
    expect((await pedir("GET", "/api/utilidades/olvido")).json().total).toBe(0);
    const cinco = await pedir("PUT", "/api/utilidades/olvido/configuracion", { anyos: 5 });
    expect(cinco.json()).toEqual({ anyos: 5 });
    expect((await pedir("GET", "/api/utilidades/olvido")).json().total).toBe(1);
  });

  it("pide confirmación y rechaza, sin cambiar nada, a quien no se puede anonimizar", async () => {
    const sinConfirmar = await pedir("POST", "/api/utilidades/olvido", { ids: [eulalia] });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(sinConfirmar.json().detalles[0].campo).toBe("confirmar");

    const lote = await pedir("POST", "/api/utilidades/olvido", {
      ids: [eulalia, reciente],
      confirmar: true,
    });
    expect(lote.statusCode).toBe(409);
    expect(lote.json().mensaje).toMatch(
      /se dio de baja el 01\/06\/2025: sus datos se guardan 5 años/,
    );
    const activa = await pedir("POST", "/api/utilidades/olvido", {
      ids: [otraEulalia],
      confirmar: true,
    });
    expect(activa.statusCode).toBe(409);
    expect(activa.json().mensaje).toMatch(/sigue de alta/);
    expect(
      (await pedir("POST", "/api/utilidades/olvido", { ids: [2147483000], confirmar: true }))
        .statusCode,
    ).toBe(404);
    const sigue = await e.db
      .selectFrom("socio")
      .select("nombre")
      .where("id", "=", eulalia)
      .executeTakeFirstOrThrow();
    expect(sigue.nombre).toBe("Eulalia");
  });

  it("no anonimiza a quien paga los cargos de un socio que sigue de alta", async () => {
    const pagador = await crearSocio({ activo: false, fecha_baja: "2010-01-01" });
    await crearSocio({ activo: true, id_pagador: pagador });
    const res = await pedir("POST", "/api/utilidades/olvido", { ids: [pagador], confirmar: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toMatch(/paga los cargos de 1 socios que siguen de alta/);
  });

  it("anonimiza: ningún dato suyo queda en ninguna columna de texto; cargos e inscripciones siguen", async () => {
    for (const rastro of RASTROS) expect(await dondeAparece(rastro), rastro).not.toEqual([]);

    const res = await pedir("POST", "/api/utilidades/olvido", { ids: [eulalia], confirmar: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ anonimizados: 1, ids: [eulalia], cuentasBorradas: 1 });

    for (const rastro of RASTROS) expect(await dondeAparece(rastro), rastro).toEqual([]);
    // «Eulalia» alone is still the other Eulalia's name, and nothing else.
    expect((await dondeAparece("Eulalia")).sort()).toEqual([
      "socio.busqueda",
      "socio.nombre",
      "socio.orden_apellidos",
      "socio.orden_nombre",
    ]);
    const conEseNombre = await e.db
      .selectFrom("socio")
      .select("id")
      .where(sql<boolean>`nombre || busqueda ilike '%eulalia%'`)
      .execute();
    expect(conEseNombre.map((s) => s.id)).toEqual([otraEulalia]);
    const otra = await e.db
      .selectFrom("socio")
      .select("nombre")
      .where("id", "=", otraEulalia)
      .executeTakeFirstOrThrow();
    expect(otra.nombre).toBe("Eulalia");

    const socio = await e.db
      .selectFrom("socio")
      .selectAll()
      .where("id", "=", eulalia)
      .executeTakeFirstOrThrow();
    expect(socio.nombre).toBe(`Socio anonimizado nº ${eulalia}`);
    expect(socio).toMatchObject({
      apellidos: "",
      email: "",
      nif: null,
      iban: "",
      fecha_nacimiento: null,
      imagen: null,
      activo: false,
    });
    expect(socio.anonimizado_en).not.toBeNull();
    expect(existsSync(path.join(dataDir, "files", "socios", `${eulalia}.webp`))).toBe(false);
    const cuentas = await e.db
      .selectFrom("usuario")
      .select("id")
      .where("id_socio", "=", eulalia)
      .execute();
    expect(cuentas).toEqual([]);

    const pago = await e.db
      .selectFrom("pago")
      .select(["importe", "estado", "id_socio"])
      .where("id", "=", pagoDeEulalia)
      .executeTakeFirstOrThrow();
    expect(pago).toEqual({ importe: 12050, estado: "pagado", id_socio: eulalia });
    const inscripcion = await e.db
      .selectFrom("inscripcion")
      .select(["importe", "alergias"])
      .where("id_socio", "=", eulalia)
      .executeTakeFirstOrThrow();
    expect(inscripcion).toEqual({ importe: 3000, alergias: "" });
    const adeudo = await e.db
      .selectFrom("remesa_adeudo")
      .select("importe")
      .where("id_pagador", "=", eulalia)
      .executeTakeFirstOrThrow();
    expect(Number(adeudo.importe)).toBe(12050);
    const nota = await e.db
      .selectFrom("socio")
      .select("comentarios")
      .where("id", "=", cunyada)
      .executeTakeFirstOrThrow();
    expect(nota.comentarios).toBe("Cuñada de [anonimizado] ([anonimizado])");

    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["id_usuario", "cambios"])
      .where("entidad", "=", "socio")
      .where("id_entidad", "=", eulalia)
      .where("accion", "=", "anonimizar")
      .executeTakeFirstOrThrow();
    expect(auditoria.id_usuario).toBe(idAdmin);
    expect((await pedir("GET", "/api/utilidades/olvido")).json().total).toBe(1);
  });

  it("no se puede deshacer ni repetir: una segunda vez da 409", async () => {
    const res = await pedir("POST", "/api/utilidades/olvido", { ids: [eulalia], confirmar: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toMatch(/ya está anonimizado/);
  });

  it("solo el administrador: 401 sin sesión y 403 a usuario y socio", async () => {
    for (const [metodo, url, cuerpo] of [
      ["GET", "/api/utilidades/olvido", undefined],
      ["PUT", "/api/utilidades/olvido/configuracion", { anyos: 7 }],
      ["POST", "/api/utilidades/olvido", { ids: [reciente], confirmar: true }],
    ] as const) {
      expect((await pedir(metodo, url, cuerpo, "")).statusCode).toBe(401);
      expect((await pedir(metodo, url, cuerpo, tokens.usuario)).statusCode).toBe(403);
      expect((await pedir(metodo, url, cuerpo, tokens.socio)).statusCode).toBe(403);
    }
    const anyos = await e.db
      .selectFrom("asociacion")
      .select("anyos_olvido")
      .executeTakeFirstOrThrow();
    expect(anyos.anyos_olvido).toBe(5);
  });
});
