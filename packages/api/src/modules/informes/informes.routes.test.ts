import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let tokens: Record<"administrador" | "usuario" | "socio", string>;
let idAdmin: number;
let idTipoFester: number;
let idTipoInfantil: number;
let idTipoVacio: number;
let socios: number[];
let actos: Record<string, number>;
let alertas: number[];

const URL = "/api/informes/resumen";
const pedir = (token?: string) =>
  e.app.inject({ method: "GET", url: URL, headers: token ? bearer(token) : {} });

async function tipo(nombre: string, color: string, activo = true) {
  const t = await e.db
    .insertInto("tipo_socio")
    .values({ nombre, color, activo })
    .returning("id")
    .executeTakeFirstOrThrow();
  return t.id;
}

async function socio(nombre: string, idTipo: number | null, activo = true) {
  const s = await e.db
    .insertInto("socio")
    .values({ nombre, apellidos: "Resum", id_tipo_socio: idTipo, activo })
    .returning("id")
    .executeTakeFirstOrThrow();
  return s.id;
}

async function pago(
  importe: number,
  estado: "pendiente" | "pagado" | "devuelto" | "anulado",
  vence: string,
  fechaPago: string | null = null,
) {
  await e.db
    .insertInto("pago")
    .values({
      id_socio: socios[0],
      id_pagador: socios[0],
      anyo: 2026,
      concepto: "Quota",
      importe,
      fecha_emision: "2000-01-01",
      fecha_vencimiento: vence,
      estado,
      fecha_pago: fechaPago,
    })
    .execute();
}

async function acto(nombre: string, fecha: string, aforo: number | null, cancelado = false) {
  const a = await e.db
    .insertInto("acto")
    .values({ nombre, fecha, hora: "21:30", aforo, cancelado })
    .returning("id")
    .executeTakeFirstOrThrow();
  return a.id;
}

async function alerta(titulo: string, leidasPor: number[], noLeidasPor: number[]) {
  const a = await e.db
    .insertInto("alerta")
    .values({ titulo, destino: JSON.stringify({}), id_autor: idAdmin })
    .returning("id")
    .executeTakeFirstOrThrow();
  const filas = [
    ...leidasPor.map((u) => ({ id_alerta: a.id, id_usuario: u, leida_en: new Date() })),
    ...noLeidasPor.map((u) => ({ id_alerta: a.id, id_usuario: u, leida_en: null })),
  ];
  if (filas.length > 0) await e.db.insertInto("alerta_destinatario").values(filas).execute();
  return a.id;
}

beforeAll(async () => {
  e = await crearEntorno();
  // Accounts without a member, so that the member counts only see the fixture.
  const admin = await crearCuenta(e.db, { rol: "administrador", conSocio: false });
  const usuario = await crearCuenta(e.db, { rol: "usuario", conSocio: false });
  const socioCuenta = await crearCuenta(e.db, { rol: "socio", conSocio: false });
  idAdmin = admin.id;
  tokens = {
    administrador: await entrar(e.app, admin.email),
    usuario: await entrar(e.app, usuario.email),
    socio: await entrar(e.app, socioCuenta.email),
  };

  idTipoFester = await tipo("Fester", "#000000");
  idTipoInfantil = await tipo("Infantil", "#ffcc00");
  idTipoVacio = await tipo("Jubilat", "#a5a5a5");
  await tipo("Antic", "#ffffff", false); // inactive and without members: not listed
  socios = [
    await socio("F1", idTipoFester),
    await socio("F2", idTipoFester),
    await socio("F3", idTipoFester),
    await socio("I1", idTipoInfantil),
    await socio("S1", null),
    await socio("B1", idTipoFester, false),
    await socio("B2", idTipoInfantil, false),
  ];

  // Cents: pending 100,00 (overdue) + 50,50 (not due yet); returned 30,00; paid this year
  // 200,00 + 12,34; paid last year 999,00; cancelled 77,00.
  const hoy = hoyIso();
  const anyo = Number(hoy.slice(0, 4));
  await pago(10_000, "pendiente", "2000-01-01");
  await pago(5_050, "pendiente", "2999-12-31");
  await pago(3_000, "devuelto", "2000-01-01");
  await pago(20_000, "pagado", "2000-01-01", hoy);
  await pago(1_234, "pagado", "2000-01-01", `${anyo}-01-01`);
  await pago(99_900, "pagado", "2000-01-01", `${anyo - 1}-12-31`);
  await pago(7_700, "anulado", "2000-01-01");

  actos = {
    pasado: await acto("Pasado", "2000-04-22", 10),
    cancelado: await acto("Cancelado", "2999-01-01", 10, true),
    a: await acto("Entrada", "2999-01-02", 10),
    b: await acto("Alardo", "2999-01-03", null),
    c: await acto("Diana", "2999-01-04", 2),
    d: await acto("Sopar", "2999-01-05", 50),
    f: await acto("Processó", "2999-01-06", 50),
    g: await acto("Massa lluny", "2999-01-07", 50),
  };
  await e.db
    .insertInto("inscripcion")
    .values([
      { id_acto: actos.a, id_socio: socios[0], invitados: 2 },
      { id_acto: actos.a, id_socio: socios[1], invitados: 0 },
      { id_acto: actos.c, id_socio: socios[0], invitados: 3 },
      { id_acto: actos.b, id_socio: socios[3], invitados: 1 },
      { id_acto: actos.pasado, id_socio: socios[0], invitados: 0 },
    ])
    .execute();

  alertas = [
    await alerta("Primera", [], [admin.id]),
    await alerta("Segona", [admin.id], [usuario.id, socioCuenta.id]),
    await alerta("Tercera", [], []),
    await alerta("Quarta", [admin.id, usuario.id], [socioCuenta.id]),
  ];

  await e.db
    .insertInto("remesa")
    .values([
      { mensaje_id: "R1", fecha_cobro: "2999-01-10", hasta: "2999-01-10", estado: "generada" },
      { mensaje_id: "R2", fecha_cobro: "2999-01-11", hasta: "2999-01-11", estado: "generada" },
      { mensaje_id: "R3", fecha_cobro: "2000-01-11", hasta: "2000-01-11", estado: "cobrada" },
    ])
    .execute();
});

afterAll(async () => {
  await e?.cerrar();
});

describe("GET /api/informes/resumen: permisos", () => {
  it("sin sesión responde 401", async () => {
    const res = await pedir();
    expect(res.statusCode).toBe(401);
  });

  it.each(["usuario", "socio"] as const)("un %s recibe 403", async (rol) => {
    const res = await pedir(tokens[rol]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBeTruthy();
  });

  it("el administrador lo recibe", async () => {
    expect((await pedir(tokens.administrador)).statusCode).toBe(200);
  });
});

describe("GET /api/informes/resumen: cifras", () => {
  it("cuenta socios activos, bajas y activos por tipo con su color", async () => {
    const { socios: s } = (await pedir(tokens.administrador)).json();
    expect(s.activos).toBe(5);
    expect(s.bajas).toBe(2);
    expect(s.porTipo).toEqual([
      { idTipoSocio: idTipoFester, nombre: "Fester", color: "#000000", activos: 3 },
      { idTipoSocio: idTipoInfantil, nombre: "Infantil", color: "#ffcc00", activos: 1 },
      { idTipoSocio: idTipoVacio, nombre: "Jubilat", color: "#a5a5a5", activos: 0 },
      { idTipoSocio: null, nombre: "Sin tipo", color: "", activos: 1 },
    ]);
  });

  it("suma la deuda en euros: pendiente, devuelta, vencida y número de cargos", async () => {
    const { deuda } = (await pedir(tokens.administrador)).json();
    expect(deuda).toEqual({ pendiente: 150.5, devuelto: 30, numCargosPendientes: 2, vencida: 100 });
  });

  it("suma solo lo cobrado este año", async () => {
    expect((await pedir(tokens.administrador)).json().cobradoAnyo).toBe(212.34);
  });

  it("lista los 5 próximos actos no cancelados con inscritos (socios + invitados) y plazas", async () => {
    const { proximosActos } = (await pedir(tokens.administrador)).json();
    expect(proximosActos).toEqual([
      {
        id: actos.a,
        nombre: "Entrada",
        fecha: "2999-01-02",
        hora: "21:30",
        aforo: 10,
        numInscritos: 4,
        plazasLibres: 6,
      },
      {
        id: actos.b,
        nombre: "Alardo",
        fecha: "2999-01-03",
        hora: "21:30",
        aforo: null,
        numInscritos: 2,
        plazasLibres: null,
      },
      {
        id: actos.c,
        nombre: "Diana",
        fecha: "2999-01-04",
        hora: "21:30",
        aforo: 2,
        numInscritos: 4,
        plazasLibres: 0,
      },
      {
        id: actos.d,
        nombre: "Sopar",
        fecha: "2999-01-05",
        hora: "21:30",
        aforo: 50,
        numInscritos: 0,
        plazasLibres: 50,
      },
      {
        id: actos.f,
        nombre: "Processó",
        fecha: "2999-01-06",
        hora: "21:30",
        aforo: 50,
        numInscritos: 0,
        plazasLibres: 50,
      },
    ]);
  });

  it("muestra las 3 últimas alertas con destinatarios y leídas", async () => {
    const { ultimasAlertas } = (await pedir(tokens.administrador)).json();
    expect(
      ultimasAlertas.map(
        (a: { id: number; titulo: string; destinatarios: number; leidas: number }) => [
          a.id,
          a.titulo,
          a.destinatarios,
          a.leidas,
        ],
      ),
    ).toEqual([
      [alertas[3], "Quarta", 3, 2],
      [alertas[2], "Tercera", 0, 0],
      [alertas[1], "Segona", 3, 1],
    ]);
    expect(Number.isNaN(Date.parse(ultimasAlertas[0].creadaEn))).toBe(false);
  });

  it("cuenta las remesas generadas aún no cobradas", async () => {
    expect((await pedir(tokens.administrador)).json().remesasPendientes).toBe(2);
  });
});
