import { hoyIso, type Informe } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

// The reports agree with the rules of the rest of the app (issue 32, items 6 and 7): each case
// has its own member or event, on a database of its own, so no figure of
// informes-tablas.routes.test.ts moves.

let e: Entorno;
let token: string;
const hoy = hoyIso();

async function informe(id: string, filtros: string): Promise<Informe> {
  const res = await e.app.inject({
    method: "GET",
    url: `/api/informes/${id}?pageSize=500&${filtros}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function tipo(nombre: string) {
  const t = await e.db
    .insertInto("tipo_socio")
    .values({ nombre, color: "#000000" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return t.id;
}

async function socio(nombre: string, datos: { tipo?: number; nacimiento?: string } = {}) {
  const s = await e.db
    .insertInto("socio")
    .values({
      nombre,
      apellidos: "Regla",
      id_tipo_socio: datos.tipo ?? null,
      fecha_nacimiento: datos.nacimiento ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return s.id;
}

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador", conSocio: false });
  token = await entrar(e.app, admin.email);
});

afterAll(async () => {
  await e?.cerrar();
});

describe("cumpleaños del 29 de febrero (cuentan el 1 de marzo en los años no bisiestos)", () => {
  beforeAll(async () => {
    await socio("Bisiesta", { nacimiento: "2000-02-29" });
  });

  const nombres = (inf: Informe) => inf.filas.map((f) => f.socio);

  it("en 2026 no sale en febrero y sale en marzo, el 1 de marzo, con los años que cumple", async () => {
    expect(nombres(await informe("cumpleanyos", "anyo=2026&mes=2"))).not.toContain(
      "Regla, Bisiesta",
    );
    const marzo = await informe("cumpleanyos", "anyo=2026&mes=3");
    expect(marzo.filas).toContainEqual(
      expect.objectContaining({ socio: "Regla, Bisiesta", dia: "01/03", edad: 26 }),
    );
  });

  it("en 2028 (bisiesto) sale en febrero, el 29, y no en marzo", async () => {
    const febrero = await informe("cumpleanyos", "anyo=2028&mes=2");
    expect(febrero.filas).toContainEqual(
      expect.objectContaining({ socio: "Regla, Bisiesta", dia: "29/02", edad: 28 }),
    );
    expect(nombres(await informe("cumpleanyos", "anyo=2028&mes=3"))).not.toContain(
      "Regla, Bisiesta",
    );
  });

  it("un periodo que cruza el año sale una sola vez, en su fecha", async () => {
    const inf = await informe("cumpleanyos", "desde=2025-12-01&hasta=2026-03-01");
    expect(inf.filas.filter((f) => f.socio === "Regla, Bisiesta")).toEqual([
      expect.objectContaining({ dia: "01/03", edad: 26 }),
    ]);
  });
});

describe("deudas: un cargo que vence hoy", () => {
  it("está en una sola columna (no vencido) y la columna de vencido dice 1–30 días", async () => {
    const hoyTipo = await tipo("Vence hoy");
    const id = await socio("Hoy", { tipo: hoyTipo });
    await e.db
      .insertInto("pago")
      .values({
        id_socio: id,
        id_pagador: id,
        anyo: Number(hoy.slice(0, 4)),
        concepto: "Quota",
        importe: 1_234,
        fecha_emision: hoy,
        fecha_vencimiento: hoy,
        estado: "pendiente",
      })
      .execute();
    const inf = await informe("deudas", `tipo=${hoyTipo}`);
    expect(inf.filas).toEqual([
      expect.objectContaining({ noVencido: 12.34, d30: 0, d90: 0, mas90: 0, total: 12.34 }),
    ]);
    expect(inf.columnas.find((c) => c.clave === "d30")?.titulo).toBe("Vencido 1–30 días");
    expect(inf.grafico?.datos.map((d) => d.tramo)).toEqual([
      "No vencido",
      "1–30 días",
      "31–90 días",
      "Más de 90 días",
    ]);
  });
});

describe("recaudación: cada título dice por qué fecha agrupa", () => {
  it("la tabla por mes de vencimiento, el gráfico por mes de pago", async () => {
    const inf = await informe("recaudacion", "anyo=2026&desglose=mes");
    expect(inf.columnas[0].titulo).toBe("Mes de vencimiento");
    expect(inf.grafico?.titulo).toBe("Cobrado por mes de pago: 2026 frente a 2025");
  });
});

describe("inscripciones: las plazas ocupadas son acto.ocupadas", () => {
  it("cuenta socios e invitados como el contador del acto, y lee el contador", async () => {
    const [ana, berta] = [await socio("Ana"), await socio("Berta")];
    const acto = await e.db
      .insertInto("acto")
      .values({ nombre: "Sopar de regla", fecha: "2026-05-10", hora: "21:00", aforo: 20 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("inscripcion")
      .values([
        { id_acto: acto.id, id_socio: ana, invitados: 3 },
        { id_acto: acto.id, id_socio: berta, invitados: 0 },
      ])
      .execute();
    const periodo = "desde=2026-05-10&hasta=2026-05-10";
    const leerOcupadas = async () =>
      (
        await e.db
          .selectFrom("acto")
          .select("ocupadas")
          .where("id", "=", acto.id)
          .executeTakeFirstOrThrow()
      ).ocupadas;

    const fila = (await informe("inscripciones", periodo)).filas[0];
    expect(fila).toMatchObject({ socios: 2, invitados: 3, plazas: await leerOcupadas() });
    expect(fila.plazas).toBe(5);

    // The counter is the only source: the report follows it even where a recount would differ
    // (as it will once a wait-list keeps enrolments that take no place).
    await e.db.updateTable("acto").set({ ocupadas: 4 }).where("id", "=", acto.id).execute();
    const otra = await informe("inscripciones", periodo);
    expect(otra.filas[0]).toMatchObject({ plazas: 4, ocupacion: 20 });
    expect(otra.totales?.plazas).toBe(4);
  });
});
