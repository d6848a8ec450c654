import {
  CaboEntradaSchema,
  CargoCambioSchema,
  CargoEntradaSchema,
  CargoSchema,
  CargoSocioEntradaSchema,
  CargoSocioSchema,
  CopiaEscuadrasResultadoSchema,
  CopiaEscuadrasSchema,
  EscuadraCambioSchema,
  EscuadraEntradaSchema,
  EstructuraSocioSchema,
  GrupoEntradaSchema,
  GrupoSchema,
  hoyIso,
  ListaCargosSchema,
  ListaCargosSocioSchema,
  ListaGruposSchema,
  MiEscuadraSchema,
  MiembroEscuadraEntradaSchema,
  MiembroGrupoEntradaSchema,
  OrdenDesfileSchema,
  RolMiembroSchema,
} from "@fila/domain";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { pertenenciasEn } from "./pertenencias.js";

let e: Entorno;
let admin: string;
let festero: { token: string; idSocio: number };
const socios: Record<string, number> = {};
const ANYO = Number(hoyIso().slice(0, 4));

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const cuenta = await crearCuenta(e.db);
  festero = { token: await entrar(e.app, cuenta.email), idSocio: cuenta.idSocio as number };
  for (const [nombre, apellidos] of [
    ["Ana", "Albors"],
    ["Berta", "Blanes"],
    ["Carles", "Colomer"],
    ["Dídac", "Doménech"],
  ] as const) {
    const s = await e.db
      .insertInto("socio")
      .values({ nombre, apellidos })
      .returning("id")
      .executeTakeFirstOrThrow();
    socios[nombre] = s.id;
  }
});

afterAll(async () => {
  await e?.cerrar();
});

const pedir = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  token: string | null = admin,
) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function escuadra(nombre: string, anyo = ANYO, extra: Record<string, unknown> = {}) {
  const res = await pedir("POST", "/api/escuadras", { anyo, nombre, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; nombre: string };
}

describe("escuadras", () => {
  it("crea, mete, se niega a una segunda escuadra del año (409 que la nombra) y mueve", async () => {
    const negres = await escuadra("Negres", ANYO, {
      tipo: "especial",
      traje: "Negre",
      banda: "Primitiva",
    });
    const blanques = await escuadra("Blanques");
    expect(
      (await pedir("POST", "/api/escuadras", { anyo: ANYO, nombre: "negres" })).statusCode,
    ).toBe(409);
    // Unknown body fields: 400 naming them.
    const raro = await pedir("POST", "/api/escuadras", { anyo: ANYO, nombre: "X", color: "rojo" });
    expect(raro.statusCode).toBe(400);
    expect(raro.body).toContain("color");

    const ana = socios.Ana as number;
    let r = await pedir("POST", `/api/escuadras/${negres.id}/miembros`, { idSocio: ana });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().miembros.map((m: { idSocio: number }) => m.idSocio)).toEqual([ana]);

    r = await pedir("POST", `/api/escuadras/${blanques.id}/miembros`, { idSocio: ana });
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toBe(`Ana Albors ya está en la escuadra «Negres» en ${ANYO}.`);

    // Cabo of Negres, then dragged to Blanques: the cabo cargo stays behind (Negres without cabo).
    r = await pedir("PUT", `/api/escuadras/${negres.id}/cabo`, { idSocio: ana });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().idCabo).toBe(ana);
    expect(r.json().miembros[0]).toMatchObject({ idSocio: ana, esCabo: true });

    r = await pedir("POST", `/api/escuadras/${blanques.id}/miembros`, {
      idSocio: ana,
      mover: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const lista = (await pedir("GET", `/api/escuadras?anyo=${ANYO}`)).json().items as {
      id: number;
      idCabo: number | null;
      miembros: { idSocio: number }[];
    }[];
    const n = lista.find((g) => g.id === negres.id);
    const b = lista.find((g) => g.id === blanques.id);
    expect(n?.miembros).toEqual([]);
    expect(n?.idCabo).toBeNull();
    expect(b?.miembros.map((m) => m.idSocio)).toEqual([ana]);
    const cargos = await e.db
      .selectFrom("socio_cargo")
      .selectAll()
      .where("id_socio", "=", ana)
      .execute();
    expect(cargos).toEqual([]);

    // Cabo of a member of no escuadra: they enter it; of another escuadra: 409.
    const berta = socios.Berta as number;
    r = await pedir("PUT", `/api/escuadras/${negres.id}/cabo`, { idSocio: berta });
    expect(r.json().miembros).toMatchObject([{ idSocio: berta, esCabo: true }]);
    expect(
      (await pedir("PUT", `/api/escuadras/${negres.id}/cabo`, { idSocio: ana })).statusCode,
    ).toBe(409);

    // The cabo is that member's cargo «cabo» of the year: one record, seen in their record.
    const ficha = (await pedir("GET", `/api/socios/${berta}/estructura`)).json();
    expect(ficha.escuadras).toEqual([
      { anyo: ANYO, idGrupo: negres.id, nombre: "Negres", rol: "", esCabo: true },
    ]);
    expect(ficha.cargos).toMatchObject([
      {
        codigo: "cabo",
        desde: `${ANYO}-01-01`,
        hasta: `${ANYO}-12-31`,
        idGrupo: negres.id,
        escuadra: "Negres",
      },
    ]);
    // The cabo cargo is changed from its escuadra, not as a member's cargo.
    const idCargoCabo = ficha.cargos[0].id as number;
    const cambio = await pedir("PUT", `/api/socios/${berta}/cargos/${idCargoCabo}`, {
      idCargo: ficha.cargos[0].idCargo,
      desde: `${ANYO}-01-01`,
    });
    expect(cambio.statusCode).toBe(409);
    expect(
      (
        await pedir("POST", `/api/socios/${berta}/cargos`, {
          idCargo: ficha.cargos[0].idCargo,
          desde: `${ANYO}-01-01`,
        })
      ).statusCode,
    ).toBe(400);

    // Removing the cabo from the escuadra leaves it without cabo.
    expect(
      (await pedir("DELETE", `/api/escuadras/${negres.id}/miembros/${berta}`)).statusCode,
    ).toBe(204);
    expect((await pedir("GET", `/api/escuadras/${negres.id}`)).json()).toMatchObject({
      idCabo: null,
      miembros: [],
    });
    expect(
      (await pedir("DELETE", `/api/escuadras/${negres.id}/miembros/${berta}`)).statusCode,
    ).toBe(404);

    // Audited.
    const audit = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "escuadra")
      .where("id_entidad", "=", blanques.id)
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(expect.arrayContaining(["crear", "mover_miembro"]));
  });

  it("orden de desfile, copia del año anterior, PDF y el inicio del festero", async () => {
    const anterior = ANYO - 5;
    const a = await escuadra("Cavallers", anterior);
    const b = await escuadra("Granotes", anterior, { tipo: "especial", banda: "La Nova" });
    await pedir("POST", `/api/escuadras/${a.id}/miembros`, { idSocio: socios.Carles });
    await pedir("POST", `/api/escuadras/${b.id}/miembros`, {
      idSocio: festero.idSocio,
      rol: "Gastador",
    });
    await pedir("PUT", `/api/escuadras/${b.id}/cabo`, { idSocio: festero.idSocio });

    let r = await pedir("PUT", "/api/escuadras/desfiles/entrada", {
      anyo: anterior,
      idsGrupo: [b.id, a.id],
    });
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().items as { id: number; desfiles: Record<string, number> }[];
    expect(items.find((g) => g.id === b.id)?.desfiles).toEqual({ entrada: 1 });
    expect(items.find((g) => g.id === a.id)?.desfiles).toEqual({ entrada: 2 });
    // An escuadra of another year in the order: 400.
    const otra = await escuadra("Otra", anterior + 1);
    expect(
      (
        await pedir("PUT", "/api/escuadras/desfiles/entrada", {
          anyo: anterior,
          idsGrupo: [otra.id],
        })
      ).statusCode,
    ).toBe(400);

    const destino = anterior + 2;
    r = await pedir("POST", "/api/escuadras/copia", { desde: anterior, hasta: destino });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ escuadras: 2, miembros: 2, omitidas: 0 });
    const copiadas = (await pedir("GET", `/api/escuadras?anyo=${destino}`)).json().items as {
      nombre: string;
      idCabo: number | null;
      banda: string;
      miembros: { idSocio: number; rol: string }[];
    }[];
    expect(copiadas.map((g) => g.nombre).sort()).toEqual(["Cavallers", "Granotes"]);
    const granotes = copiadas.find((g) => g.nombre === "Granotes");
    expect(granotes).toMatchObject({
      idCabo: null,
      banda: "La Nova",
      miembros: [{ idSocio: festero.idSocio, rol: "Gastador" }],
    });
    expect(
      (await pedir("POST", "/api/escuadras/copia", { desde: anterior, hasta: destino })).json(),
    ).toEqual({
      escuadras: 0,
      miembros: 0,
      omitidas: 2,
    });
    expect(
      (await pedir("POST", "/api/escuadras/copia", { desde: anterior, hasta: anterior }))
        .statusCode,
    ).toBe(400);

    const pdf = await pedir("GET", `/api/escuadras/pdf?anyo=${anterior}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain(`Escuadras ${anterior}`);
    expect(text).toContain("Granotes");
    expect(text).toContain("Colomer, Carles");

    // The festero's home: this year's escuadra and cabo.
    let mia = await pedir("GET", "/api/escuadras/mia", undefined, festero.token);
    expect(mia.statusCode).toBe(200);
    expect(mia.json()).toEqual({ anyo: ANYO, items: [] });
    const propia = await escuadra("Muntanyesos");
    await pedir("POST", `/api/escuadras/${propia.id}/miembros`, { idSocio: festero.idSocio });
    await pedir("PUT", `/api/escuadras/${propia.id}/cabo`, { idSocio: socios.Dídac });
    mia = await pedir("GET", "/api/escuadras/mia", undefined, festero.token);
    expect(mia.json().items).toMatchObject([
      {
        idSocio: festero.idSocio,
        escuadra: "Muntanyesos",
        cabo: "Dídac Doménech",
        esCabo: false,
        miembros: 2,
      },
    ]);
    // The board's routes are the board's.
    expect(
      (await pedir("GET", `/api/escuadras?anyo=${ANYO}`, undefined, festero.token)).statusCode,
    ).toBe(403);
  });
});

describe("grupos y cargos", () => {
  it("junta con responsable y papeles; cargos con peso; cargos del socio y del año", async () => {
    let r = await pedir("POST", "/api/grupos", {
      clase: "junta",
      nombre: "Junta directiva",
      idResponsable: socios.Carles,
    });
    expect(r.statusCode, r.body).toBe(201);
    const junta = r.json();
    r = await pedir("POST", `/api/grupos/${junta.id}/miembros`, {
      idSocio: socios.Ana,
      rol: "Vocal de actos",
    });
    expect(r.json().miembros).toMatchObject([{ idSocio: socios.Ana, rol: "Vocal de actos" }]);
    r = await pedir("PUT", `/api/grupos/${junta.id}/miembros/${socios.Ana}`, {
      rol: "Vocal de fiestas",
    });
    expect(r.json().miembros[0].rol).toBe("Vocal de fiestas");
    const barra = (
      await pedir("POST", "/api/grupos", { clase: "otro", nombre: "Barra sábado", anyo: ANYO })
    ).json();
    await pedir("POST", `/api/grupos/${barra.id}/miembros`, { idSocio: socios.Berta });

    // An escuadra is not a group of /api/grupos; clase escuadra is refused there.
    expect(
      (await pedir("POST", "/api/grupos", { clase: "escuadra", nombre: "X" })).statusCode,
    ).toBe(400);
    const todas = (await pedir("GET", `/api/grupos?anyo=${ANYO}&miembros=0`)).json().items as {
      id: number;
      clase: string;
      miembros: unknown[];
    }[];
    expect(todas.map((g) => g.clase)).toEqual(
      expect.arrayContaining(["junta", "otro", "escuadra"]),
    );
    expect(todas.every((g) => g.miembros.length === 0)).toBe(true);

    const p = await pertenenciasEn(e.db, [socios.Ana as number, socios.Carles as number], hoyIso());
    expect(p.get(socios.Ana as number)?.idsGrupo).toContain(junta.id);
    expect(p.get(socios.Carles as number)?.idsGrupo).toContain(junta.id);

    // Cargos: the seeded table, a new one, its code unique.
    const cargos = (await pedir("GET", "/api/cargos")).json().items as {
      id: number;
      codigo: string;
      peso: number;
    }[];
    expect(cargos.map((c) => c.codigo)).toEqual(
      expect.arrayContaining([
        "capitan",
        "alferez",
        "abanderado",
        "cabo",
        "presidente",
        "secretario",
        "tesorero",
        "vocal",
      ]),
    );
    r = await pedir("POST", "/api/cargos", { codigo: "Sargento", nombre: "Sargento", peso: 1 });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ codigo: "sargento", peso: 1, activo: true });
    expect(
      (await pedir("POST", "/api/cargos", { codigo: "sargento", nombre: "Otro" })).statusCode,
    ).toBe(409);
    r = await pedir("PUT", `/api/cargos/${r.json().id}`, { nombre: "Sargent", peso: 11 });
    expect(r.statusCode).toBe(400);

    const capitan = cargos.find((c) => c.codigo === "capitan") as { id: number };
    r = await pedir("POST", `/api/socios/${socios.Dídac}/cargos`, {
      idCargo: capitan.id,
      desde: `${ANYO}-01-01`,
      hasta: `${ANYO}-12-31`,
    });
    expect(r.statusCode, r.body).toBe(201);
    const idCs = r.json().id;
    expect(
      (
        await pedir("POST", `/api/socios/${socios.Dídac}/cargos`, {
          idCargo: capitan.id,
          desde: "2020-02-02",
          hasta: "2020-01-01",
        })
      ).statusCode,
    ).toBe(400);
    const delAnyo = (await pedir("GET", `/api/cargos/anyo?anyo=${ANYO}`)).json().items as {
      codigo: string;
      idSocio: number;
    }[];
    expect(delAnyo).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codigo: "capitan", idSocio: socios.Dídac }),
      ]),
    );
    expect((await pedir("GET", `/api/cargos/anyo?anyo=${ANYO + 1}`)).json().items).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ codigo: "capitan" })]),
    );
    r = await pedir("PUT", `/api/socios/${socios.Dídac}/cargos/${idCs}`, {
      idCargo: capitan.id,
      desde: `${ANYO}-01-01`,
      hasta: null,
      notas: "Capità moro",
    });
    expect(r.json()).toMatchObject({ hasta: null, notas: "Capità moro" });
    // Someone else's cargo under another member: 404.
    expect((await pedir("DELETE", `/api/socios/${socios.Ana}/cargos/${idCs}`)).statusCode).toBe(
      404,
    );
    expect((await pedir("GET", `/api/socios/${socios.Dídac}/cargos`)).json().items).toHaveLength(2);
    expect((await pedir("DELETE", `/api/socios/${socios.Dídac}/cargos/${idCs}`)).statusCode).toBe(
      204,
    );

    expect((await pedir("DELETE", `/api/grupos/${barra.id}`)).statusCode).toBe(204);
    expect((await pedir("GET", `/api/grupos/${barra.id}`)).statusCode).toBe(404);
  });
});

describe("los grupos como filtro", () => {
  it("lista y exportación de socios, envíos y alertas eligen a los miembros de los grupos", async () => {
    const g = await escuadra("Filtre", ANYO + 30);
    await pedir("POST", `/api/escuadras/${g.id}/miembros`, { idSocio: festero.idSocio });
    await pedir("POST", `/api/escuadras/${g.id}/miembros`, { idSocio: socios.Carles });

    const lista = await pedir("GET", `/api/socios?grupo=${g.id}`);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(
      lista
        .json()
        .items.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([festero.idSocio, socios.Carles].sort());
    const csv = await pedir("GET", `/api/socios/exportar?formato=csv&grupo=${g.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain("Colomer");
    expect(csv.body).not.toContain("Albors");

    const previa = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "Ensayo",
      cuerpo: "<p>Hola {{nombre}}</p>",
      filtro: { idsGrupo: [g.id] },
    });
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json().total).toBe(2);
    const nadie = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "Ensayo",
      cuerpo: "<p>Hola</p>",
      filtro: { idsGrupo: [999_999] },
    });
    expect(nadie.json().total).toBe(0);

    const alerta = await pedir("POST", "/api/alertas", {
      titulo: "Ensayo de la escuadra",
      destino: { idsGrupo: [g.id] },
    });
    expect(alerta.statusCode, alerta.body).toBe(201);
    const cuenta = await e.db
      .selectFrom("usuario")
      .select("id")
      .where("id_socio", "=", festero.idSocio)
      .executeTakeFirstOrThrow();
    const destinatarios = await e.db
      .selectFrom("alerta_destinatario")
      .select("id_usuario")
      .where("id_alerta", "=", alerta.json().id)
      .execute();
    expect(destinatarios.map((d) => d.id_usuario)).toEqual([cuenta.id]);
    const malo = await pedir("POST", "/api/alertas", {
      titulo: "X",
      destino: { idsGrupo: [999_999] },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain("No existe el grupo 999999");
  });
});

describe("el documento OpenAPI de estructura", () => {
  type Objeto = z.ZodObject;
  // Each route once: method, path, tag, its success status, the entity it answers and the body it
  // takes (null: none), its query parameters. The routes are registered through a helper and a
  // loop shared by escuadras and groups; this pins what they must still declare.
  const RUTAS: Array<[string, string, string, number, Objeto | null, Objeto | null, string[]?]> = [
    ["get", "/api/escuadras", "Escuadras", 200, ListaGruposSchema, null, ["anyo"]],
    ["post", "/api/escuadras", "Escuadras", 201, GrupoSchema, EscuadraEntradaSchema],
    ["get", "/api/escuadras/mia", "Escuadras", 200, MiEscuadraSchema, null],
    ["get", "/api/escuadras/pdf", "Escuadras", 200, null, null, ["anyo"]],
    [
      "post",
      "/api/escuadras/copia",
      "Escuadras",
      200,
      CopiaEscuadrasResultadoSchema,
      CopiaEscuadrasSchema,
    ],
    [
      "put",
      "/api/escuadras/desfiles/{desfile}",
      "Escuadras",
      200,
      ListaGruposSchema,
      OrdenDesfileSchema,
    ],
    ["get", "/api/escuadras/{id}", "Escuadras", 200, GrupoSchema, null],
    ["put", "/api/escuadras/{id}", "Escuadras", 200, GrupoSchema, EscuadraCambioSchema],
    ["delete", "/api/escuadras/{id}", "Escuadras", 204, null, null],
    [
      "post",
      "/api/escuadras/{id}/miembros",
      "Escuadras",
      200,
      GrupoSchema,
      MiembroEscuadraEntradaSchema,
    ],
    [
      "put",
      "/api/escuadras/{id}/miembros/{idSocio}",
      "Escuadras",
      200,
      GrupoSchema,
      RolMiembroSchema,
    ],
    ["delete", "/api/escuadras/{id}/miembros/{idSocio}", "Escuadras", 204, null, null],
    ["put", "/api/escuadras/{id}/cabo", "Escuadras", 200, GrupoSchema, CaboEntradaSchema],
    ["get", "/api/grupos", "Grupos", 200, ListaGruposSchema, null, ["clase", "anyo", "miembros"]],
    ["post", "/api/grupos", "Grupos", 201, GrupoSchema, GrupoEntradaSchema],
    ["get", "/api/grupos/{id}", "Grupos", 200, GrupoSchema, null],
    ["put", "/api/grupos/{id}", "Grupos", 200, GrupoSchema, GrupoEntradaSchema],
    ["delete", "/api/grupos/{id}", "Grupos", 204, null, null],
    ["post", "/api/grupos/{id}/miembros", "Grupos", 200, GrupoSchema, MiembroGrupoEntradaSchema],
    ["put", "/api/grupos/{id}/miembros/{idSocio}", "Grupos", 200, GrupoSchema, RolMiembroSchema],
    ["delete", "/api/grupos/{id}/miembros/{idSocio}", "Grupos", 204, null, null],
    ["get", "/api/cargos", "Cargos", 200, ListaCargosSchema, null],
    ["post", "/api/cargos", "Cargos", 201, CargoSchema, CargoEntradaSchema],
    ["get", "/api/cargos/anyo", "Cargos", 200, ListaCargosSocioSchema, null, ["anyo"]],
    ["put", "/api/cargos/{id}", "Cargos", 200, CargoSchema, CargoCambioSchema],
    ["get", "/api/socios/{id}/estructura", "Cargos", 200, EstructuraSocioSchema, null],
    ["get", "/api/socios/{id}/cargos", "Cargos", 200, ListaCargosSocioSchema, null],
    ["post", "/api/socios/{id}/cargos", "Cargos", 201, CargoSocioSchema, CargoSocioEntradaSchema],
    [
      "put",
      "/api/socios/{id}/cargos/{idCargoSocio}",
      "Cargos",
      200,
      CargoSocioSchema,
      CargoSocioEntradaSchema,
    ],
    ["delete", "/api/socios/{id}/cargos/{idCargoSocio}", "Cargos", 204, null, null],
  ];
  type Esquema = { properties?: Record<string, unknown>; enum?: unknown[] };
  type Operacion = {
    tags: string[];
    summary: string;
    parameters?: Array<{ in: string; name: string }>;
    requestBody?: { content: Record<string, { schema: Esquema }> };
    responses: Record<string, { content?: Record<string, { schema: Esquema }> }>;
  };
  const campos = (esquema: Objeto) => Object.keys(esquema.shape).sort();

  it("cada ruta con su etiqueta, su estado de éxito, su entidad, su cuerpo y sus parámetros", async () => {
    const doc = (await pedir("GET", "/api/openapi.json", undefined, null)).json();
    const rutas = Object.keys(doc.paths).filter((r) =>
      /^\/api\/(escuadras|grupos|cargos|socios\/\{id\}\/(estructura|cargos))/.test(r),
    );
    const operaciones = rutas.flatMap((r) => Object.keys(doc.paths[r]).map((m) => `${m} ${r}`));
    expect(operaciones.sort()).toEqual(RUTAS.map(([m, r]) => `${m} ${r}`).sort());

    for (const [metodo, ruta, etiqueta, estado, respuesta, cuerpo, query = []] of RUTAS) {
      const op: Operacion = doc.paths[ruta][metodo];
      const donde = `${metodo} ${ruta}`;
      expect(op.tags, donde).toEqual([etiqueta]);
      expect(op.summary, donde).not.toBe("");
      const exitos = Object.keys(op.responses).filter((s) => s.startsWith("2"));
      expect(exitos, donde).toEqual([String(estado)]);
      // Behind a session: the administrator check (or, for «mi escuadra», the session) is there.
      expect(Object.keys(op.responses), donde).toEqual(expect.arrayContaining(["401", "403"]));
      const exito = op.responses[estado]?.content?.["application/json"]?.schema;
      if (respuesta)
        expect(Object.keys(exito?.properties ?? {}).sort(), donde).toEqual(campos(respuesta));
      else if (estado === 204) expect(exito?.enum, donde).toEqual([null]);
      else expect(exito?.properties, donde).toBeUndefined();
      const enviado = op.requestBody?.content["application/json"]?.schema;
      if (cuerpo)
        expect(Object.keys(enviado?.properties ?? {}).sort(), donde).toEqual(campos(cuerpo));
      else expect(op.requestBody, donde).toBeUndefined();
      const enRuta = [...ruta.matchAll(/\{(\w+)\}/g)].map((m) => `path:${m[1]}`);
      expect(op.parameters?.map((p) => `${p.in}:${p.name}`) ?? [], donde).toEqual([
        ...enRuta,
        ...query.map((q) => `query:${q}`),
      ]);
    }
  });

  it("un id mal formado se nombra en el 400, en escuadras y en grupos", async () => {
    for (const base of ["escuadras", "grupos"]) {
      const res = await pedir("DELETE", `/api/${base}/0/miembros/-3`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain("El id del grupo no es válido");
      expect(res.body).toContain("El id del socio no es válido");
      expect((await pedir("GET", `/api/${base}/1`, undefined, festero.token)).statusCode).toBe(403);
    }
  });
});
