import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let dataDir: string;

type Cuenta = { token: string; idSocio: number; id: number };
let admin: Cuenta;
let usuarioA: Cuenta;
let usuarioB: Cuenta;
let socioC: Cuenta;
/** A member whose fees usuarioA pays (idPagador = A). */
let hijoDeA: number;

async function cuenta(rol: "administrador" | "usuario" | "socio"): Promise<Cuenta> {
  const c = await crearCuenta(e.db, { rol });
  return { token: await entrar(e.app, c.email), idSocio: c.idSocio ?? 0, id: c.id };
}

type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const llamar = (method: Metodo, url: string, token?: string, payload?: unknown) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let secuencia = 0;
/** A valid DNI: 8 digits and its check letter, different on every call. */
function nif(): string {
  secuencia += 1;
  const n = 10_000_000 + Math.floor(Math.random() * 80_000_000) + secuencia;
  return `${n}${"TRWAGMYFPDXBNJZSQVHLCKE"[n % 23]}`;
}

async function crearSocio(datos: Record<string, unknown> = {}) {
  const res = await llamar("POST", "/api/socios", admin.token, {
    nombre: "Pere",
    apellidos: "Ferrándiz Mira",
    ...datos,
  });
  if (res.statusCode !== 201) throw new Error(`crear socio ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function crearTipo(nombre: string) {
  const t = await e.db
    .insertInto("tipo_socio")
    .values({ nombre, descripcion: `Tipo ${nombre}`, color: "#ffcc00" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return t.id;
}

function multipart(contenido: Buffer, nombre: string, tipo: string, campo = "archivo") {
  const limite = `----fila${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nombre}"\r\nContent-Type: ${tipo}\r\n\r\n`,
    ),
    contenido,
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${limite}` } };
}

const subir = (id: number | string, token: string, cuerpo: ReturnType<typeof multipart>) =>
  e.app.inject({
    method: "POST",
    url: `/api/socios/${id}/imagen`,
    payload: cuerpo.payload,
    headers: { ...bearer(token), ...cuerpo.headers },
  });

const png = (ancho: number, alto: number) =>
  sharp({ create: { width: ancho, height: alto, channels: 3, background: "#b02a2a" } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "secreto" } } })
    .toBuffer();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fila-socios-"));
  e = await crearEntorno({ dataDir });
  admin = await cuenta("administrador");
  usuarioA = await cuenta("usuario");
  usuarioB = await cuenta("usuario");
  socioC = await cuenta("socio");
  hijoDeA = (
    await crearSocio({ nombre: "Pau", idPagador: usuarioA.idSocio, idPadre: usuarioA.idSocio })
  ).id;
});
afterAll(async () => {
  await e?.cerrar();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /api/socios", () => {
  it("rechaza con 400 los campos que no existen o son derivados, nombrándolos, y no crea nada", async () => {
    const antes = await e.db
      .selectFrom("socio")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await llamar("POST", "/api/socios", admin.token, {
      nombre: "Pepa",
      apellidos: "Campos Desconocidos",
      rol: "administrador",
      derramaPagada: 999,
      telefno: "600000000",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "validacion",
      mensaje: "Hay datos que no son válidos. Revisa los campos marcados.",
      detalles: ["rol", "derramaPagada", "telefno"].map((campo) => ({
        campo,
        mensaje: "Este campo no existe en esta petición.",
      })),
    });
    const despues = await e.db
      .selectFrom("socio")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(despues.n)).toBe(Number(antes.n));
  });

  it("da de alta un socio con los valores por defecto y los derivados", async () => {
    const res = await llamar("POST", "/api/socios", admin.token, {
      nombre: "  Vicenta ",
      apellidos: "Martínez Soler",
      nif: "12345678z",
      fechaNacimiento: "1990-02-28",
      importeDerrama: 1000,
      anyosPagoDerrama: 3,
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      nombre: "Vicenta",
      apellidos: "Martínez Soler",
      nif: "12345678Z",
      pagarDerrama: "si",
      tipoDerrama: "no aplica",
      ramell: "si",
      tipoPagoRamell: "completo",
      sexo: "hombre",
      activo: true,
      tipo: null,
      derramaAnual: 333.33,
      derramaPagada: 0,
      derramaPendiente: 1000,
      imagen: null,
      fechaBaja: null,
      motivoBaja: "",
    });
    expect(s.id).toBeGreaterThan(0);
    // Created without a matrícula: it gets the next free number.
    expect(s.matricula).toBeGreaterThan(0);
    expect(s.edad).toBeGreaterThanOrEqual(36);
    expect(s).not.toHaveProperty("rol");
    const leido = await llamar("GET", `/api/socios/${s.id}`, admin.token);
    expect(leido.json()).toEqual(s);
  });

  it("devuelve el tipo de socio como objeto y rechaza un tipo que no existe", async () => {
    const tipo = await crearTipo("Fester");
    const s = await crearSocio({ tipo });
    expect(s.tipo).toEqual({
      id: tipo,
      nombre: "Fester",
      descripcion: "Tipo Fester",
      color: "#ffcc00",
    });
    const res = await llamar("POST", "/api/socios", admin.token, {
      nombre: "A",
      apellidos: "B",
      tipo: 99999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toEqual([
      { campo: "tipo", mensaje: "El tipo de socio elegido no existe." },
    ]);
  });

  it("rechaza un NIF con letra incorrecta con un mensaje en español en el campo nif", async () => {
    const res = await llamar("POST", "/api/socios", admin.token, {
      nombre: "Joan",
      apellidos: "Pastor",
      nif: "12345678A",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "validacion",
      mensaje: "Hay datos que no son válidos. Revisa los campos marcados.",
      detalles: [{ campo: "nif", mensaje: "El NIF o NIE no es válido" }],
    });
  });

  it("informa de cada campo no válido a la vez", async () => {
    const res = await llamar("POST", "/api/socios", admin.token, {
      nombre: "",
      apellidos: "",
      iban: "ES0000000000000000000000",
      bic: "NO",
      email: "sin-arroba",
      fechaNacimiento: "2999-01-01",
      fechaAlta: "2023-02-29",
      numDamas: -1,
      anyosPagoDerrama: -3,
      ramellPago2: "cinco",
      importeDerrama: 12.345,
      sexo: "otro",
      tipoPagoRamell: "a plazos",
    });
    expect(res.statusCode).toBe(400);
    const porCampo = Object.fromEntries(
      res.json().detalles.map((d: { campo: string; mensaje: string }) => [d.campo, d.mensaje]),
    );
    expect(porCampo).toMatchObject({
      nombre: "El nombre es obligatorio",
      apellidos: "Los apellidos son obligatorios",
      iban: "El IBAN no es válido",
      bic: "El BIC no es válido",
      email: "Introduce un correo electrónico válido",
      fechaNacimiento: "La fecha de nacimiento no puede ser futura",
      numDamas: "No puede ser negativo",
      anyosPagoDerrama: "No puede ser negativo",
      ramellPago2: "Introduce un importe válido",
      importeDerrama: "El importe no puede tener más de dos decimales",
      sexo: "Elige una de estas opciones: hombre, mujer",
      tipoPagoRamell: "Elige una de estas opciones: completo, fraccionado",
    });
    expect(porCampo.fechaAlta).toMatch(/fecha válida/);
  });

  it("rechaza una matrícula o un NIF repetidos con 409", async () => {
    const doc = nif();
    await crearSocio({ matricula: 501, nif: doc });
    const m = await llamar("POST", "/api/socios", admin.token, {
      nombre: "X",
      apellidos: "Y",
      matricula: 501,
    });
    expect(m.statusCode).toBe(409);
    expect(m.json()).toMatchObject({
      error: "duplicado",
      mensaje: "Ya hay un socio con la matrícula 501.",
      detalles: [{ campo: "matricula" }],
    });
    const n = await llamar("POST", "/api/socios", admin.token, {
      nombre: "X",
      apellidos: "Y",
      nif: doc.toLowerCase(),
    });
    expect(n.statusCode).toBe(409);
    expect(n.json().mensaje).toBe(`Ya hay un socio con el NIF o NIE ${doc}.`);
  });

  it("admite varios socios sin NIF, y sin matrícula les da la siguiente libre", async () => {
    const conNumero = await crearSocio({ nif: "", matricula: 88_000 });
    const sinNumero = await crearSocio({ nif: "", matricula: 0 });
    const otro = await crearSocio({ nif: "", matricula: null });
    const omitida = await crearSocio({ nif: "" });
    expect([sinNumero.matricula, otro.matricula, omitida.matricula]).toEqual([
      conNumero.matricula + 1,
      conNumero.matricula + 2,
      conNumero.matricula + 3,
    ]);
    const historial = (
      await llamar("GET", `/api/socios/${omitida.id}/historial`, admin.token)
    ).json();
    expect(historial[0].cambios).toContainEqual({
      campo: "matricula",
      antes: null,
      despues: conNumero.matricula + 3,
    });
  });

  it("20 altas a la vez sin matrícula reciben 20 números distintos", async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        llamar("POST", "/api/socios", admin.token, { nombre: `Simultani ${i}`, apellidos: "Alta" }),
      ),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const matriculas = respuestas.map((r) => r.json().matricula as number);
    expect(matriculas.every((m) => m > 0)).toBe(true);
    expect(new Set(matriculas).size).toBe(20);
  });

  it("exige que pagador, padre y pareja existan", async () => {
    const res = await llamar("POST", "/api/socios", admin.token, {
      nombre: "X",
      apellidos: "Y",
      idPagador: 999999,
      idPadre: 999998,
      idPareja: usuarioA.idSocio,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toEqual([
      { campo: "idPagador", mensaje: "El socio elegido no existe." },
      { campo: "idPadre", mensaje: "El socio elegido no existe." },
    ]);
  });
});

describe("PUT y PATCH /api/socios/:id", () => {
  it("PUT sustituye la ficha entera: lo que no se envía vuelve a su valor por defecto", async () => {
    const s = await crearSocio({ telefono: "600111222", sexo: "mujer", numDamas: 2 });
    const res = await llamar("PUT", `/api/socios/${s.id}`, admin.token, {
      nombre: "Rosa",
      apellidos: "Ferrándiz",
      email: "rosa@fila.test",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: "Rosa",
      email: "rosa@fila.test",
      telefono: "",
      sexo: "hombre",
      numDamas: 0,
    });
  });

  it("PATCH cambia solo lo enviado y lo anota en el historial", async () => {
    const s = await crearSocio({ telefono: "600111222", sexo: "mujer" });
    const res = await llamar("PATCH", `/api/socios/${s.id}`, admin.token, {
      telefono: "699000000",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telefono: "699000000", sexo: "mujer", nombre: "Pere" });
    const h = await llamar("GET", `/api/socios/${s.id}/historial`, admin.token);
    expect(h.statusCode).toBe(200);
    const [ultimo, primero] = h.json();
    expect(ultimo).toMatchObject({
      accion: "modificar",
      cambios: [{ campo: "telefono", antes: "600111222", despues: "699000000" }],
    });
    expect(ultimo.usuario).toEqual(expect.any(String));
    expect(primero.accion).toBe("crear");
  });

  it("PATCH rechaza que un socio sea su propio pagador, padre o pareja", async () => {
    const s = await crearSocio();
    const res = await llamar("PATCH", `/api/socios/${s.id}`, admin.token, {
      idPagador: s.id,
      idPadre: s.id,
      idPareja: s.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toEqual([
      "idPagador",
      "idPadre",
      "idPareja",
    ]);
  });

  it("PATCH con la matrícula de otro da 409, con la suya propia no", async () => {
    const a = await crearSocio({ matricula: 601 });
    const b = await crearSocio({ matricula: 602 });
    expect(
      (await llamar("PATCH", `/api/socios/${b.id}`, admin.token, { matricula: 601 })).statusCode,
    ).toBe(409);
    expect(
      (await llamar("PATCH", `/api/socios/${a.id}`, admin.token, { matricula: 601 })).statusCode,
    ).toBe(200);
  });

  it("un id que no existe da 404", async () => {
    expect(
      (await llamar("PATCH", "/api/socios/999999", admin.token, { telefono: "1" })).statusCode,
    ).toBe(404);
    expect((await llamar("GET", "/api/socios/999999", admin.token)).statusCode).toBe(404);
    expect((await llamar("GET", "/api/socios/abc", admin.token)).statusCode).toBe(400);
  });
});

describe("baja, alta y borrado", () => {
  it("la baja conserva la ficha con fecha y motivo; el alta la reactiva", async () => {
    const s = await crearSocio();
    const baja = await llamar("POST", `/api/socios/${s.id}/baja`, admin.token, {
      fechaBaja: "2026-01-15",
      motivoBaja: "Traslado",
    });
    expect(baja.statusCode).toBe(200);
    expect(baja.json()).toMatchObject({
      activo: false,
      fechaBaja: "2026-01-15",
      motivoBaja: "Traslado",
    });
    const alta = await llamar("POST", `/api/socios/${s.id}/alta`, admin.token);
    expect(alta.statusCode).toBe(200);
    expect(alta.json()).toMatchObject({ activo: true, fechaBaja: null, motivoBaja: "" });
    const acciones = (await llamar("GET", `/api/socios/${s.id}/historial`, admin.token))
      .json()
      .map((h: { accion: string }) => h.accion);
    expect(acciones).toEqual(["alta", "baja", "crear"]);
  });

  it("la baja sin fecha usa la de hoy", async () => {
    const s = await crearSocio();
    const res = await llamar("POST", `/api/socios/${s.id}/baja`, admin.token, {});
    expect(res.json().fechaBaja).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("DELETE borra un socio sin pagos (204) y lo anota", async () => {
    const s = await crearSocio();
    expect((await llamar("DELETE", `/api/socios/${s.id}`, admin.token)).statusCode).toBe(204);
    expect((await llamar("GET", `/api/socios/${s.id}`, admin.token)).statusCode).toBe(404);
    expect((await llamar("DELETE", `/api/socios/${s.id}`, admin.token)).statusCode).toBe(404);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "socio")
      .where("id_entidad", "=", s.id)
      .execute();
    expect(auditoria.map((a) => a.accion).sort()).toEqual(["borrar", "crear"]);
  });
});

describe("borrar un socio", () => {
  const manyana = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  let automatico: number;

  beforeAll(async () => {
    // Like the demo's assembly: every new member is enrolled in it on creation.
    const res = await llamar("POST", "/api/actos", admin.token, {
      nombre: "Asamblea automática",
      fecha: manyana,
      inscripcionAutomatica: true,
      aforo: 500,
    });
    expect(res.statusCode, res.body).toBe(201);
    automatico = res.json().id;
  });
  afterAll(async () => {
    await llamar("POST", `/api/actos/${automatico}/cancelacion`, admin.token);
  });

  const acto = async () => (await llamar("GET", `/api/actos/${automatico}`, admin.token)).json();
  const inscripcionesDe = (idSocio: number) =>
    e.db.selectFrom("inscripcion").select("id").where("id_socio", "=", idSocio).execute();

  it("borra un socio recién creado e inscrito automáticamente, y el acto recupera la plaza", async () => {
    const s = await crearSocio({ nombre: "Equivocado" });
    expect(await inscripcionesDe(s.id)).toHaveLength(1);
    const antes = await acto();
    const res = await llamar("DELETE", `/api/socios/${s.id}`, admin.token);
    expect(res.statusCode, res.body).toBe(204);
    expect(await inscripcionesDe(s.id)).toHaveLength(0);
    const despues = await acto();
    expect(despues.numInscritos).toBe(antes.numInscritos - 1);
    expect(despues.plazasLibres).toBe(antes.plazasLibres + 1);
    expect((await llamar("GET", `/api/socios/${s.id}`, admin.token)).statusCode).toBe(404);
  });

  it("no borra (409) a quien paga o es padre de otros, tiene cuenta o ya asistió a un acto", async () => {
    const pagador = await crearSocio({ nombre: "Pagador" });
    await crearSocio({ nombre: "Hija", idPagador: pagador.id, idPadre: pagador.id });
    const res = await llamar("DELETE", `/api/socios/${pagador.id}`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: "en_uso",
      mensaje:
        "No se puede borrar: es el pagador de 1 socio y es el padre o la madre de 1 socio. Puedes darlo de baja.",
    });
    expect(await inscripcionesDe(pagador.id)).toHaveLength(1);

    const conCuenta = await llamar("DELETE", `/api/socios/${usuarioB.idSocio}`, admin.token);
    expect(conCuenta.statusCode).toBe(409);
    expect(conCuenta.json().mensaje).toBe(
      "No se puede borrar: tiene una cuenta de acceso a la aplicación. Puedes darlo de baja.",
    );

    const asistente = await crearSocio({ nombre: "Asistente" });
    const pareja = await crearSocio({ nombre: "Pareja", idPareja: asistente.id });
    await e.db
      .updateTable("inscripcion")
      .set({ asistio: true })
      .where("id_socio", "=", asistente.id)
      .execute();
    const asistio = await llamar("DELETE", `/api/socios/${asistente.id}`, admin.token);
    expect(asistio.statusCode).toBe(409);
    expect(asistio.json().mensaje).toBe(
      "No se puede borrar: tiene 1 asistencia a actos y es la pareja de 1 socio. Puedes darlo de baja.",
    );
    expect((await llamar("GET", `/api/socios/${asistente.id}`, admin.token)).statusCode).toBe(200);
    expect((await llamar("DELETE", `/api/socios/${pareja.id}`, admin.token)).statusCode).toBe(204);
  });
});

describe("GET /api/socios/:id/familia", () => {
  it("da pareja, padre, pagador, hijos y a quién paga", async () => {
    const padre = await crearSocio({ nombre: "Padre", matricula: 701 });
    const pareja = await crearSocio({ nombre: "Pareja" });
    const hijo = await crearSocio({
      nombre: "Hijo",
      idPadre: padre.id,
      idPagador: padre.id,
      idPareja: pareja.id,
    });
    const f = await llamar("GET", `/api/socios/${hijo.id}/familia`, admin.token);
    expect(f.statusCode).toBe(200);
    expect(f.json()).toEqual({
      pareja: {
        id: pareja.id,
        nombre: "Pareja",
        apellidos: "Ferrándiz Mira",
        matricula: pareja.matricula,
        tipo: null,
      },
      padre: {
        id: padre.id,
        nombre: "Padre",
        apellidos: "Ferrándiz Mira",
        matricula: 701,
        tipo: null,
      },
      pagador: expect.objectContaining({ id: padre.id }),
      hijos: [],
      pagaA: [],
    });
    const delPadre = (await llamar("GET", `/api/socios/${padre.id}/familia`, admin.token)).json();
    expect(delPadre.hijos.map((h: { id: number }) => h.id)).toEqual([hijo.id]);
    expect(delPadre.pagaA.map((h: { id: number }) => h.id)).toEqual([hijo.id]);
  });

  it("cada pariente con su tipo, en orden de apellidos, y en cada grupo al que pertenece", async () => {
    const tipo = await crearTipo("Familia");
    const madre = await crearSocio({
      nombre: "Madre",
      apellidos: "Sempere Gisbert",
      tipo,
    });
    const pareja = await crearSocio({
      nombre: "Pareja",
      apellidos: "Abad Mora",
      tipo,
    });
    const hija = await crearSocio({
      nombre: "Hija",
      apellidos: "Sempere Abad",
      idPadre: madre.id,
      idPagador: madre.id,
      tipo,
    });
    const hijo = await crearSocio({ nombre: "Hijo", apellidos: "Abad Sempere", idPadre: madre.id });
    const sobrino = await crearSocio({
      nombre: "Sobrino",
      apellidos: "Gisbert Pla",
      idPagador: madre.id,
    });
    expect(
      (await llamar("PATCH", `/api/socios/${madre.id}`, admin.token, { idPareja: pareja.id }))
        .statusCode,
    ).toBe(200);
    const f = (await llamar("GET", `/api/socios/${madre.id}/familia`, admin.token)).json();
    const conTipo = { id: tipo, nombre: "Familia", descripcion: "Tipo Familia", color: "#ffcc00" };
    expect(f.pareja).toEqual({
      id: pareja.id,
      nombre: "Pareja",
      apellidos: "Abad Mora",
      matricula: pareja.matricula,
      tipo: expect.objectContaining(conTipo),
    });
    expect(f.padre).toBeNull();
    expect(f.pagador).toBeNull();
    expect(f.hijos.map((h: { id: number }) => h.id)).toEqual([hijo.id, hija.id]);
    expect(f.hijos[1].tipo).toEqual(expect.objectContaining(conTipo));
    expect(f.hijos[0].tipo).toBeNull();
    expect(f.pagaA.map((h: { id: number }) => h.id)).toEqual([sobrino.id, hija.id]);
  });
});

describe("GET /api/socios (lista)", () => {
  let tipoLista: number;
  const ids: number[] = [];

  beforeAll(async () => {
    tipoLista = await crearTipo("Lista");
    const datos = [
      {
        nombre: "Josep",
        apellidos: "Martínez Llorens",
        sexo: "hombre",
        fechaNacimiento: "1980-06-01",
        matricula: 9001,
      },
      {
        nombre: "Àngela",
        apellidos: "Álvarez Vidal",
        sexo: "mujer",
        fechaNacimiento: "2010-03-15",
        matricula: 9002,
      },
      {
        nombre: "Maria",
        apellidos: "Zaragoza Peñalver",
        sexo: "mujer",
        fechaNacimiento: "1955-12-31",
        matricula: 9003,
      },
      {
        nombre: "Toni",
        apellidos: "Bernabeu Cano",
        sexo: "hombre",
        fechaNacimiento: null,
        matricula: 9004,
      },
    ];
    for (const d of datos) {
      ids.push(
        (await crearSocio({ ...d, tipo: tipoLista, email: `${d.matricula}@lista.test` })).id,
      );
    }
    await llamar("POST", `/api/socios/${ids[3]}/baja`, admin.token, { motivoBaja: "Fin" });
  });

  const lista = async (query: string) => {
    const res = await llamar("GET", `/api/socios?tipo=${tipoLista}&${query}`, admin.token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const nombres = (cuerpo: { items: { nombre: string }[] }) => cuerpo.items.map((s) => s.nombre);

  it("busca sin tildes ni mayúsculas", async () => {
    expect(nombres(await lista("q=martinez"))).toEqual(["Josep"]);
    expect(nombres(await lista("q=ALVAREZ%20angela"))).toEqual(["Àngela"]);
    expect(nombres(await lista("q=pe%C3%B1alver"))).toEqual(["Maria"]);
    expect(nombres(await lista("q=penalver"))).toEqual(["Maria"]);
  });

  it("busca por NIF, correo y matrícula", async () => {
    const doc = nif();
    const s = await crearSocio({
      nif: doc,
      tipo: tipoLista,
      email: "busca.me@correo.test",
      matricula: 9100,
    });
    expect(nombres(await lista(`q=${doc.slice(2, 7)}`))).toContain("Pere");
    expect((await lista("q=busca.me")).items.map((x: { id: number }) => x.id)).toEqual([s.id]);
    expect((await lista("q=9100")).items.map((x: { id: number }) => x.id)).toEqual([s.id]);
    await llamar("DELETE", `/api/socios/${s.id}`, admin.token);
  });

  it("un % en la búsqueda no es un comodín", async () => {
    expect((await lista("q=%25")).total).toBe(0);
  });

  it("ordena por apellidos sin que las tildes los manden al final, y al revés con -", async () => {
    expect(nombres(await lista("sort=apellidos"))).toEqual(["Àngela", "Toni", "Josep", "Maria"]);
    expect(nombres(await lista("sort=-apellidos"))).toEqual(["Maria", "Josep", "Toni", "Àngela"]);
    expect(nombres(await lista("sort=-matricula"))).toEqual(["Toni", "Maria", "Àngela", "Josep"]);
    expect(nombres(await lista("sort=edad"))).toEqual(["Àngela", "Josep", "Maria", "Toni"]);
    expect(nombres(await lista("sort=-edad"))).toEqual(["Maria", "Josep", "Àngela", "Toni"]);
  });

  it("pagina en el servidor", async () => {
    const p1 = await lista("sort=matricula&pageSize=3&page=1");
    expect(p1).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(nombres(p1)).toEqual(["Josep", "Àngela", "Maria"]);
    const p2 = await lista("sort=matricula&pageSize=3&page=2");
    expect(p2).toMatchObject({ total: 4, page: 2 });
    expect(nombres(p2)).toEqual(["Toni"]);
    const p3 = await lista("sort=matricula&pageSize=3&page=3");
    expect(p3).toMatchObject({ total: 4, items: [] });
  });

  it("filtra por activo, sexo y edad", async () => {
    expect(nombres(await lista("activo=0"))).toEqual(["Toni"]);
    expect(nombres(await lista("activo=1&sexo=mujer"))).toEqual(["Àngela", "Maria"]);
    expect(nombres(await lista("edadMin=18&edadMax=65&sort=nombre"))).toEqual(["Josep"]);
    expect(nombres(await lista("edadMax=17"))).toEqual(["Àngela"]);
  });

  it("rechaza un tamaño de página de más de 200 y un orden que no está en la lista", async () => {
    const grande = await llamar("GET", "/api/socios?pageSize=201", admin.token);
    expect(grande.statusCode).toBe(400);
    expect(grande.json().detalles[0]).toEqual({
      campo: "pageSize",
      mensaje: "El tamaño de página va de 1 a 200",
    });
    const orden = await llamar("GET", "/api/socios?sort=password_hash", admin.token);
    expect(orden.statusCode).toBe(400);
    expect(orden.json().detalles[0].campo).toBe("sort");
  });
});

describe("permisos", () => {
  it("sin sesión todo da 401", async () => {
    for (const [m, url] of [
      ["GET", "/api/socios"],
      ["GET", `/api/socios/${usuarioA.idSocio}`],
      ["GET", "/api/socios/yo"],
      ["PATCH", "/api/socios/yo"],
      ["GET", "/api/socios/yo/datos"],
      ["GET", `/api/socios/${usuarioA.idSocio}/imagen`],
      ["POST", "/api/socios"],
      ["DELETE", `/api/socios/${usuarioA.idSocio}`],
    ] as const) {
      const res = await llamar(m, url, undefined, m === "GET" || m === "DELETE" ? undefined : {});
      expect(res.statusCode, `${m} ${url}`).toBe(401);
    }
  });

  it("un usuario o socio no lista, no crea, no borra ni da de baja", async () => {
    for (const c of [usuarioA, socioC]) {
      expect((await llamar("GET", "/api/socios", c.token)).statusCode).toBe(403);
      expect(
        (await llamar("POST", "/api/socios", c.token, { nombre: "X", apellidos: "Y" })).statusCode,
      ).toBe(403);
      expect((await llamar("DELETE", `/api/socios/${c.idSocio}`, c.token)).statusCode).toBe(403);
      expect((await llamar("POST", `/api/socios/${c.idSocio}/baja`, c.token, {})).statusCode).toBe(
        403,
      );
      expect((await llamar("POST", `/api/socios/${c.idSocio}/alta`, c.token)).statusCode).toBe(403);
      expect(
        (await llamar("PUT", `/api/socios/${c.idSocio}`, c.token, { nombre: "X", apellidos: "Y" }))
          .statusCode,
      ).toBe(403);
    }
  });

  it("un usuario lee su ficha, su familia y su historial", async () => {
    for (const url of ["", "/familia", "/historial"]) {
      expect(
        (await llamar("GET", `/api/socios/${usuarioA.idSocio}${url}`, usuarioA.token)).statusCode,
      ).toBe(200);
    }
  });

  it("un usuario no lee la ficha de otro socio ni de uno que no existe (403, IDOR)", async () => {
    for (const url of ["", "/familia", "/historial", "/imagen"]) {
      const res = await llamar("GET", `/api/socios/${usuarioB.idSocio}${url}`, usuarioA.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe("prohibido");
    }
    expect((await llamar("GET", "/api/socios/999999", usuarioA.token)).statusCode).toBe(403);
    expect(
      (await llamar("PATCH", `/api/socios/${usuarioB.idSocio}`, usuarioA.token, { telefono: "1" }))
        .statusCode,
    ).toBe(403);
    expect((await llamar("GET", `/api/socios/${usuarioA.idSocio}`, socioC.token)).statusCode).toBe(
      403,
    );
  });

  it("un usuario lee, sin poder cambiarla, la ficha del socio al que paga", async () => {
    await llamar("PATCH", `/api/socios/${hijoDeA}`, admin.token, {
      comentarios: "Nota de la junta",
    });
    const res = await llamar("GET", `/api/socios/${hijoDeA}`, usuarioA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: hijoDeA, idPagador: usuarioA.idSocio });
    expect(res.json()).not.toHaveProperty("comentarios");
    expect((await llamar("GET", `/api/socios/${hijoDeA}`, admin.token)).json().comentarios).toBe(
      "Nota de la junta",
    );
    // Nor in its history (the audit keeps the note's old and new values).
    const historial = await llamar("GET", `/api/socios/${hijoDeA}/historial`, usuarioA.token);
    expect(historial.statusCode).toBe(200);
    expect(historial.body).not.toContain("Nota de la junta");
    expect((await llamar("GET", `/api/socios/${hijoDeA}/historial`, admin.token)).body).toContain(
      "Nota de la junta",
    );
    expect(
      (await llamar("PATCH", `/api/socios/${hijoDeA}`, usuarioA.token, { telefono: "1" }))
        .statusCode,
    ).toBe(403);
    expect((await llamar("GET", `/api/socios/${hijoDeA}`, usuarioB.token)).statusCode).toBe(403);
    const familia = (
      await llamar("GET", `/api/socios/${usuarioA.idSocio}/familia`, usuarioA.token)
    ).json();
    expect(familia.pagaA.map((s: { id: number }) => s.id)).toContain(hijoDeA);
  });

  it("un socio no ve las notas de la junta en su propia ficha; solo en la descarga de sus datos", async () => {
    const nota = "Nota interna: debe el traje de 2024";
    for (const c of [usuarioA, socioC]) {
      const puesta = await llamar("PATCH", `/api/socios/${c.idSocio}`, admin.token, {
        comentarios: nota,
      });
      expect(puesta.json().comentarios).toBe(nota);
      const respuestas = [
        await llamar("GET", "/api/socios/yo", c.token),
        await llamar("GET", `/api/socios/${c.idSocio}`, c.token),
        await llamar("PATCH", "/api/socios/yo", c.token, { telefono: "600111222" }),
        await llamar("PATCH", `/api/socios/${c.idSocio}`, c.token, { telefono: "600111223" }),
        await llamar("GET", `/api/socios/${c.idSocio}/historial`, c.token),
      ];
      for (const res of respuestas) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain(nota);
        expect(res.body).not.toContain("comentarios");
      }
      // The history keeps the member's own change, without the board's.
      expect(respuestas[4]?.json()[0].cambios).toEqual([
        { campo: "telefono", antes: "600111222", despues: "600111223" },
      ]);
      // The right of access: everything we hold, the notes and their history too.
      const datos = (await llamar("GET", "/api/socios/yo/datos", c.token)).json();
      expect(datos.socio.comentarios).toBe(nota);
      expect(JSON.stringify(datos.historial.socio)).toContain(nota);
      // The board still sees them.
      expect(
        (await llamar("GET", `/api/socios/${c.idSocio}`, admin.token)).json().comentarios,
      ).toBe(nota);
      expect(
        (await llamar("GET", `/api/socios/${c.idSocio}/historial`, admin.token)).body,
      ).toContain(nota);
    }
  });

  it("el documento OpenAPI no declara las notas de la junta en la ficha propia", async () => {
    const doc = (await e.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const propiedades = (ruta: string, metodo: string) =>
      Object.keys(
        doc.paths[ruta][metodo].responses["200"].content["application/json"].schema.properties,
      );
    expect(propiedades("/api/socios/yo", "get")).not.toContain("comentarios");
    expect(propiedades("/api/socios/yo", "patch")).not.toContain("comentarios");
    expect(propiedades("/api/socios/{id}", "get")).toContain("comentarios");
    const ficha = doc.paths["/api/socios/{id}"].get.responses["200"].content["application/json"];
    expect(ficha.schema.required).not.toContain("comentarios");
  });

  it("PATCH sobre su propio id se limita, como /yo, a contacto y banco", async () => {
    const res = await llamar("PATCH", `/api/socios/${usuarioA.idSocio}`, usuarioA.token, {
      telefono: "611223344",
      activo: false,
      matricula: 4242,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telefono: "611223344", activo: true, matricula: 0 });
  });
});

describe("/api/socios/yo", () => {
  it("GET devuelve la ficha propia", async () => {
    const res = await llamar("GET", "/api/socios/yo", usuarioA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(usuarioA.idSocio);
  });

  it("un usuario cambia contacto y banco; cualquier otro campo se rechaza (400) sin cambiar nada", async () => {
    const tipo = await crearTipo("Infantil");
    const antes = (await llamar("GET", "/api/socios/yo", usuarioA.token)).json();
    const propios = {
      direccion: "C/ Sant Jordi, 3",
      poblacion: "Alcoi",
      provincia: "Alacant",
      codPostal: "03801",
      telefono: "965000000",
      email: "NUEVO@fila.test",
      iban: "ES91 2100 0418 4502 0005 1332",
      bic: "CAIXESBBXXX",
    };
    const ajenos = {
      rol: "administrador",
      tipo,
      activo: false,
      matricula: 77,
      importeDerrama: 0.01,
      pagarDerrama: "no",
      tipoDerrama: "completa",
      nombre: "Otro",
      comentarios: "pirata",
      id: 1,
    };
    const rechazo = await llamar("PATCH", "/api/socios/yo", usuarioA.token, {
      ...propios,
      ...ajenos,
    });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().detalles.map((d: { campo: string }) => d.campo)).toEqual(
      Object.keys(ajenos),
    );
    expect((await llamar("GET", "/api/socios/yo", usuarioA.token)).json()).toEqual(antes);

    const res = await llamar("PATCH", "/api/socios/yo", usuarioA.token, propios);
    expect(res.statusCode).toBe(200);
    const despues = res.json();
    expect(despues).toMatchObject({
      direccion: "C/ Sant Jordi, 3",
      poblacion: "Alcoi",
      provincia: "Alacant",
      codPostal: "03801",
      telefono: "965000000",
      email: "nuevo@fila.test",
      iban: "ES9121000418450200051332",
      bic: "CAIXESBBXXX",
    });
    for (const campo of [
      "tipo",
      "activo",
      "matricula",
      "importeDerrama",
      "pagarDerrama",
      "tipoDerrama",
      "nombre",
      "comentarios",
      "id",
    ]) {
      expect(despues[campo], campo).toEqual(antes[campo]);
    }
    const cuenta = await e.db
      .selectFrom("usuario")
      .select("rol")
      .where("id", "=", usuarioA.id)
      .executeTakeFirstOrThrow();
    expect(cuenta.rol).toBe("usuario");
  });

  it("valida lo que sí puede cambiar", async () => {
    const res = await llamar("PATCH", "/api/socios/yo", usuarioA.token, { iban: "ES00 1234" });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toEqual([{ campo: "iban", mensaje: "El IBAN no es válido" }]);
  });

  it("un socio cambia solo su contacto: el banco que envíe el mismo formulario se ignora", async () => {
    const res = await llamar("PATCH", "/api/socios/yo", socioC.token, {
      telefono: "600999888",
      iban: "ES9121000418450200051332",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telefono: "600999888", iban: "", activo: true });
    const ajeno = await llamar("PATCH", "/api/socios/yo", socioC.token, { activo: false });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().detalles).toEqual([
      { campo: "activo", mensaje: "Este campo no existe en esta petición." },
    ]);
  });

  it("una cuenta sin ficha de socio recibe 404 en español", async () => {
    const c = await crearCuenta(e.db, { rol: "usuario", conSocio: false });
    const token = await entrar(e.app, c.email);
    const res = await llamar("GET", "/api/socios/yo", token);
    expect(res.statusCode).toBe(404);
    expect(res.json().mensaje).toBe("Tu cuenta no está vinculada a ninguna ficha de socio.");
  });

  it("GET /yo/datos descarga todo lo que guardamos, sin el hash de la contraseña", async () => {
    const res = await llamar("GET", "/api/socios/yo/datos", usuarioA.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="mis-datos.json"');
    const datos = res.json();
    expect(datos.socio.id).toBe(usuarioA.idSocio);
    expect(datos.cuenta).toMatchObject({
      id: usuarioA.id,
      rol: "usuario",
      idSocio: usuarioA.idSocio,
    });
    expect(datos.sesiones.length).toBeGreaterThan(0);
    expect(datos.sesiones[0]).toEqual({
      creadaEn: expect.any(String),
      expiraEn: expect.any(String),
      revocadaEn: null,
      ip: expect.any(String),
    });
    expect(datos.familia.pagaA.map((s: { id: number }) => s.id)).toContain(hijoDeA);
    expect(datos.historial.socio.some((h: { accion: string }) => h.accion === "modificar")).toBe(
      true,
    );
    expect(res.body).not.toMatch(/password|hash|token/i);
  });
});

describe("foto del socio", () => {
  it("sube un PNG real, lo guarda como WebP de 800 px como mucho y sin metadatos", async () => {
    const s = await crearSocio();
    const res = await subir(
      s.id,
      admin.token,
      multipart(await png(1600, 1000), "foto.png", "image/png"),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().imagen).toMatch(new RegExp(`^/api/socios/${s.id}/imagen\\?v=\\d+$`));
    const foto = await llamar("GET", `/api/socios/${s.id}/imagen`, admin.token);
    expect(foto.statusCode).toBe(200);
    expect(foto.headers["content-type"]).toBe("image/webp");
    expect(foto.headers["cache-control"]).toMatch(/^private/);
    const meta = await sharp(foto.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 500 });
    expect(meta.exif).toBeUndefined();
    const h = (await llamar("GET", `/api/socios/${s.id}/historial`, admin.token)).json();
    expect(h[0].accion).toBe("imagen");
  });

  it("rechaza un texto con nombre .jpg y tipo image/jpeg (400 en español)", async () => {
    const s = await crearSocio();
    const res = await subir(
      s.id,
      admin.token,
      multipart(Buffer.from("no soy una foto\n".repeat(50)), "foto.jpg", "image/jpeg"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "imagen_no_valida",
      mensaje: "La imagen debe ser un archivo JPEG, PNG o WebP.",
    });
  });

  it("rechaza una imagen de más de 5 MB con 413", async () => {
    const s = await crearSocio();
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await subir(s.id, admin.token, multipart(grande, "grande.png", "image/png"));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: "demasiado_grande",
      mensaje: "La imagen no puede ocupar más de 5 MB.",
    });
  });

  it("pide el archivo en el campo «archivo»", async () => {
    const s = await crearSocio();
    const res = await subir(
      s.id,
      admin.token,
      multipart(await png(10, 10), "f.png", "image/png", "otro"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles[0].campo).toBe("archivo");
  });

  it("solo la ven quienes pueden ver al socio (IDOR en la URL de la foto)", async () => {
    expect(
      (
        await subir(
          usuarioA.idSocio,
          usuarioA.token,
          multipart(await png(50, 50), "yo.png", "image/png"),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await subir(hijoDeA, admin.token, multipart(await png(50, 50), "h.png", "image/png")))
        .statusCode,
    ).toBe(200);
    expect(
      (await llamar("GET", `/api/socios/${usuarioA.idSocio}/imagen`, usuarioA.token)).statusCode,
    ).toBe(200);
    expect((await llamar("GET", `/api/socios/${hijoDeA}/imagen`, usuarioA.token)).statusCode).toBe(
      200,
    );
    expect(
      (await llamar("GET", `/api/socios/${usuarioA.idSocio}/imagen`, usuarioB.token)).statusCode,
    ).toBe(403);
    expect((await llamar("GET", `/api/socios/${hijoDeA}/imagen`, usuarioB.token)).statusCode).toBe(
      403,
    );
    expect((await llamar("GET", `/api/socios/${usuarioA.idSocio}/imagen`)).statusCode).toBe(401);
    // Uploading for someone else, even the member one pays for, is refused before reading the file.
    expect(
      (
        await subir(
          usuarioB.idSocio,
          usuarioA.token,
          multipart(await png(5, 5), "x.png", "image/png"),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await subir(hijoDeA, usuarioA.token, multipart(await png(5, 5), "x.png", "image/png")))
        .statusCode,
    ).toBe(403);
    expect(
      (await subir(socioC.idSocio, socioC.token, multipart(await png(5, 5), "x.png", "image/png")))
        .statusCode,
    ).toBe(403);
  });

  it("sin foto da 404, y se puede quitar", async () => {
    const s = await crearSocio();
    expect((await llamar("GET", `/api/socios/${s.id}/imagen`, admin.token)).statusCode).toBe(404);
    await subir(s.id, admin.token, multipart(await png(20, 20), "f.png", "image/png"));
    expect((await llamar("DELETE", `/api/socios/${s.id}/imagen`, admin.token)).statusCode).toBe(
      204,
    );
    expect((await llamar("GET", `/api/socios/${s.id}/imagen`, admin.token)).statusCode).toBe(404);
    expect((await llamar("GET", `/api/socios/${s.id}`, admin.token)).json().imagen).toBeNull();
  });
});
