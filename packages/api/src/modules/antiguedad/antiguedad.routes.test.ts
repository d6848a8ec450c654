import { hoyIso } from "@fila/domain";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { antiguedadesEn } from "../socios/antiguedad.repository.js";

let e: Entorno;
let admin: string;
let usuario: { token: string; idSocio: number };

const ANYO = Number(hoyIso().slice(0, 4));

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const cuenta = await crearCuenta(e.db);
  usuario = { token: await entrar(e.app, cuenta.email), idSocio: cuenta.idSocio as number };
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

let n = 0;
async function socio(datos: { fecha_alta?: string; id_tipo_socio?: number; nombre?: string }) {
  n += 1;
  const { id } = await e.db
    .insertInto("socio")
    .values({ nombre: datos.nombre ?? `Festero${n}`, apellidos: `Antiguo ${n}`, ...datos })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const periodos = (id: number) =>
  e.db
    .selectFrom("socio_periodo")
    .select(["desde", "hasta", "id_tipo_socio"])
    .where("id_socio", "=", id)
    .orderBy("desde")
    .execute();

describe("periodos y antigüedad", () => {
  it("el alta de un socio abre su periodo desde la fecha de alta y cuenta los años", async () => {
    const id = await socio({ fecha_alta: `${ANYO - 10}-01-01` });
    expect(await periodos(id)).toEqual([
      { desde: `${ANYO - 10}-01-01`, hasta: null, id_tipo_socio: null },
    ]);
    const res = await pedir("GET", `/api/socios/${id}/antiguedad`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      idSocio: id,
      festero: 10,
      infantil: 0,
      recompensas: 10,
      desde: `${ANYO - 10}-01-01`,
      porPeriodos: true,
      concedidas: [],
    });
    expect((await antiguedadesEn(e.db, [id], `${ANYO}-06-01`)).get(id)).toBe(10);
  });

  it("la baja cierra el periodo y la vuelta abre otro: conserva los años de antes", async () => {
    const id = await socio({ fecha_alta: `${ANYO - 20}-03-01` });
    const baja = await pedir("POST", `/api/socios/${id}/baja`, {
      fechaBaja: `${ANYO - 8}-03-01`,
      motivoBaja: "Se va a vivir fuera",
    });
    expect(baja.statusCode).toBe(200);
    expect(await periodos(id)).toEqual([
      { desde: `${ANYO - 20}-03-01`, hasta: `${ANYO - 8}-03-01`, id_tipo_socio: null },
    ]);
    expect((await pedir("POST", `/api/socios/${id}/alta`)).statusCode).toBe(200);
    const tras = await periodos(id);
    expect(tras).toHaveLength(2);
    expect(tras[1]).toEqual({ desde: hoyIso(), hasta: null, id_tipo_socio: null });
    const a = (await pedir("GET", `/api/socios/${id}/antiguedad`)).json();
    expect(a.festero).toBe(12);
    expect(a.periodos).toHaveLength(2);
  });

  it("la junta edita los periodos (auditado); un solape es 409 y no escribe nada", async () => {
    const id = await socio({ fecha_alta: `${ANYO - 5}-01-01` });
    const solapado = await pedir("POST", `/api/socios/${id}/periodos`, {
      desde: `${ANYO - 6}-01-01`,
      hasta: `${ANYO - 4}-01-01`,
    });
    expect(solapado.statusCode).toBe(409);
    expect(solapado.json().mensaje).toBe("Los periodos de un socio no pueden solaparse.");
    expect(await periodos(id)).toHaveLength(1);

    const previo = await pedir("POST", `/api/socios/${id}/periodos`, {
      desde: `${ANYO - 15}-01-01`,
      hasta: `${ANYO - 10}-01-01`,
    });
    expect(previo.statusCode).toBe(201);
    expect((await pedir("GET", `/api/socios/${id}/antiguedad`)).json().festero).toBe(10);

    const corregido = await pedir("PUT", `/api/socios/${id}/periodos/${previo.json().id}`, {
      desde: `${ANYO - 16}-01-01`,
      hasta: `${ANYO - 10}-01-01`,
    });
    expect(corregido.statusCode).toBe(200);
    expect((await pedir("GET", `/api/socios/${id}/antiguedad`)).json().festero).toBe(11);

    const mal = await pedir("PUT", `/api/socios/${id}/periodos/${previo.json().id}`, {
      desde: `${ANYO - 16}-01-01`,
      hasta: `${ANYO - 17}-01-01`,
    });
    expect(mal.statusCode).toBe(400);
    const extra = await pedir("POST", `/api/socios/${id}/periodos`, {
      desde: `${ANYO - 30}-01-01`,
      hasta: `${ANYO - 29}-01-01`,
      sobra: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.body).toContain("sobra");

    expect(
      (await pedir("DELETE", `/api/socios/${id}/periodos/${previo.json().id}`)).statusCode,
    ).toBe(204);
    expect(
      (await pedir("DELETE", `/api/socios/${id}/periodos/${previo.json().id}`)).statusCode,
    ).toBe(404);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "socio")
      .where("id_entidad", "=", id)
      .orderBy("id")
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual([
      "periodo_crear",
      "periodo_modificar",
      "periodo_borrar",
    ]);
  });

  it("los años de un tipo que «cuenta como infantil» van aparte; el cambio de tipo parte el periodo", async () => {
    const { id: infantil } = await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Infantil antigüedad" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: fester } = await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Fester antigüedad" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ajuste = await pedir("PUT", "/api/antiguedad/ajustes", { idsTipoInfantil: [infantil] });
    expect(ajuste.statusCode).toBe(200);
    expect((await pedir("GET", "/api/antiguedad/ajustes")).json()).toEqual({
      idsTipoInfantil: [infantil],
    });
    expect(
      (await pedir("PUT", "/api/antiguedad/ajustes", { idsTipoInfantil: [999_999] })).statusCode,
    ).toBe(400);

    const id = await socio({ fecha_alta: `${ANYO - 12}-01-01`, id_tipo_socio: infantil });
    await e.db
      .updateTable("socio_periodo")
      .set({ hasta: `${ANYO - 2}-01-01` })
      .where("id_socio", "=", id)
      .execute();
    await e.db
      .insertInto("socio_periodo")
      .values({ id_socio: id, desde: `${ANYO - 2}-01-01`, id_tipo_socio: fester })
      .execute();
    const a = (await pedir("GET", `/api/socios/${id}/antiguedad`)).json();
    expect(a).toMatchObject({ festero: 2, infantil: 10, desde: `${ANYO - 2}-01-01` });
    expect(a.primeraEntrada).toBe(`${ANYO - 12}-01-01`);

    // Today's change of type closes the open period today and opens one with the new type.
    await e.db.updateTable("socio").set({ id_tipo_socio: fester }).where("id", "=", id).execute();
    const tras = await periodos(id);
    expect(tras.slice(-2)).toEqual([
      { desde: `${ANYO - 2}-01-01`, hasta: hoyIso(), id_tipo_socio: fester },
      { desde: hoyIso(), hasta: null, id_tipo_socio: fester },
    ]);
    // Changed again the same day: the period that began today is retyped, not split again.
    await e.db.updateTable("socio").set({ id_tipo_socio: infantil }).where("id", "=", id).execute();
    expect((await periodos(id)).slice(-1)).toEqual([
      { desde: hoyIso(), hasta: null, id_tipo_socio: infantil },
    ]);
  });

  it("el socio ve su antigüedad; la de otro no; sin sesión, 401", async () => {
    const propia = await pedir(
      "GET",
      `/api/socios/${usuario.idSocio}/antiguedad`,
      undefined,
      usuario.token,
    );
    expect(propia.statusCode).toBe(200);
    const otro = await socio({});
    expect(
      (await pedir("GET", `/api/socios/${otro}/antiguedad`, undefined, usuario.token)).statusCode,
    ).toBe(403);
    expect(
      (await pedir("GET", `/api/socios/${otro}/periodos`, undefined, usuario.token)).statusCode,
    ).toBe(403);
    expect((await pedir("GET", `/api/socios/${otro}/antiguedad`, undefined, null)).statusCode).toBe(
      401,
    );
    expect((await pedir("GET", "/api/socios/999999/antiguedad")).statusCode).toBe(404);
  });
});

describe("recompensas", () => {
  let plata: number;
  let justo: number;
  let cargo: number;

  beforeAll(async () => {
    const lista = (await pedir("GET", "/api/recompensas")).json().items;
    plata = lista.find((r: { anyos: number }) => r.anyos === 25).id;
    // 25 years on 15 July of this year: due this year, not last year, not next year.
    justo = await socio({ fecha_alta: `${ANYO - 25}-07-15`, nombre: "Justo" });
    // 24 years this year, but a year as capitán (weight 1) brings it forward.
    cargo = await socio({ fecha_alta: `${ANYO - 24}-03-01`, nombre: "Capità" });
    const { id: capitan } = await e.db
      .insertInto("cargo")
      .values({ codigo: "capitan-prueba", nombre: "Capitán de prueba", peso: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("socio_cargo")
      .values({
        id_socio: cargo,
        id_cargo: capitan,
        desde: `${ANYO - 5}-01-01`,
        hasta: `${ANYO - 5}-12-31`,
      })
      .execute();
  });

  const candidatos = async (anyo: number) =>
    (await pedir("GET", `/api/recompensas/candidatos?anyo=${anyo}`)).json().items as {
      socio: { id: number };
      recompensa: { id: number };
      anyosRecompensas: number;
    }[];

  it("vence el año exacto: ni el anterior ni el siguiente; el peso de un cargo adelanta", async () => {
    const este = await candidatos(ANYO);
    expect(este.filter((c) => c.socio.id === justo).map((c) => c.recompensa.id)).toEqual([plata]);
    expect(este.find((c) => c.socio.id === justo)?.anyosRecompensas).toBe(25);
    expect(este.find((c) => c.socio.id === cargo)?.anyosRecompensas).toBe(25);
    expect((await candidatos(ANYO - 1)).some((c) => c.socio.id === justo)).toBe(false);
    expect((await candidatos(ANYO + 1)).some((c) => c.socio.id === justo)).toBe(false);
    expect((await candidatos(ANYO + 1)).some((c) => c.socio.id === cargo)).toBe(false);
  });

  it("conceder (auditado) la saca de candidatos; concederla otra vez es 409; diploma en PDF", async () => {
    const res = await pedir("POST", `/api/recompensas/${plata}/concesiones`, {
      idSocio: justo,
      anyo: ANYO,
    });
    expect(res.statusCode).toBe(201);
    const concesion = res.json();
    expect(concesion).toMatchObject({
      socio: { id: justo },
      recompensa: { id: plata },
      anyo: ANYO,
    });
    const otra = await pedir("POST", `/api/recompensas/${plata}/concesiones`, {
      idSocio: justo,
      anyo: ANYO,
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toContain("ya tiene la recompensa «Insignia de plata»");
    expect((await candidatos(ANYO)).some((c) => c.socio.id === justo)).toBe(false);

    const ficha = (await pedir("GET", `/api/socios/${justo}/antiguedad`)).json();
    expect(ficha.concedidas).toMatchObject([{ idRecompensa: plata, anyo: ANYO }]);

    const diploma = await pedir("GET", `/api/recompensas/concesiones/${concesion.id}/diploma`);
    expect(diploma.statusCode).toBe(200);
    expect(diploma.headers["content-type"]).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(diploma.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain("Justo");
    expect(text).toContain("Insignia de plata");

    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "socio")
      .where("id_entidad", "=", justo)
      .execute();
    expect(auditoria.map((a) => a.accion)).toContain("recompensa_conceder");

    const lista = (await pedir("GET", `/api/recompensas/concesiones?anyo=${ANYO}`)).json().items;
    expect(lista.map((c: { id: number }) => c.id)).toContain(concesion.id);
    expect((await pedir("DELETE", `/api/recompensas/concesiones/${concesion.id}`)).statusCode).toBe(
      204,
    );
    expect((await candidatos(ANYO)).some((c) => c.socio.id === justo)).toBe(true);
  });

  it("las reglas: crear, nombre repetido 409, modificar; el socio no las ve", async () => {
    const creada = await pedir("POST", "/api/recompensas", {
      nombre: "Insignia de bronce",
      anyos: 10,
    });
    expect(creada.statusCode).toBe(201);
    expect(
      (await pedir("POST", "/api/recompensas", { nombre: "insignia de bronce", anyos: 12 }))
        .statusCode,
    ).toBe(409);
    const mod = await pedir("PUT", `/api/recompensas/${creada.json().id}`, {
      nombre: "Insignia de bronce",
      anyos: 15,
      activa: false,
    });
    expect(mod.json()).toMatchObject({ anyos: 15, activa: false, concedidas: 0 });
    expect((await pedir("GET", "/api/recompensas", undefined, usuario.token)).statusCode).toBe(403);
    expect(
      (await pedir("GET", `/api/recompensas/candidatos?anyo=${ANYO}`, undefined, usuario.token))
        .statusCode,
    ).toBe(403);
    expect((await pedir("GET", "/api/recompensas/candidatos?anyo=abc")).statusCode).toBe(400);
  });
});
