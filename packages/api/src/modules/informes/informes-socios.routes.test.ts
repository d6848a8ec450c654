import { type InformeQuery, InformeQuerySchema } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { type Consulta, InformesConsultasRepository } from "./informes-consultas.repository.js";

// Issue 51: the member reports choose a page's rows first (`Consulta.pagina`) and add up their
// totals apart (`Consulta.totales`), and the birthdays read only the members whose day can fall in
// the period. Whatever the path, the rows, their order and the totals are the report's whole query
// numbered and cut (as every report was before), and the birthdays are the domain's rule.

let e: Entorno;
let token: string;
let repo: InformesConsultasRepository;
let tipos: { fester: number; infantil: number };
const HOY = "2027-06-15";

const consultaEntera = ({ sql, sumar }: Consulta): Consulta => ({ sql, sumar });

async function socio(
  nombre: string,
  apellidos: string,
  datos: { tipo?: number; activo?: boolean; nacimiento?: string | null; derrama?: number } = {},
) {
  const fila = await e.db
    .insertInto("socio")
    .values({
      nombre,
      apellidos,
      id_tipo_socio: datos.tipo ?? tipos.fester,
      activo: datos.activo ?? true,
      fecha_nacimiento: datos.nacimiento ?? null,
      importe_derrama: datos.derrama ?? 0,
      anyos_pago_derrama: datos.derrama ? 3 : 0,
      tipo_derrama: datos.derrama ? "completa" : "no aplica",
      telefono: "600000000",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function cargo(
  id_socio: number,
  id_producto: number | null,
  importe: number,
  estado: "pendiente" | "pagado" | "devuelto" | "anulado",
) {
  await e.db
    .insertInto("pago")
    .values({
      id_socio,
      id_pagador: id_socio,
      id_producto,
      anyo: 2027,
      concepto: "Cargo",
      importe,
      fecha_emision: "2027-01-01",
      fecha_vencimiento: "2027-02-01",
      estado,
      fecha_pago: estado === "pagado" ? "2027-02-01" : null,
    })
    .execute();
}

const q = (texto: string): InformeQuery =>
  InformeQuerySchema.parse(Object.fromEntries(new URLSearchParams(texto)));

/** Every page of `c` (size `tamanyo`) against the whole query numbered and cut, and its totals. */
async function comparar(c: Consulta, tamanyo: number) {
  const entera = consultaEntera(c);
  const todas = await repo.filas(entera);
  const totales = await repo.totales(entera);
  expect(todas.length).toBeGreaterThan(tamanyo);
  for (let page = 1; page <= Math.ceil(todas.length / tamanyo) + 1; page++) {
    const pagina = { page, pageSize: tamanyo };
    const esperadas = todas.slice((page - 1) * tamanyo, page * tamanyo);
    expect(await repo.filas(c, pagina)).toEqual(esperadas);
    const conTotales = (await repo.paginaConTotales(c, pagina)) ?? {
      filas: [],
      ...(await repo.totales(c)),
    };
    expect(conTotales).toEqual({ filas: esperadas, ...totales });
  }
  expect(await repo.totales(c)).toEqual(totales);
  // A file reads every row in batches: the same rows.
  const tandas = [];
  for await (const tanda of repo.tandas(c, 4)) tandas.push(...tanda);
  expect(tandas).toEqual(todas);
  return { todas, totales };
}

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador", conSocio: false });
  token = await entrar(e.app, admin.email);
  repo = new InformesConsultasRepository(e.db);
  const tipo = async (nombre: string) =>
    (
      await e.db
        .insertInto("tipo_socio")
        .values({ nombre, color: "#000000" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  tipos = { fester: await tipo("Fester"), infantil: await tipo("Infantil") };
  const derrama = (
    await e.db
      .insertInto("producto")
      .values({ nombre: "Derrama 2027", anyo: 2027, tipo: "derrama" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const cuota = (
    await e.db
      .insertInto("producto")
      .values({ nombre: "Cuota 2027", anyo: 2027, tipo: "cuota" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  // Two members with the same `orden_apellidos` («pla roig anna») and a different `orden_nombre`:
  // the order's second key decides between them (the first inserted, with the lower id, goes
  // second).
  await socio("Roig Anna", "Pla", { nacimiento: "1992-02-29", derrama: 30000 });
  await socio("Anna", "Pla Roig", { nacimiento: "1990-02-28", derrama: 30000 });
  const nacimientos = [
    "2000-02-29",
    "1984-02-29",
    "1970-03-01",
    "1975-12-31",
    "1980-01-01",
    "1999-06-15",
    "2010-06-16",
    "1965-12-15",
    "1988-01-15",
    null,
  ];
  for (let i = 0; i < 24; i++) {
    const id = await socio(
      `Nom${String(i).padStart(2, "0")}`,
      ["Vidal", "Ñúñez", "Álvarez", "Pérez"][i % 4],
      {
        tipo: i % 3 === 0 ? tipos.infantil : tipos.fester,
        activo: i % 5 !== 0,
        nacimiento: nacimientos[i % nacimientos.length],
        derrama: i % 2 === 0 ? 10000 + i * 101 : 0,
      },
    );
    if (i % 2 === 0) {
      await cargo(id, derrama, 3333 + i, "pagado");
      if (i % 4 === 0) await cargo(id, derrama, 20000, "pagado");
      await cargo(id, derrama, 1111, "pendiente");
    }
    await cargo(id, cuota, 5000, (["pendiente", "pagado", "devuelto", "anulado"] as const)[i % 4]);
  }
});
afterAll(() => e?.cerrar());

describe("informes de socios: la página primero y los totales aparte (issue 51)", () => {
  it.each([
    "",
    "activo=1",
    `tipo=__fester__&activo=0`,
    "q=pla",
    "sexo=mujer",
    "conDeuda=1",
    "conDeuda=0&activo=1",
    "columnas=apellidos,nombre,edad,activo",
  ])("socios «%s»: cada página y los totales, como la consulta entera", async (filtros) => {
    const f = q(filtros.replace("__fester__", String(tipos.fester)));
    const c = repo.socios(f, f.columnas ?? ["matricula", "apellidos", "nombre", "tipo"], HOY);
    expect(c.pagina).toBeDefined();
    if (filtros === "" || filtros === "activo=1") await comparar(c, 3);
    else {
      const entera = consultaEntera(c);
      const todas = await repo.filas(entera);
      expect(await repo.filas(c, { page: 1, pageSize: 500 })).toEqual(todas);
      expect(await repo.totales(c)).toEqual(await repo.totales(entera));
    }
  });

  it("socios: los dos de «pla roig anna» por su segunda clave, en la página y en el fichero", async () => {
    const c = repo.socios(q(""), ["apellidos", "nombre"], HOY);
    const { todas } = await comparar(c, 3);
    const pla = todas.filter((f) => String(f.apellidos).startsWith("Pla"));
    expect(pla.map((f) => f.nombre)).toEqual(["Anna", "Roig Anna"]);
  });

  it.each(["", "activo=1", "activo=0", `tipo=__fester__`])(
    "derrama «%s»: cada página y los totales, como la consulta entera",
    async (filtros) => {
      const c = repo.derrama(q(filtros.replace("__fester__", String(tipos.fester))));
      expect(c.pagina).toBeDefined();
      expect(c.totales).toBeDefined();
      if (filtros === "" || filtros === "activo=1") {
        const { totales } = await comparar(c, 3);
        expect(totales.sumas.pagado).toBeGreaterThan(0);
        expect(totales.sumas.pendiente).toBeGreaterThan(0);
      } else {
        const entera = consultaEntera(c);
        expect(await repo.filas(c, { page: 1, pageSize: 500 })).toEqual(await repo.filas(entera));
        expect(await repo.totales(c)).toEqual(await repo.totales(entera));
      }
    },
  );

  it("por la API: la página 2 de socios y de derrama son las filas 4 a 6 de la lista entera", async () => {
    for (const id of ["socios", "derrama"]) {
      const pedir = async (consulta: string) => {
        const res = await e.app.inject({
          url: `/api/informes/${id}?${consulta}`,
          headers: bearer(token),
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const entera = await pedir("pageSize=500");
      const pagina = await pedir("page=2&pageSize=3");
      expect(pagina.filas).toEqual(entera.filas.slice(3, 6));
      expect(pagina.total).toBe(entera.total);
      expect(pagina.totales).toEqual(entera.totales);
    }
  });
});

const esBisiesto = (a: number) => new Date(Date.UTC(a, 1, 29)).getUTCDate() === 29;

describe("informe de puntos: la página numerada por puntos, los nombres solo de sus empates (issue 51)", () => {
  beforeAll(async () => {
    const acto = async (fecha: string, puntos: number) =>
      (
        await e.db
          .insertInto("acto")
          .values({ nombre: `Acto ${fecha} ${puntos}`, fecha, hora: "20:00", puntos })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const actos = [
      await acto("2027-01-20", 5),
      await acto("2027-04-22", 5),
      await acto("2027-07-18", 3),
      await acto("2026-04-22", 7),
    ];
    const socios = await e.db.selectFrom("socio").select("id").orderBy("id").execute();
    // Points 0, 3, 5, 8, 10 and 13 this year in runs of several members: ties at every page
    // boundary of 3 and 4, and some with points only in 2026.
    const filas = socios.flatMap(({ id }, i) =>
      actos
        .filter((_, k) => (i >> k) & 1)
        .map((id_acto, k) => ({
          id_acto,
          id_socio: id,
          invitados: 0,
          asistio: k !== 1 || i % 3 > 0,
        })),
    );
    await e.db.insertInto("inscripcion").values(filas).execute();
  });

  it.each([
    [2027, 3],
    [2027, 4],
    [undefined, 5],
  ] as const)(
    "año %s, páginas de %i: cada página y los totales, como la consulta entera",
    async (anyo, tamanyo) => {
      const c = repo.puntos(anyo);
      expect(c.pagina).toBeDefined();
      const { todas } = await comparar(c, tamanyo);
      // Ties on points ordered by surname and name, as the events' ranking.
      const puntos = todas.map((f) => Number(f.puntos));
      expect(puntos).toEqual([...puntos].sort((a, b) => b - a));
      expect(new Set(puntos).size).toBeLessThan(puntos.length);
    },
  );
});

describe("informe de cumpleaños: solo los socios cuyo día cae en el periodo (issue 51)", () => {
  /** The domain's rule, in JavaScript: the first birthday on or after `desde`, if by `hasta`. */
  async function esperados(desde: string, hasta: string) {
    const socios = await e.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "fecha_nacimiento", "orden_apellidos"])
      .where("activo", "=", true)
      .where("fecha_nacimiento", "is not", null)
      .execute();
    const anyo = Number(desde.slice(0, 4));
    const cumple = (nacimiento: string, a: number) =>
      nacimiento.slice(5) === "02-29" && !esBisiesto(a)
        ? `${a}-03-01`
        : `${a}${nacimiento.slice(4)}`;
    return socios
      .map((s) => {
        const nacimiento = String(s.fecha_nacimiento).slice(0, 10);
        const primero = cumple(nacimiento, anyo);
        const dia = primero >= desde ? primero : cumple(nacimiento, anyo + 1);
        return { ...s, dia };
      })
      .filter((s) => s.dia <= hasta)
      .sort((a, b) =>
        a.dia !== b.dia
          ? a.dia < b.dia
            ? -1
            : 1
          : a.orden_apellidos !== b.orden_apellidos
            ? a.orden_apellidos < b.orden_apellidos
              ? -1
              : 1
            : a.id - b.id,
      )
      .map((s) => `${s.dia.slice(8, 10)}/${s.dia.slice(5, 7)} ${s.apellidos}, ${s.nombre}`);
  }

  it.each([
    ["2027-02-01", "2027-02-28"],
    ["2027-03-01", "2027-03-31"],
    ["2028-02-01", "2028-02-29"],
    ["2028-03-01", "2028-03-01"],
    ["2027-02-28", "2027-03-01"],
    ["2027-12-15", "2028-01-15"],
    ["2027-12-31", "2028-01-01"],
    ["2027-06-16", "2028-06-15"],
    ["2027-03-01", "2028-03-01"],
    ["2027-01-01", "2027-12-31"],
    ["2027-06-15", "2027-06-15"],
  ])("del %s al %s", async (desde, hasta) => {
    const res = await e.app.inject({
      url: `/api/informes/cumpleanyos?desde=${desde}&hasta=${hasta}&pageSize=500`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const inf = res.json() as { filas: { dia: string; socio: string }[]; total: number };
    const filas = inf.filas.map((f) => `${f.dia} ${f.socio}`);
    expect(filas).toEqual(await esperados(desde, hasta));
    expect(inf.total).toBe(filas.length);
  });

  // Several members share each of these days (29 February, 1 March, 31 December, 1 January, 15
  // June…), so pages of 2 and 3 cut inside a day, and 29 February joins 1 March in a common year.
  it.each([
    ["2027-02-01", "2027-03-31", 2],
    ["2028-02-01", "2028-03-31", 3],
    ["2027-12-15", "2028-01-15", 2],
    ["2027-06-16", "2028-06-15", 3],
    ["2027-01-01", "2027-12-31", 2],
  ] as const)(
    "del %s al %s, páginas de %i: cada página y el total, como la consulta entera",
    async (desde, hasta, tamanyo) => {
      const c = repo.cumpleanyos(desde, hasta);
      expect(c.pagina).toBeDefined();
      expect(c.totales).toBeDefined();
      const { todas } = await comparar(c, tamanyo);
      expect(todas.map((f) => `${f.dia} ${f.socio}`)).toEqual(await esperados(desde, hasta));
    },
  );
});

describe("GET /api/socios?conDeuda (issue 51)", () => {
  const ids = async (consulta: string) => {
    const res = await e.app.inject({
      url: `/api/socios?pageSize=200&activo=1&${consulta}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cuerpo = res.json() as { items: { id: number }[]; total: number };
    expect(cuerpo.total).toBe(cuerpo.items.length);
    return cuerpo.items.map((s) => s.id).sort((a, b) => a - b);
  };

  it("con deuda: algún cargo suyo pendiente o devuelto; sin deuda: ninguno", async () => {
    const esperados = async (con: boolean) => {
      const filas = await e.db
        .selectFrom("socio")
        .select("socio.id")
        .where("socio.activo", "=", true)
        .where((eb) => {
          const deuda = eb.exists(
            eb
              .selectFrom("pago")
              .select("pago.id")
              .whereRef("pago.id_socio", "=", "socio.id")
              .where("pago.estado", "in", ["pendiente", "devuelto"]),
          );
          return con ? deuda : eb.not(deuda);
        })
        .orderBy("socio.id")
        .execute();
      return filas.map((f) => f.id);
    };
    const con = await ids("conDeuda=1");
    const sin = await ids("conDeuda=0");
    expect(con.length).toBeGreaterThan(0);
    expect(sin.length).toBeGreaterThan(0);
    expect(con).toEqual(await esperados(true));
    expect(sin).toEqual(await esperados(false));
    expect([...con, ...sin].sort((a, b) => a - b)).toEqual(await ids(""));
    expect(await ids("conDeuda=true")).toEqual(con);
    expect(await ids("conDeuda=false")).toEqual(sin);
    expect(await ids(`conDeuda=1&tipo=${tipos.infantil}`)).toEqual(
      (
        await e.db
          .selectFrom("socio")
          .select("id")
          .where("id", "in", con)
          .where("id_tipo_socio", "=", tipos.infantil)
          .orderBy("id")
          .execute()
      ).map((f) => f.id),
    );
  });

  it("un cargo cobrado o anulado no es deuda; devuelto sí", async () => {
    const cobrado = await socio("Cobrat", "Deute");
    await cargo(cobrado, null, 100, "pagado");
    await cargo(cobrado, null, 100, "anulado");
    const devuelto = await socio("Tornat", "Deute");
    await cargo(devuelto, null, 100, "devuelto");
    expect(await ids("conDeuda=1&q=deute")).toEqual([devuelto]);
    expect(await ids("conDeuda=0&q=deute")).toEqual([cobrado]);
  });

  it("otro valor es 400 con el campo; OpenAPI lo declara", async () => {
    const res = await e.app.inject({ url: "/api/socios?conDeuda=si", headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("conDeuda");
    const doc = (await e.app.inject({ url: "/api/openapi.json" })).json();
    const parametros = doc.paths["/api/socios"].get.parameters as { name: string }[];
    expect(parametros.map((p) => p.name)).toContain("conDeuda");
  });

  it("el listado de socios lo dice en sus filtros", async () => {
    const res = await e.app.inject({
      url: "/api/informes/socios?conDeuda=1",
      headers: bearer(token),
    });
    expect(res.json().filtros).toContainEqual({ etiqueta: "Deuda", valor: "Con deuda" });
  });
});
