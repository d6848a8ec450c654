import { sql } from "kysely";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let admin: string;
type Miembro = { token: string; idSocio: number };
/** Members with accounts: a payer and three more; `hijo` is paid for by `a`. */
let a: Miembro;
let b: Miembro;
let c: Miembro;
let d: Miembro;
let hijo: number;
let sinCorreo: number;
let optOut: number;
let deudor: number;
let sinNacimiento: number;

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

const pedir = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  token: string | null = admin,
  payload?: unknown,
) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function miembro(): Promise<Miembro> {
  const cuenta = await crearCuenta(e.db);
  await e.db
    .updateTable("socio")
    .set({ fecha_nacimiento: "1980-05-05" })
    .where("id", "=", cuenta.idSocio as number)
    .execute();
  return { token: await entrar(e.app, cuenta.email), idSocio: cuenta.idSocio as number };
}

async function socio(v: Record<string, unknown>) {
  const f = await e.db
    .insertInto("socio")
    .values({ nombre: "Sin", apellidos: "Cuenta", fecha_nacimiento: "1970-01-01", ...v })
    .returning("id")
    .executeTakeFirstOrThrow();
  return f.id;
}

let nActo = 0;
async function acto(dias: number) {
  nActo += 1;
  const f = await e.db
    .insertInto("acto")
    .values({
      nombre: `Asamblea general ordinaria ${nActo}`,
      fecha: dentroDe(dias),
      lugar: "Casal",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return f.id;
}

const PUNTOS = [
  { titulo: "Lectura del acta anterior" },
  { titulo: "Cuentas", votacion: { modo: "secreta", mayoria: "simple" } },
  {
    titulo: "Venta del maset",
    votacion: { modo: "publica", mayoria: "tres_cuartos", base: "censo" },
  },
  { titulo: "Capitán", votacion: { modo: "secreta", mayoria: "simple" } },
];

async function asamblea(dias = 30) {
  const idActo = await acto(dias);
  const res = await pedir("POST", "/api/asambleas", admin, {
    idActo,
    caracter: "ordinaria",
    primeraConvocatoria: `${dentroDe(dias)}T18:00:00+01:00`,
    segundaConvocatoria: `${dentroDe(dias)}T18:30:00+01:00`,
    puntos: PUNTOS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; idActo: number; puntos: { id: number; titulo: string }[] };
}

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(
    e.app,
    (await crearCuenta(e.db, { rol: "administrador", conSocio: false })).email,
  );
  a = await miembro();
  b = await miembro();
  c = await miembro();
  d = await miembro();
  hijo = await socio({ nombre: "Fill", id_pagador: a.idSocio, email: "fill@fila.test" });
  sinCorreo = await socio({ nombre: "Sense correu" });
  optOut = await socio({ nombre: "No envíos", email: "noenvios@fila.test", no_envios: true });
  deudor = await socio({ nombre: "Deudor", email: "deudor@fila.test" });
  sinNacimiento = await socio({ nombre: "Sin fecha", fecha_nacimiento: null });
  const prod = await e.db
    .insertInto("producto")
    .values({ nombre: "Cuota asamblea", tipo: "cuota", precio: 1000, anyo: 2026 } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await e.db
    .insertInto("pago")
    .values({
      id_socio: deudor,
      id_pagador: deudor,
      id_producto: prod.id,
      anyo: 2026,
      concepto: "Cuota",
      importe: 1000,
      fecha_emision: dentroDe(-60),
      fecha_vencimiento: dentroDe(-30),
    } as never)
    .execute();
  const r = await pedir("PUT", "/api/asociacion/asambleas", admin, {
    preavisoDias: 15,
    quorumPrimera: 0.5,
    edadMinima: 18,
    antiguedadMinima: 0,
    tiposSocio: [],
    excluirDeudores: true,
    maxDelegaciones: 1,
  });
  expect(r.statusCode, r.body).toBe(200);
});

afterAll(async () => {
  await e?.cerrar();
});

describe("asamblea: alta, reglas y convocatoria", () => {
  it("reglas propias, campos desconocidos 400, y el acto dice su asamblea", async () => {
    const mal = await pedir("PUT", "/api/asociacion/asambleas", admin, {
      preavisoDias: 15,
      quorumPrimera: 0.5,
      edadMinima: 18,
      antiguedadMinima: 0,
      tiposSocio: [],
      excluirDeudores: true,
      maxDelegaciones: 1,
      otro: 1,
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain("otro");
    const s = await asamblea();
    const acto = await pedir("GET", `/api/actos/${s.idActo}`);
    expect(acto.json().idAsamblea).toBe(s.id);
    const otra = await pedir("POST", "/api/asambleas", admin, {
      idActo: s.idActo,
      caracter: "ordinaria",
      primeraConvocatoria: `${dentroDe(30)}T18:00:00+01:00`,
    });
    expect(otra.statusCode).toBe(409);
    expect((await pedir("GET", `/api/asambleas/${s.id}`, a.token)).json().puntos).toHaveLength(4);
    expect((await pedir("PUT", `/api/asambleas/${s.id}`, a.token, {})).statusCode).toBe(403);
    // Its event is not deleted (the assembly keeps it): 409 with the reason, not a 500.
    const borrar = await pedir("DELETE", `/api/actos/${s.idActo}`, admin);
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().mensaje).toContain("el acto tiene su asamblea");
  });

  it("fuera de plazo: 409 con la fecha en que debía convocarse", async () => {
    const s = await asamblea(5);
    const res = await pedir("POST", `/api/asambleas/${s.id}/convocatoria`);
    expect(res.statusCode).toBe(409);
    const limite = dentroDe(5 - 15)
      .split("-")
      .reverse()
      .join("/");
    expect(res.json().message ?? res.body).toContain(limite);
  });

  it("convoca a todo el censo (también a quien no quiere envíos), sin pie de baja; congela el censo", async () => {
    const s = await asamblea();
    const res = await pedir("POST", `/api/asambleas/${s.id}/convocatoria`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.porCarta).toBeGreaterThanOrEqual(1);
    const envio = await e.db
      .selectFrom("envio")
      .selectAll()
      .where("id", "=", r.idEnvio)
      .executeTakeFirstOrThrow();
    expect(envio.modo).toBe("convocatoria");
    const dest = await e.db
      .selectFrom("envio_destinatario")
      .select(["id_socio", "estado"])
      .where("id_envio", "=", r.idEnvio)
      .execute();
    const estado = new Map(dest.map((x) => [x.id_socio, x.estado]));
    expect(estado.get(optOut)).not.toBe("omitido");
    expect(estado.has(optOut)).toBe(true);
    expect(estado.get(sinCorreo)).toBe("sin_email");
    expect(estado.has(deudor)).toBe(false);
    expect(dest.every((x) => x.estado !== "omitido")).toBe(true);

    const censo = (await pedir("GET", `/api/asambleas/${s.id}/censo`)).json();
    const fila = (id: number) => censo.items.find((i: { idSocio: number }) => i.idSocio === id);
    expect(fila(sinNacimiento)).toMatchObject({ incluido: false, motivo: "sin_fecha_nacimiento" });
    expect(fila(deudor)).toMatchObject({ incluido: false, motivo: "deuda" });
    expect(fila(sinCorreo)).toMatchObject({ incluido: true, porCarta: true, porEmail: false });
    expect(fila(a.idSocio)).toMatchObject({ incluido: true, porEmail: true, porAlerta: true });
    // Paying after the call changes nothing: the census is frozen.
    await e.db
      .updateTable("pago")
      .set({ estado: "pagado" } as never)
      .where("id_socio", "=", deudor)
      .execute();
    expect(fila(deudor).incluido).toBe(false);
    expect((await pedir("POST", `/api/asambleas/${s.id}/convocatoria`)).statusCode).toBe(409);
    // The board adds one by hand (audited).
    const mano = await pedir("POST", `/api/asambleas/${s.id}/censo`, admin, { idSocio: deudor });
    expect(mano.statusCode, mano.body).toBe(200);
    expect(mano.json().items.find((i: { idSocio: number }) => i.idSocio === deudor)).toMatchObject({
      incluido: true,
      manual: true,
    });

    // NIF masked in the PDF.
    await e.db.updateTable("socio").set({ nif: "12345678Z" }).where("id", "=", b.idSocio).execute();
    const pdf = await pedir("GET", `/api/asambleas/${s.id}/censo.pdf`);
    expect(pdf.statusCode).toBe(200);
    const texto = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
        mergePages: true,
      })
    ).text;
    expect(texto).toContain("***4567**");
    expect(texto).not.toContain("12345678Z");

    // The mails leave without the unsubscribe footer nor headers, even to who opted out.
    let correo: { texto: string; cabeceras: unknown } | undefined;
    for (let i = 0; i < 200 && !correo; i++) {
      correo = await e.db
        .selectFrom("correo_saliente")
        .select(["texto", "cabeceras"])
        .where("para", "=", "noenvios@fila.test")
        .executeTakeFirst();
      if (!correo) await new Promise((r) => setTimeout(r, 50));
    }
    expect(correo).toBeDefined();
    expect(JSON.stringify(correo?.cabeceras ?? {})).not.toContain("List-Unsubscribe");
    expect(correo?.texto).not.toContain("/api/envios/baja/");
    expect(correo?.texto).toContain("Cuentas");
  });
});

describe("delegaciones, asistencia, quórum y votos", () => {
  let s: Awaited<ReturnType<typeof asamblea>>;
  beforeAll(async () => {
    s = await asamblea();
    expect((await pedir("POST", `/api/asambleas/${s.id}/convocatoria`)).statusCode).toBe(200);
  });

  it("delegar: el socio o quien le paga; sin cadenas ni más del máximo; revocable", async () => {
    const url = `/api/asambleas/${s.id}/delegaciones`;
    const r1 = await pedir("POST", url, c.token, { idDelegante: c.idSocio, idDelegado: b.idSocio });
    expect(r1.statusCode, r1.body).toBe(201);
    // b already holds 1 (the maximum).
    const max = await pedir("POST", url, d.token, {
      idDelegante: d.idSocio,
      idDelegado: b.idSocio,
    });
    expect(max.statusCode).toBe(409);
    expect(max.body).toContain("máximo");
    // Chain: b received, cannot delegate.
    const cadena = await pedir("POST", url, b.token, {
      idDelegante: b.idSocio,
      idDelegado: d.idSocio,
    });
    expect(cadena.statusCode).toBe(409);
    expect(cadena.body).toContain("cadenas");
    // Someone else's vote: 403; paper only by the board.
    expect(
      (await pedir("POST", url, d.token, { idDelegante: a.idSocio, idDelegado: d.idSocio }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await pedir("POST", url, d.token, {
          idDelegante: d.idSocio,
          idDelegado: a.idSocio,
          enPapel: true,
        })
      ).statusCode,
    ).toBe(403);
    // The payer delegates for their child; then revokes it.
    const pagador = await pedir("POST", url, a.token, { idDelegante: hijo, idDelegado: d.idSocio });
    expect(pagador.statusCode, pagador.body).toBe(201);
    const rev = await pedir("DELETE", `${url}/${pagador.json().id}`, a.token);
    expect(rev.statusCode).toBe(204);
    expect((await pedir("DELETE", `${url}/${pagador.json().id}`, a.token)).statusCode).toBe(409);
    expect((await pedir("DELETE", `${url}/${r1.json().id}`, d.token)).statusCode).toBe(404);
    // The board records a signed paper one.
    const papel = await pedir("POST", url, admin, {
      idDelegante: hijo,
      idDelegado: d.idSocio,
      enPapel: true,
    });
    expect(papel.statusCode, papel.body).toBe(201);
    const mias = (await pedir("GET", url, c.token)).json().items;
    expect(mias).toHaveLength(1);
  });

  it("asistencia por id o carnet, quórum con representados, votos secretos una vez", async () => {
    const url = `/api/asambleas/${s.id}`;
    expect(
      (await pedir("POST", `${url}/asistentes`, admin, { idSocio: b.idSocio })).json(),
    ).toMatchObject({ nuevo: true });
    expect(
      (await pedir("POST", `${url}/asistentes`, admin, { idSocio: b.idSocio })).json(),
    ).toMatchObject({ nuevo: false });
    expect(
      (await pedir("POST", `${url}/asistentes`, admin, { codigo: "no-es-un-carnet" })).statusCode,
    ).toBe(409);
    expect(
      (await pedir("POST", `${url}/asistentes`, admin, { idSocio: sinNacimiento })).statusCode,
    ).toBe(409);
    const q = (await pedir("GET", `${url}/quorum`)).json();
    // b present with c's delegation.
    expect(q).toMatchObject({
      presentes: 1,
      representados: 1,
      convocatoria: "primera",
      alcanzado: false,
    });
    expect(q.quorum).toBe(Math.ceil(q.censo / 2));
    // No enrolment nor points.
    const inscritos = await e.db
      .selectFrom("inscripcion")
      .select("id")
      .where("id_acto", "=", s.idActo)
      .execute();
    expect(inscritos).toHaveLength(0);

    const cuentas = s.puntos[1].id;
    const votar = (m: Miembro, cuerpo: object, punto = cuentas) =>
      pedir("POST", `${url}/puntos/${punto}/votos`, m.token, cuerpo);
    // Not open yet.
    expect((await votar(b, { opcion: "si" })).statusCode).toBe(409);
    expect((await pedir("POST", `${url}/puntos/${s.puntos[0].id}/apertura`)).statusCode).toBe(409);
    expect((await pedir("POST", `${url}/puntos/${cuentas}/apertura`)).statusCode).toBe(200);
    // The typed event for the phones: the point and its state, nothing else.
    const evento = await e.db
      .selectFrom("mensaje_evento")
      .select(["tipo", "cuerpo", "id_usuario"])
      .where("tipo", "=", "asamblea")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(evento.id_usuario).toBeNull();
    expect(JSON.parse(evento.cuerpo)).toEqual({
      idAsamblea: s.id,
      idPunto: cuentas,
      estado: "abierta",
    });
    // Started: no more delegations.
    expect(
      (
        await pedir("POST", `${url}/delegaciones`, d.token, {
          idDelegante: d.idSocio,
          idDelegado: a.idSocio,
        })
      ).statusCode,
    ).toBe(409);
    expect((await votar(b, { opcion: "si" })).statusCode).toBe(201);
    expect((await votar(b, { opcion: "no" })).statusCode).toBe(409);
    expect((await votar(b, { opcion: "no", enNombreDe: c.idSocio })).statusCode).toBe(201);
    expect((await votar(b, { opcion: "no", enNombreDe: c.idSocio })).statusCode).toBe(409);
    // Not present.
    expect((await votar(a, { opcion: "si" })).statusCode).toBe(409);
    // d arrives and votes for themself, and for hijo (paper delegation).
    await pedir("POST", `${url}/asistentes`, admin, { idSocio: d.idSocio });
    expect((await votar(d, { opcion: "abstencion" })).statusCode).toBe(201);
    // hijo turns up: takes the vote back, so d can no longer vote for them.
    const llega = await pedir("POST", `${url}/asistentes`, admin, { idSocio: hijo });
    expect(llega.json()).toMatchObject({ recupera: true });
    expect((await votar(d, { opcion: "si", enNombreDe: hijo })).statusCode).toBe(409);
    // Paper: hijo has no app; the board marks and counts.
    const papel = await pedir("POST", `${url}/puntos/${cuentas}/recuento`, admin, {
      votantes: [hijo],
      si: 1,
      no: 0,
      abstencion: 0,
    });
    expect(papel.statusCode, papel.body).toBe(200);
    const cierre = await pedir("POST", `${url}/puntos/${cuentas}/cierre`);
    expect(cierre.json().resultado).toMatchObject({
      recuento: { si: 2, no: 1, abstencion: 1 },
      votantes: 4,
      aprobado: true,
    });
    expect((await votar(d, { opcion: "si" })).statusCode).toBe(409);
  });

  it("el secreto: intercambiar los votos deja la base igual; ni auditoría, ni eventos, ni versión", async () => {
    const url = `/api/asambleas/${s.id}`;
    const [p1, p2] = [s.puntos[3].id, s.puntos[3].id];
    void p2;
    // Point «Capitán»: b votes si and d votes no. Then a copy of the scenario, swapped, on a
    // fresh assembly with the same people: the tables must be the same but for ids.
    const volcado = async (idPunto: number) => {
      const tablas = await sql<{ table_name: string }>`
        select c.table_name from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'id_punto'`.execute(e.db);
      const salida: Record<string, unknown[]> = {};
      for (const { table_name } of tablas.rows) {
        const filas = await sql<Record<string, unknown>>`
          select *, xmin::text as xmin_ from ${sql.table(table_name)} where id_punto = ${idPunto}
          order by ctid`.execute(e.db);
        const xmins = [...new Set(filas.rows.map((f) => Number(f.xmin_)))].sort((x, y) => x - y);
        salida[table_name] = filas.rows.map((f) => ({
          ...f,
          id_punto: "P",
          xmin_: xmins.indexOf(Number(f.xmin_)),
        }));
      }
      return salida;
    };
    const global = async () => {
      const [aud, ev, ver] = await Promise.all([
        e.db
          .selectFrom("auditoria")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        e.db
          .selectFrom("mensaje_evento")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        sql<{ v: string }>`select last_value::text as v from version_datos`.execute(e.db),
      ]);
      return { aud: Number(aud.n), ev: Number(ev.n), ver: ver.rows[0]?.v };
    };
    await pedir("POST", `${url}/puntos/${p1}/apertura`);
    const antes = await global();
    expect(
      (await pedir("POST", `${url}/puntos/${p1}/votos`, b.token, { opcion: "si" })).statusCode,
    ).toBe(201);
    expect(
      (await pedir("POST", `${url}/puntos/${p1}/votos`, d.token, { opcion: "no" })).statusCode,
    ).toBe(201);
    expect(await global()).toEqual(antes);
    const primero = await volcado(p1);
    // The phone of b: still to vote for c (who delegated and has not come).
    const mia = (await pedir("GET", "/api/asambleas/mias", b.token))
      .json()
      .items.find((x: { id: number }) => x.id === s.id).mia;
    expect(mia.punto.pendientes).toEqual([
      expect.objectContaining({ idSocio: c.idSocio, propio: false }),
    ]);
    expect((await pedir("POST", `${url}/puntos/${p1}/cierre`)).statusCode).toBe(200);

    // The same again, swapped, on another assembly.
    const s2 = await asamblea();
    await pedir("POST", `/api/asambleas/${s2.id}/convocatoria`);
    for (const m of [b, d])
      await pedir("POST", `/api/asambleas/${s2.id}/asistentes`, admin, { idSocio: m.idSocio });
    const q1 = s2.puntos[3].id;
    await pedir("POST", `/api/asambleas/${s2.id}/puntos/${q1}/apertura`);
    await pedir("POST", `/api/asambleas/${s2.id}/puntos/${q1}/votos`, b.token, { opcion: "no" });
    await pedir("POST", `/api/asambleas/${s2.id}/puntos/${q1}/votos`, d.token, { opcion: "si" });
    const segundo = await volcado(q1);
    expect(segundo).toEqual(primero);
    // And nowhere in the whole database is a voter's id next to an option of this vote.
    expect(primero.asamblea_voto_publico ?? []).toHaveLength(0);
    expect(primero.asamblea_votante).toHaveLength(2);
    expect(Object.keys((primero.asamblea_votante as object[])[0]).sort()).toEqual(
      ["en_papel", "id_punto", "id_socio", "xmin_"].sort(),
    );
  });

  it("votación pública: nominal; ⅔/¾ sobre el censo", async () => {
    const url = `/api/asambleas/${s.id}`;
    const maset = s.puntos[2].id;
    await pedir("POST", `${url}/puntos/${maset}/apertura`);
    expect(
      (await pedir("POST", `${url}/puntos/${maset}/votos`, b.token, { opcion: "si" })).statusCode,
    ).toBe(201);
    const filas = await e.db
      .selectFrom("asamblea_voto_publico")
      .selectAll()
      .where("id_punto", "=", maset)
      .execute();
    expect(filas).toEqual([expect.objectContaining({ id_socio: b.idSocio, opcion: "si" })]);
    const r = (await pedir("POST", `${url}/puntos/${maset}/cierre`)).json();
    expect(r.resultado.aprobado).toBe(false);
  });

  it("la tarjeta del móvil: la votación abierta y por quién falta votar", async () => {
    const mias = (await pedir("GET", "/api/asambleas/mias", b.token)).json();
    const mia = mias.items.find((x: { id: number }) => x.id === s.id);
    expect(mia.mia).toMatchObject({ presente: true, enCenso: true, punto: null });
  });
});

describe("acta y libros", () => {
  it("borrador rellenado, edición, aprobación con huella y bloqueo; libro de actas numerado", async () => {
    const s = await asamblea();
    const url = `/api/asambleas/${s.id}/acta`;
    const borrador = (await pedir("GET", url)).json();
    expect(borrador.contenido).toContain("Cuentas");
    expect(borrador.hash).toBeNull();
    const put = await pedir("PUT", url, admin, {
      contenido: "<p>Acta <script>x</script>firmada</p>",
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().contenido).not.toContain("<script>");
    const ap = await pedir("POST", `${url}/aprobacion`, admin, { fecha: dentroDe(60) });
    expect(ap.json().hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await pedir("PUT", url, admin, { contenido: "<p>otra</p>" })).statusCode).toBe(409);
    expect(
      (await pedir("POST", `${url}/aprobacion`, admin, { fecha: dentroDe(60) })).statusCode,
    ).toBe(409);
    const libro = await pedir("GET", "/api/asambleas/libro-actas.pdf");
    expect(libro.statusCode).toBe(200);
    const texto = (
      await extractText(await getDocumentProxy(new Uint8Array(libro.rawPayload)), {
        mergePages: true,
      })
    ).text;
    expect(texto).toContain("firmada");
    expect(texto).toContain("Página 1 de");
  });

  it("un acta nunca guardada se aprueba con el borrador de la app (no se queda esperando)", async () => {
    const s = await asamblea();
    const ap = await pedir("POST", `/api/asambleas/${s.id}/acta/aprobacion`, admin, {
      fecha: dentroDe(60),
    });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(ap.json().contenido).toContain("Cuentas");
    expect(ap.json().hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("libro registro de socios en PDF y XLSX, con altas y bajas", async () => {
    const pdf = await pedir("GET", "/api/socios/libro-registro?formato=pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("pdf");
    const xlsx = await pedir("GET", "/api/socios/libro-registro?formato=xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await pedir("GET", "/api/socios/libro-registro?formato=pdf", a.token)).statusCode).toBe(
      403,
    );
  });
});
