import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let admin: string;
let usuario: string;
let tipoFester: number;
let tipoInfantil: number;

const ANYO = Number(hoyIso().slice(0, 4));

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  usuario = await entrar(e.app, (await crearCuenta(e.db)).email);
  tipoFester = (
    await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Fester censo" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  tipoInfantil = (
    await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Infantil censo" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await e?.cerrar();
});

const pedir = (
  method: "GET" | "POST" | "PUT",
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
async function festero(datos: { tipo?: number; fecha_alta?: string } = {}) {
  n += 1;
  const { id } = await e.db
    .insertInto("socio")
    .values({
      nombre: `Censado${n}`,
      apellidos: `Federació ${String(n).padStart(2, "0")}`,
      nif: `${String(10_000_000 + n)}X`,
      fecha_nacimiento: "1990-02-03",
      anyo_alta: ANYO - 10,
      fecha_alta: datos.fecha_alta ?? `${ANYO - 10}-01-01`,
      id_tipo_socio: datos.tipo ?? tipoFester,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

type Fila = {
  idSocio: number;
  apellidos: string;
  antiguedad: number;
  cargo: string;
  escuadra: string;
};

describe("censo de la federación", () => {
  it("los ajustes: por defecto vacíos; campos desconocidos o tipos que no existen, 400", async () => {
    const res = await pedir("GET", "/api/federacion/ajustes");
    expect(res.statusCode).toBe(200);
    const vacios = res.json() as Record<string, unknown>;
    expect(res.json()).toEqual({
      fiestasDesde: null,
      fiestasHasta: null,
      idsTipoSocio: [],
      columnas: {},
    });
    const extra = await pedir("PUT", "/api/federacion/ajustes", { ...vacios, sobra: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.body).toContain("sobra");
    expect(
      (await pedir("PUT", "/api/federacion/ajustes", { ...vacios, idsTipoSocio: [999_999] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await pedir("PUT", "/api/federacion/ajustes", {
          ...vacios,
          fiestasDesde: `${ANYO}-04-25`,
          fiestasHasta: `${ANYO}-04-22`,
        })
      ).statusCode,
    ).toBe(400);
    const guardado = await pedir("PUT", "/api/federacion/ajustes", {
      fiestasDesde: `${ANYO}-04-22`,
      fiestasHasta: `${ANYO}-04-24`,
      idsTipoSocio: [tipoFester],
      columnas: { nif: "DNI", escuadra: "Esquadra" },
    });
    expect(guardado.statusCode).toBe(200);
    expect(guardado.json().columnas).toEqual({ nif: "DNI", escuadra: "Esquadra" });
    expect((await pedir("GET", "/api/federacion/ajustes", undefined, usuario)).statusCode).toBe(
      403,
    );
  });

  it("vista previa con antigüedad, cargo y escuadra del año; un GET no registra nada", async () => {
    const a = await festero();
    const b = await festero();
    const nino = await festero({ tipo: tipoInfantil });
    const { id: escuadra } = await e.db
      .insertInto("grupo")
      .values({ clase: "escuadra", anyo: ANYO, nombre: "Escuadra Negra", tipo: "ordinaria" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("grupo_miembro")
      .values({ id_grupo: escuadra, clase: "escuadra", anyo: ANYO, id_socio: a })
      .execute();
    const { id: cabo } = await e.db
      .insertInto("cargo")
      .values({ codigo: "cabo-censo", nombre: "Cabo", peso: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("socio_cargo")
      .values({ id_socio: a, id_cargo: cabo, desde: `${ANYO}-01-01`, hasta: `${ANYO}-12-31` })
      .execute();

    const res = await pedir("GET", `/api/federacion/censo?anyo=${ANYO}`);
    expect(res.statusCode).toBe(200);
    const censo = res.json();
    const ids = censo.filas.map((f: Fila) => f.idSocio);
    expect(ids).toContain(a);
    expect(ids).toContain(b);
    expect(ids).not.toContain(nino);
    const filaA = censo.filas.find((f: Fila) => f.idSocio === a);
    expect(filaA).toMatchObject({
      antiguedad: 10,
      cargo: "Cabo",
      escuadra: "Escuadra Negra",
      nif: "10000001X",
    });
    expect(censo.columnas[0]).toEqual({ campo: "nif", nombre: "DNI" });
    expect(censo.ultimoEnvio).toBeNull();
    expect(censo.cambios.altas).toHaveLength(censo.filas.length);
    expect((await pedir("GET", "/api/federacion/censo/envios")).json().items).toEqual([]);
  });

  it("tras marcar el censo como enviado, los cambios cuentan desde él: altas, bajas y datos", async () => {
    const envio = await pedir("POST", "/api/federacion/censo/envios", { anyo: ANYO });
    expect(envio.statusCode).toBe(201);
    expect(envio.json()).toMatchObject({ anyo: ANYO, bajas: 0, modificados: 0 });
    const antes = (await pedir("GET", `/api/federacion/censo?anyo=${ANYO}`)).json();
    expect(antes.cambios).toEqual({ altas: [], bajas: [], modificados: [] });
    expect(antes.ultimoEnvio).toMatchObject({ id: envio.json().id, total: antes.filas.length });

    const [primera, segunda] = antes.filas as Fila[];
    const baja = await pedir("POST", `/api/socios/${primera.idSocio}/baja`, {
      motivoBaja: "Deja la filà",
    });
    expect(baja.statusCode).toBe(200);
    await e.db
      .updateTable("socio")
      .set({ apellidos: "Canviat Cognom" })
      .where("id", "=", segunda.idSocio)
      .execute();
    const nueva = await festero();

    const despues = (await pedir("GET", `/api/federacion/censo?anyo=${ANYO}`)).json();
    expect(despues.cambios.altas.map((f: Fila) => f.idSocio)).toEqual([nueva]);
    expect(despues.cambios.bajas.map((f: Fila) => f.idSocio)).toEqual([primera.idSocio]);
    expect(despues.cambios.modificados).toEqual([
      {
        fila: expect.objectContaining({ idSocio: segunda.idSocio }),
        campos: [{ campo: "apellidos", antes: segunda.apellidos, despues: "Canviat Cognom" }],
      },
    ]);

    const otro = await pedir("POST", "/api/federacion/censo/envios", { anyo: ANYO });
    expect(otro.json()).toMatchObject({ altas: 1, bajas: 1, modificados: 1 });
    expect((await pedir("GET", `/api/federacion/censo?anyo=${ANYO}`)).json().cambios).toEqual({
      altas: [],
      bajas: [],
      modificados: [],
    });
    const envios = (await pedir("GET", "/api/federacion/censo/envios")).json().items;
    expect(envios.map((x: { id: number }) => x.id)).toEqual([otro.json().id, envio.json().id]);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "federacion_censo_envio")
      .execute();
    expect(auditoria).toHaveLength(2);
  });

  it("descargas en xlsx, csv y pdf con los nombres de columna de la federación; el seguro", async () => {
    const csv = await pedir("GET", `/api/federacion/censo?anyo=${ANYO}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain(`censo-federacion-${ANYO}`);
    expect(csv.body).toContain("DNI;");
    expect(csv.body).toContain("Esquadra");
    const xlsx = await pedir("GET", `/api/federacion/censo?anyo=${ANYO}&formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const pdf = await pedir("GET", `/api/federacion/censo?anyo=${ANYO}&formato=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    expect((await pedir("GET", `/api/federacion/censo?formato=doc`)).statusCode).toBe(400);

    // A festero who joins after the festival is not insured for it.
    const tarde = await festero({ fecha_alta: `${ANYO}-05-01` });
    const seguro = (await pedir("GET", `/api/federacion/seguro?anyo=${ANYO}`)).json();
    expect(seguro).toMatchObject({ fiestasDesde: `${ANYO}-04-22`, fiestasHasta: `${ANYO}-04-24` });
    expect(seguro.filas.length).toBeGreaterThan(0);
    expect(seguro.filas.some((f: Fila) => f.idSocio === tarde)).toBe(false);
    const seguroCsv = await pedir("GET", `/api/federacion/seguro?anyo=${ANYO}&formato=csv`);
    expect(seguroCsv.statusCode).toBe(200);
    expect(seguroCsv.body).toContain("DNI;");
    expect(
      (await pedir("GET", `/api/federacion/censo?anyo=${ANYO}`, undefined, usuario)).statusCode,
    ).toBe(403);
  });
});
