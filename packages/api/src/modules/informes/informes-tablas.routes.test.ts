import { aCentimos, hoyIso, type Informe } from "@fila/domain";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { ID_INFORMES } from "./informes.registro.js";

let e: Entorno;
let tokens: Record<"administrador" | "usuario" | "socio", string>;
let tipos: { fester: number; infantil: number };
let socios: { ana: number; berta: number; carles: number; dolors: number };

const hoy = hoyIso();
const anyo = Number(hoy.slice(0, 4));

/** ISO date `dias` days before (negative: after) today. */
function haceDias(dias: number): string {
  const d = new Date(`${hoy}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - dias);
  return d.toISOString().slice(0, 10);
}

const pedir = (url: string, token: string | undefined = tokens.administrador) =>
  e.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

async function informe(id: string, filtros = ""): Promise<Informe> {
  const res = await pedir(`/api/informes/${id}?pageSize=500${filtros ? `&${filtros}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sum of a column over the rows, in cents when it is money. */
function sumaFilas(inf: Informe, clave: string): number {
  const tipo = inf.columnas.find((c) => c.clave === clave)?.tipo;
  return inf.filas.reduce((t, f) => {
    const v = Number(f[clave] ?? 0);
    return t + (tipo === "euros" ? aCentimos(v) : v);
  }, 0);
}

function totalDe(inf: Informe, clave: string): number {
  const tipo = inf.columnas.find((c) => c.clave === clave)?.tipo;
  const v = Number(inf.totales?.[clave] ?? 0);
  return tipo === "euros" ? aCentimos(v) : v;
}

async function socio(datos: {
  nombre: string;
  tipo: number;
  activo?: boolean;
  pagador?: number;
  nacimiento?: string;
  extra?: Record<string, unknown>;
}) {
  const s = await e.db
    .insertInto("socio")
    .values({
      nombre: datos.nombre,
      apellidos: "Informe",
      id_tipo_socio: datos.tipo,
      activo: datos.activo ?? true,
      id_pagador: datos.pagador ?? null,
      fecha_nacimiento: datos.nacimiento ?? null,
      telefono: "600000000",
      ...datos.extra,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return s.id;
}

async function producto(nombre: string, tipo: "cuota" | "derrama" | "ramell") {
  const p = await e.db
    .insertInto("producto")
    .values({ nombre, anyo, tipo })
    .returning("id")
    .executeTakeFirstOrThrow();
  return p.id;
}

async function cargo(datos: {
  socio: number;
  pagador?: number;
  producto?: number | null;
  importe: number;
  estado: "pendiente" | "pagado" | "devuelto" | "anulado";
  vence?: string;
  pagado?: string | null;
  plazo?: number;
  anyo?: number;
}) {
  const p = await e.db
    .insertInto("pago")
    .values({
      id_socio: datos.socio,
      id_pagador: datos.pagador ?? datos.socio,
      id_producto: datos.producto ?? null,
      anyo: datos.anyo ?? anyo,
      concepto: "Quota",
      importe: datos.importe,
      fecha_emision: haceDias(200),
      fecha_vencimiento: datos.vence ?? haceDias(-30),
      estado: datos.estado,
      fecha_pago: datos.pagado ?? null,
      plazo: datos.plazo ?? 1,
      plazos: datos.plazo ? 5 : 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return p.id;
}

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador", conSocio: false });
  const usuario = await crearCuenta(e.db, { rol: "usuario", conSocio: false });
  const socioCuenta = await crearCuenta(e.db, { rol: "socio", conSocio: false });
  tokens = {
    administrador: await entrar(e.app, admin.email),
    usuario: await entrar(e.app, usuario.email),
    socio: await entrar(e.app, socioCuenta.email),
  };
  await e.db.updateTable("asociacion").set({ nombre: "Filà Informes de Prova" }).execute();
  const tipo = async (nombre: string) =>
    (
      await e.db
        .insertInto("tipo_socio")
        .values({ nombre, color: "#000000" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  tipos = { fester: await tipo("Fester"), infantil: await tipo("Infantil") };
  const mes = hoy.slice(5, 7);
  const ana = await socio({
    nombre: "Ana",
    tipo: tipos.fester,
    nacimiento: `1980-${mes}-01`,
    extra: {
      edad_festera: 25,
      importe_derrama: 100_001,
      anyos_pago_derrama: 3,
      tipo_derrama: "completa",
      fecha_alta: `${anyo - 2}-03-01`,
      ramell: "si",
      tipo_pago_ramell: "fraccionado",
    },
  });
  socios = {
    ana,
    berta: await socio({
      nombre: "Berta",
      tipo: tipos.infantil,
      pagador: ana,
      nacimiento: "2015-12-31",
    }),
    carles: await socio({
      nombre: '=HYPERLINK("x")',
      tipo: tipos.fester,
      extra: { fecha_alta: `${anyo - 5}-01-01` },
    }),
    dolors: await socio({
      nombre: "Dolors",
      tipo: tipos.fester,
      activo: false,
      extra: { fecha_baja: `${anyo - 1}-06-30`, fecha_alta: `${anyo - 8}-01-01` },
    }),
  };
  const cuota = await producto("Quota anual", "cuota");
  const derrama = await producto("Derrama capitania", "derrama");
  const ramell = await producto("Ramell", "ramell");

  // Odd cents everywhere. Pending: not due 40,07; 10 days overdue 10,01; 45 days 20,03;
  // 100 days 30,05 (Berta's, paid by Ana).
  await cargo({
    socio: ana,
    producto: cuota,
    importe: 4_007,
    estado: "pendiente",
    vence: haceDias(-5),
  });
  await cargo({
    socio: ana,
    producto: cuota,
    importe: 1_001,
    estado: "pendiente",
    vence: haceDias(10),
  });
  await cargo({
    socio: socios.carles,
    producto: cuota,
    importe: 2_003,
    estado: "pendiente",
    vence: haceDias(45),
  });
  await cargo({
    socio: socios.berta,
    pagador: ana,
    producto: cuota,
    importe: 3_005,
    estado: "pendiente",
    vence: haceDias(100),
  });
  await cargo({ socio: ana, producto: cuota, importe: 5_009, estado: "pagado", pagado: hoy });
  await cargo({ socio: socios.carles, importe: 6_011, estado: "devuelto" });
  await cargo({ socio: socios.carles, producto: cuota, importe: 7_013, estado: "anulado" });
  await cargo({
    socio: ana,
    producto: cuota,
    importe: 999,
    estado: "pagado",
    anyo: anyo - 1,
    pagado: `${anyo - 1}-05-05`,
  });
  await cargo({ socio: ana, producto: derrama, importe: 33_333, estado: "pagado", pagado: hoy });
  await cargo({
    socio: ana,
    producto: ramell,
    importe: 1_111,
    estado: "pagado",
    pagado: hoy,
    plazo: 1,
  });
  await cargo({ socio: ana, producto: ramell, importe: 2_223, estado: "pendiente", plazo: 2 });

  const remesa = await e.db
    .insertInto("remesa")
    .values({
      mensaje_id: "REM-INF-1",
      fecha_cobro: `${anyo}-02-01`,
      hasta: `${anyo}-02-01`,
      estado: "cobrada",
      num_adeudos: 2,
      total: 9_013,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const adeudo = (
    id_pagador: number,
    importe: number,
    estado: "cobrado" | "devuelto",
    motivo = "",
  ) => ({
    id_remesa: remesa.id,
    id_pagador,
    importe,
    end_to_end_id: `E2E-${id_pagador}-${importe}`,
    mandato_id: `M-${id_pagador}`,
    mandato_fecha: "2020-01-01",
    secuencia: "RCUR" as const,
    iban: "ES9121000418450200051332",
    estado,
    motivo_devolucion: motivo,
  });
  await e.db
    .insertInto("remesa_adeudo")
    .values([adeudo(ana, 3_002, "cobrado"), adeudo(socios.carles, 6_011, "devuelto", "AM04")])
    .execute();

  const acto = async (nombre: string, fecha: string, aforo: number | null, puntos: number) =>
    (
      await e.db
        .insertInto("acto")
        .values({ nombre, fecha, hora: "21:00", aforo, puntos })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const sopar = await acto("Sopar", `${anyo}-01-20`, 10, 3);
  const entrada = await acto("Entrada", `${anyo}-01-25`, null, 5);
  await e.db
    .insertInto("inscripcion")
    .values([
      { id_acto: sopar, id_socio: ana, invitados: 2, asistio: true },
      { id_acto: sopar, id_socio: socios.berta, invitados: 1, asistio: true },
      { id_acto: entrada, id_socio: ana, invitados: 0, asistio: true },
      { id_acto: entrada, id_socio: socios.carles, invitados: 0, asistio: false },
    ])
    .execute();
});

afterAll(async () => {
  await e?.cerrar();
});

describe("GET /api/informes: permisos", () => {
  const urls = ["/api/informes", ...ID_INFORMES.map((id) => `/api/informes/${id}`)];

  it.each(urls)("%s: sin sesión 401, usuario y socio 403, administrador 200", async (url) => {
    expect((await pedir(url, "")).statusCode).toBe(401);
    expect((await pedir(url, tokens.usuario)).statusCode).toBe(403);
    expect((await pedir(url, tokens.socio)).statusCode).toBe(403);
    expect((await pedir(url)).statusCode).toBe(200);
  });

  it("un fichero tampoco se da a quien no es de la junta", async () => {
    expect((await pedir("/api/informes/deudas?formato=xlsx", tokens.usuario)).statusCode).toBe(403);
  });

  it("un informe que no existe es 404", async () => {
    const res = await pedir("/api/informes/inventado");
    expect(res.statusCode).toBe(404);
    expect(res.json().mensaje).toBe("Ese informe no existe.");
  });

  it.each([
    ["deudas?anyo=abc", "anyo"],
    ["recaudacion?anyo=1800", "anyo"],
    ["cumpleanyos?mes=13", "mes"],
    ["remesas?desde=2026-02-30", "desde"],
    ["remesas?desde=2026-03-01&hasta=2026-02-01", "hasta"],
    ["socios?columnas=nombre,sueldo", "columnas"],
    ["deudas?agrupar=familia", "agrupar"],
    ["deudas?tipo=999999", "tipo"],
    ["deudas?formato=docx", "formato"],
  ])("un filtro no válido (%s) es 400 con el campo", async (consulta, campo) => {
    const res = await pedir(`/api/informes/${consulta}`);
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json();
    expect(cuerpo.detalles.map((d: { campo: string }) => d.campo)).toContain(campo);
    expect(cuerpo.detalles[0].mensaje).toMatch(/[a-záéíóú]/);
  });
});

describe("GET /api/informes: catálogo", () => {
  it("da los diez informes agrupados, con descripción y filtros", async () => {
    const catalogo = (await pedir("/api/informes")).json();
    // The ids of docs/CONTRATO-INFORMES.md, in the order the page shows them.
    expect(catalogo.map((c: { id: string }) => c.id)).toEqual([
      "socios",
      "cumpleanyos",
      "estadisticas",
      "deudas",
      "recaudacion",
      "remesas",
      "derrama",
      "ramell",
      "inscripciones",
      "puntos",
    ]);
    for (const c of catalogo) {
      expect(["Socios", "Económicos", "Actos"]).toContain(c.grupo);
      expect(c.descripcion.length).toBeGreaterThan(10);
    }
    expect(catalogo.find((c: { id: string }) => c.id === "deudas").conGrafico).toBe(true);
  });
});

describe("GET /api/informes/:id: los totales son la suma de las filas", () => {
  it.each([...ID_INFORMES])("%s", async (id) => {
    const inf = await informe(id);
    expect(inf.total).toBe(inf.filas.length);
    for (const clave of Object.keys(inf.totales ?? {})) {
      expect(totalDe(inf, clave), clave).toBe(sumaFilas(inf, clave));
    }
  });
});

describe("informe de deudas", () => {
  it("reparte lo que se debe por días vencidos, en céntimos exactos", async () => {
    const inf = await informe("deudas");
    expect(inf.totales).toMatchObject({
      cargos: 6,
      noVencido: 122.41, // 40,07 + 22,23 (plazo de ramell) + 60,11 (devuelto)
      d30: 10.01,
      d90: 20.03,
      mas90: 30.05,
      total: 182.5,
      devuelto: 60.11,
    });
    const ana = inf.filas.find((f) => f.socio === "Informe, Ana");
    expect(ana).toMatchObject({
      cargos: 3,
      noVencido: 62.3,
      d30: 10.01,
      total: 72.31,
      devuelto: 0,
    });
  });

  it("cuenta lo devuelto por el banco: es deuda, dentro del total y en su columna", async () => {
    const inf = await informe("deudas");
    expect(inf.columnas.find((c) => c.clave === "devuelto")?.titulo).toBe("Devuelto");
    // Carles owes the charge the bank returned besides his outstanding one (the cancelled one
    // is no debt).
    const carles = inf.filas.find((f) => f.socio === 'Informe, =HYPERLINK("x")');
    expect(carles).toMatchObject({
      cargos: 2,
      noVencido: 60.11,
      d90: 20.03,
      total: 80.14,
      devuelto: 60.11,
    });
  });

  it("coincide con el panel: pendiente más devuelto, y vencida", async () => {
    const inf = await informe("deudas");
    const { deuda } = (await pedir("/api/informes/resumen")).json();
    expect(totalDe(inf, "total")).toBe(aCentimos(deuda.pendiente) + aCentimos(deuda.devuelto));
    expect(totalDe(inf, "devuelto")).toBe(aCentimos(deuda.devuelto));
    // The panel's «vencida» is of the outstanding charges; the returned one is not yet due.
    expect(totalDe(inf, "d30") + totalDe(inf, "d90") + totalDe(inf, "mas90")).toBe(
      aCentimos(deuda.vencida),
    );
  });

  it("filtra por tipo de socio y agrupa por pagador", async () => {
    const infantil = await informe("deudas", `tipo=${tipos.infantil}`);
    expect(infantil.filas).toHaveLength(1);
    expect(infantil.filas[0]).toMatchObject({ socio: "Informe, Berta", mas90: 30.05 });
    expect(infantil.filtros).toContainEqual({ etiqueta: "Tipo de socio", valor: "Infantil" });

    const porPagador = await informe("deudas", "agrupar=pagador");
    const ana = porPagador.filas.find((f) => f.socio === "Informe, Ana");
    expect(ana).toMatchObject({ numSocios: 2, cargos: 4, total: 102.36 });
    expect(porPagador.totales?.total).toBe(182.5);
    expect(porPagador.totales?.devuelto).toBe(60.11);
  });

  it("da el gráfico por tramos con los mismos importes", async () => {
    const inf = await informe("deudas");
    expect(inf.grafico?.datos.map((d) => d.importe)).toEqual([122.41, 10.01, 20.03, 30.05]);
  });

  it("pagina en el servidor sin cambiar los totales", async () => {
    const res = await pedir("/api/informes/deudas?page=2&pageSize=1");
    const pagina: Informe = res.json();
    expect(pagina.filas).toHaveLength(1);
    expect(pagina.total).toBe(3);
    expect(pagina.totales?.total).toBe(182.5);
  });
});

describe("informe de recaudación", () => {
  it("cuadra con los totales de pagos del año", async () => {
    const inf = await informe("recaudacion", `anyo=${anyo}`);
    const pagos = (await pedir(`/api/pagos?anyo=${anyo}&pageSize=1`)).json();
    expect(totalDe(inf, "emitido")).toBe(aCentimos(pagos.totalImporte));
    expect(totalDe(inf, "cobrado")).toBe(aCentimos(pagos.totalPagado));
    expect(totalDe(inf, "pendiente") + totalDe(inf, "devuelto")).toBe(
      aCentimos(pagos.totalPendiente),
    );
    expect(inf.totales).toMatchObject({ anulado: 70.13, devuelto: 60.11, cobrado: 394.53 });
  });

  it("por mes de vencimiento da los mismos totales que por producto", async () => {
    const porProducto = await informe("recaudacion");
    const porMes = await informe("recaudacion", "desglose=mes");
    expect(porMes.columnas[0].titulo).toBe("Mes de vencimiento");
    expect(porMes.totales).toEqual(porProducto.totales);
    expect(porMes.filas.length).toBeGreaterThan(1);
    expect(
      porMes.filas.every((f) => typeof f.mes === "string" && /^[A-Z][a-z]+$/.test(String(f.mes))),
    ).toBe(true);
  });

  it("compara lo cobrado por mes con el año anterior", async () => {
    const inf = await informe("recaudacion");
    const mes = Number(hoy.slice(5, 7)) - 1;
    expect(inf.grafico?.datos[mes].actual).toBe(394.53);
    expect(inf.grafico?.datos[4].anterior).toBe(9.99);
  });
});

describe("los demás informes", () => {
  it("remesas: devoluciones con su motivo en español", async () => {
    const inf = await informe("remesas", `desde=${anyo}-01-01&hasta=${anyo}-12-31`);
    expect(inf.filas[0]).toMatchObject({
      remesa: "REM-INF-1",
      importe: 90.13,
      devueltos: 1,
      importeDevuelto: 60.11,
      motivos: "AM04 · Fondos insuficientes",
    });
    expect((await informe("remesas", `hasta=${anyo - 1}-12-31`)).filas).toHaveLength(0);
  });

  it("derrama y ramell: pagado y pendiente de cada socio", async () => {
    const derrama = await informe("derrama");
    expect(derrama.filas[0]).toMatchObject({
      importe: 1000.01,
      pagado: 333.33,
      pendiente: 666.68,
      anyosRestantes: 2,
    });
    const ramell = await informe("ramell");
    const ana = ramell.filas.find((f) => f.socio === "Informe, Ana");
    expect(ana).toMatchObject({
      modalidad: "Fraccionado",
      plazo1: 11.11,
      plazo2: 0,
      pendiente: 22.23,
    });
  });

  it("inscripciones: socios, invitados, ocupación y gráfico por acto", async () => {
    const inf = await informe("inscripciones", `desde=${anyo}-01-01&hasta=${anyo}-01-31`);
    expect(inf.filas.map((f) => [f.acto, f.socios, f.invitados, f.plazas, f.ocupacion])).toEqual([
      ["Sopar", 2, 3, 5, 50],
      ["Entrada", 2, 0, 2, null],
    ]);
    expect(inf.grafico?.datos).toHaveLength(2);
  });

  it("puntos: el mismo ranking que el de actos", async () => {
    const inf = await informe("puntos", `anyo=${anyo}`);
    const ranking = (await pedir(`/api/actos/puntos?anyo=${anyo}`)).json();
    expect(inf.filas.map((f) => f.puntos)).toEqual(
      ranking.items.map((r: { puntos: number }) => r.puntos),
    );
    expect(inf.totales?.puntos).toBe(11);
  });

  it("puntos y remesas: el año en curso si no se elige otro; puntos de todos los años con anyo=todos (issue 51)", async () => {
    const antiguo = await e.db
      .insertInto("acto")
      .values({ nombre: "Entrada antigua", fecha: `${anyo - 3}-04-22`, hora: "10:00", puntos: 7 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("inscripcion")
      .values({ id_acto: antiguo.id, id_socio: socios.ana, invitados: 0, asistio: true })
      .execute();
    const sinAnyo = await informe("puntos");
    expect(sinAnyo.filtros).toEqual([{ etiqueta: "Año", valor: String(anyo) }]);
    expect(sinAnyo.totales?.puntos).toBe(11);
    const todos = await informe("puntos", "anyo=todos");
    expect(todos.filtros).toEqual([{ etiqueta: "Año", valor: "Todos los años" }]);
    expect(todos.totales?.puntos).toBe(18);
    expect(todos.filas[0]).toMatchObject({ socio: "Informe, Ana", actos: 3, puntos: 15 });
    expect((await informe("puntos", `anyo=${anyo - 3}`)).totales?.puntos).toBe(7);

    await e.db
      .insertInto("remesa")
      .values({
        mensaje_id: "REM-INF-ANTIGUA",
        fecha_cobro: `${anyo - 2}-02-01`,
        hasta: `${anyo - 2}-02-01`,
        estado: "cobrada",
        num_adeudos: 0,
        total: 100,
      })
      .execute();
    const remesas = await informe("remesas");
    expect(remesas.filas.map((f) => f.remesa)).toEqual(["REM-INF-1"]);
    expect(remesas.filtros).toEqual([
      { etiqueta: "Desde", valor: `01/01/${anyo}` },
      { etiqueta: "Hasta", valor: `31/12/${anyo}` },
    ]);
    const desdeAntes = await informe("remesas", `desde=${anyo - 5}-01-01`);
    expect(desdeAntes.filas.map((f) => f.remesa)).toEqual(["REM-INF-1", "REM-INF-ANTIGUA"]);
    await e.db.deleteFrom("remesa").where("mensaje_id", "=", "REM-INF-ANTIGUA").execute();
    await e.db.deleteFrom("inscripcion").where("id_acto", "=", antiguo.id).execute();
    await e.db.deleteFrom("acto").where("id", "=", antiguo.id).execute();
  });

  it("el catálogo dice qué año aplica cada informe si no se elige y dónde cabe «todos»", async () => {
    const catalogo: { id: string; filtros: Record<string, unknown>[] }[] = (
      await pedir("/api/informes")
    ).json();
    const anyoDe = (id: string) =>
      catalogo.find((c) => c.id === id)?.filtros.find((f) => f.clave === "anyo");
    expect(anyoDe("puntos")).toEqual({
      clave: "anyo",
      etiqueta: "Año",
      tipo: "anyo",
      porDefecto: String(anyo),
      todos: true,
    });
    for (const id of ["recaudacion", "ramell", "estadisticas"])
      expect(anyoDe(id)).toMatchObject({ porDefecto: String(anyo) });
    expect(anyoDe("deudas")).toEqual({ clave: "anyo", etiqueta: "Año", tipo: "anyo" });
  });

  it("cumpleaños del mes y aniversarios festeros", async () => {
    const inf = await informe("cumpleanyos", `mes=${Number(hoy.slice(5, 7))}&anyo=${anyo}`);
    expect(inf.filas).toContainEqual(
      expect.objectContaining({ socio: "Informe, Ana", edad: anyo - 1980 }),
    );
    const nochevieja = await informe("cumpleanyos", `desde=${anyo}-12-30&hasta=${anyo + 1}-01-02`);
    expect(nochevieja.filas).toEqual([
      expect.objectContaining({ socio: "Informe, Berta", edad: anyo - 2015 }),
    ]);
    const aniversarios = await informe("cumpleanyos", "vista=aniversarios");
    expect(aniversarios.filas.map((f) => f.socio)).toEqual(["Informe, Ana"]);
  });

  it("estadísticas: activos por tipo como el panel; altas, bajas y activos por año", async () => {
    const porTipo = await informe("estadisticas", "por=tipo");
    const { socios: resumen } = (await pedir("/api/informes/resumen")).json();
    for (const t of resumen.porTipo) {
      expect(porTipo.filas.find((f) => f.grupo === t.nombre)?.socios).toBe(t.activos);
    }
    const altas = await informe("estadisticas", `por=altas&anyo=${anyo}`);
    expect(altas.filas).toHaveLength(10);
    expect(altas.filas.find((f) => f.grupo === String(anyo - 1))?.bajas).toBe(1);
    const activos = await informe("estadisticas", `por=activos&anyo=${anyo}`);
    expect(activos.filas.find((f) => f.grupo === String(anyo - 8))?.activos).toBeGreaterThan(0);
    expect(activos.grafico?.tipo).toBe("lineas");
  });

  it("listado de socios con los filtros de la lista y las columnas elegidas", async () => {
    const inf = await informe("socios", `tipo=${tipos.fester}&activo=true&columnas=nombre,edad`);
    expect(inf.columnas.map((c) => c.titulo)).toEqual(["Nombre", "Edad"]);
    expect(inf.filas.map((f) => f.nombre).sort()).toEqual(['=HYPERLINK("x")', "Ana"]);
    const buscado = await informe("socios", "q=berta&columnas=nombre");
    expect(buscado.filas).toEqual([{ nombre: "Berta" }]);
    expect(buscado.filtros).toContainEqual({ etiqueta: "Búsqueda", valor: "berta" });
  });
});

describe("GET /api/informes/:id?formato=…", () => {
  it("XLSX: números y fechas de verdad, euros con formato, cabecera fija", async () => {
    const res = await pedir(`/api/informes/deudas?formato=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="informe-deudas-${hoy}.xlsx"`,
    );
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.getCell("A1").value).toBe("Filà Informes de Prova");
    expect(String(hoja.getCell("A3").value)).toContain("Agrupado por: Socio");
    expect(String(hoja.getCell("A4").value)).toContain("Generado el");
    expect(hoja.views[0]).toMatchObject({ state: "frozen", ySplit: 6 });
    expect(hoja.getRow(6).getCell(9).value).toBe("Total");
    const ultima = hoja.getRow(hoja.rowCount);
    expect(ultima.getCell(1).value).toBe("Total");
    expect(ultima.getCell(9).value).toBe(182.5);
    expect(hoja.getRow(6).getCell(10).value).toBe("Devuelto");
    expect(ultima.getCell(10).value).toBe(60.11);
    expect(hoja.getColumn(9).numFmt).toContain("#,##0.00");
    expect(typeof hoja.getRow(7).getCell(9).value).toBe("number");

    const remesas = new ExcelJS.Workbook();
    await remesas.xlsx.load(
      (await pedir("/api/informes/remesas?formato=xlsx")).rawPayload as unknown as ArrayBuffer,
    );
    const fecha = remesas.worksheets[0].getRow(7).getCell(2);
    expect(fecha.value).toBeInstanceOf(Date);
    expect((fecha.value as Date).toISOString().slice(0, 10)).toBe(`${anyo}-02-01`);
  });

  it("CSV: BOM, punto y coma, coma decimal y fórmulas neutralizadas", async () => {
    const res = await pedir(`/api/informes/deudas?formato=csv&pageSize=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const texto = res.rawPayload.toString("utf8").slice(1);
    const { data } = Papa.parse<string[]>(texto, { delimiter: ";", skipEmptyLines: true });
    expect(data[0]).toEqual(["Filà Informes de Prova"]);
    const cabecera = data.findIndex((f) => f[0] === "Matrícula");
    expect(data[cabecera]).toContain("Vencido 1–30 días");
    // The whole report (a file is not paged), plus the totals line.
    expect(data.length - cabecera - 1).toBe(4);
    expect(data[cabecera]?.at(-1)).toBe("Devuelto");
    expect(data.at(-1)?.slice(-2)).toEqual(["182,50", "60,11"]);

    const listado = await pedir("/api/informes/socios?formato=csv&columnas=nombre,apellidos");
    const filas = Papa.parse<string[]>(listado.rawPayload.toString("utf8").slice(1), {
      delimiter: ";",
    }).data;
    expect(filas).toContainEqual(['\'=HYPERLINK("x")', "Informe"]);
  });

  it("el fichero sale en el idioma de quien lo descarga: título, columnas, filtros y textos propios (issue 38)", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "administrador" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const va = await entrar(e.app, cuenta.email);
    const res = await e.app.inject({
      method: "GET",
      url: "/api/informes/deudas?formato=csv",
      headers: bearer(va),
    });
    expect(res.statusCode).toBe(200);
    const { data } = Papa.parse<string[]>(res.rawPayload.toString("utf8").slice(1), {
      delimiter: ";",
      skipEmptyLines: true,
    });
    expect(data[1]).toEqual(["Deutes pendents"]);
    expect(data[2]?.[0]).toMatch(/^Filtres: Agrupat per: Soci/);
    expect(data[3]?.[0]).toMatch(/^Generat el \d{2}\/\d{2}\/\d{4}$/);
    const cabecera = data.find((f) => f[0] === "Matrícula");
    expect(cabecera).toContain("Vençut 1–30 dies");
    expect(cabecera).toContain("Soci");
    const pdf = await e.app.inject({
      method: "GET",
      url: "/api/informes/deudas?formato=pdf",
      headers: bearer(va),
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain("Deute segons els dies vençuts");
    expect(text).toContain("Pàgina 1 de");
    // Spanish for whoever reads in Spanish.
    const es = await pedir("/api/informes/deudas?formato=csv");
    expect(es.rawPayload.toString("utf8")).toContain("Deudas pendientes");
  });

  it("PDF: A4 con la asociación, filtros, fecha, tabla, gráfico y páginas", async () => {
    const res = await pedir(`/api/informes/deudas?formato=pdf&tipo=${tipos.fester}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const pagina = await pdf.getPage(1);
    const [, , ancho, alto] = pagina.view;
    expect([Math.round(Math.min(ancho, alto)), Math.round(Math.max(ancho, alto))]).toEqual([
      595, 842,
    ]);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const esperado of [
      "Filà Informes de Prova",
      "Deudas pendientes",
      "Tipo de socio: Fester",
      `Generado el ${hoy.slice(8, 10)}/${hoy.slice(5, 7)}/${hoy.slice(0, 4)}`,
      "Informe, Ana",
      "Vencido 31–90 días",
      "Página 1 de 1",
      "Deuda según los días vencidos",
    ]) {
      expect(text).toContain(esperado);
    }
  });

  it("cada informe sale en los tres formatos", async () => {
    for (const id of ID_INFORMES) {
      for (const formato of ["xlsx", "csv", "pdf"]) {
        const res = await pedir(`/api/informes/${id}?formato=${formato}`);
        expect(res.statusCode, `${id} ${formato}`).toBe(200);
        expect(res.headers["content-disposition"]).toContain(`informe-${id}-`);
      }
    }
  });
});
