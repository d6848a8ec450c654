import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { InscripcionesRepository } from "./inscripciones.repository.js";

let e: Entorno;
let token: string;

const AFORO = 30;
const PETICIONES = 100;

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, admin.email);
});

afterAll(async () => {
  await e?.cerrar();
});

async function crearSocios(n: number, nombre: string) {
  return e.db
    .insertInto("socio")
    .values(
      Array.from({ length: n }, (_, i) => ({ nombre: `${nombre}${i}`, apellidos: "Carrera" })),
    )
    .returning("id")
    .execute();
}

/** Every member enrols in the event at once. */
const inscribirTodos = (idActo: number, socios: { id: number }[]) =>
  Promise.all(
    socios.map((s) =>
      e.app.inject({
        method: "POST",
        url: `/api/actos/${idActo}/inscripciones`,
        headers: bearer(token),
        payload: { idSocio: s.id },
      }),
    ),
  );

const crearActo = (payload: object) =>
  e.app.inject({ method: "POST", url: "/api/actos", headers: bearer(token), payload });

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

describe("aforo bajo concurrencia", () => {
  it(`con aforo ${AFORO} y ${PETICIONES} inscripciones simultáneas se ocupan exactamente ${AFORO} plazas`, async () => {
    const socios = await crearSocios(PETICIONES, "Concurrente");
    const creado = await crearActo({
      nombre: "Cena con aforo",
      fecha: dentroDe(30),
      aforo: AFORO,
      listaEspera: false,
      sePaga: false,
    });
    expect(creado.statusCode).toBe(201);
    const idActo = creado.json().id as number;

    const respuestas = await inscribirTodos(idActo, socios);
    const creadas = respuestas.filter((r) => r.statusCode === 201);
    const rechazadas = respuestas.filter((r) => r.statusCode === 409);
    expect(creadas).toHaveLength(AFORO);
    expect(rechazadas).toHaveLength(PETICIONES - AFORO);
    expect(new Set(rechazadas.map((r) => r.json().mensaje))).toEqual(new Set(["No quedan plazas"]));

    const filas = await e.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_acto", "=", idActo)
      .executeTakeFirstOrThrow();
    expect(Number(filas.n)).toBe(AFORO);
  });

  it("con lista de espera: 300 a la vez para 50 plazas dan 50 confirmadas y 250 en espera (puestos 1…250); 20 bajas a la vez suben exactamente a las 20 primeras", async () => {
    const PLAZAS = 50;
    const socios = await crearSocios(300, "Espera");
    const creado = await crearActo({
      nombre: "Cena con lista de espera",
      fecha: dentroDe(30),
      aforo: PLAZAS,
    });
    expect(creado.statusCode).toBe(201);
    // On creation, an event with an aforo has a wait-list unless told otherwise.
    expect(creado.json().listaEspera).toBe(true);
    const idActo = creado.json().id as number;

    const respuestas = await inscribirTodos(idActo, socios);
    expect(new Set(respuestas.map((r) => r.statusCode))).toEqual(new Set([201]));
    const inscripciones = respuestas.map(
      (r) => r.json() as { id: number; estado: string; puestoEspera: number | null },
    );
    const confirmadas = inscripciones.filter((i) => i.estado === "confirmada");
    const enEspera = inscripciones.filter((i) => i.estado === "en_espera");
    expect(confirmadas).toHaveLength(PLAZAS);
    expect(confirmadas.every((i) => i.puestoEspera === null)).toBe(true);
    expect(enEspera.map((i) => i.puestoEspera).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    // Arrival order is the order of the positions given.
    const porPuesto = [...enEspera].sort((a, b) => (a.puestoEspera ?? 0) - (b.puestoEspera ?? 0));
    expect(porPuesto.map((i) => i.id)).toEqual(
      [...porPuesto.map((i) => i.id)].sort((a, b) => a - b),
    );

    const bajas = await Promise.all(
      confirmadas.slice(0, 20).map((i) =>
        e.app.inject({
          method: "DELETE",
          url: `/api/actos/${idActo}/inscripciones/${i.id}`,
          headers: bearer(token),
        }),
      ),
    );
    expect(new Set(bajas.map((r) => r.statusCode))).toEqual(new Set([200]));

    const listado = await e.app.inject({
      method: "GET",
      url: `/api/actos/${idActo}/inscripciones`,
      headers: bearer(token),
    });
    const { acto, items, totales } = listado.json() as {
      acto: { numInscritos: number; plazasLibres: number; numEnEspera: number };
      items: { id: number; estado: string; puestoEspera: number | null }[];
      totales: { personas: number };
    };
    const ahoraConfirmadas = items.filter((i) => i.estado === "confirmada");
    const promovidas = porPuesto.slice(0, 20).map((i) => i.id);
    expect(ahoraConfirmadas).toHaveLength(PLAZAS);
    expect(ahoraConfirmadas.map((i) => i.id)).toEqual(expect.arrayContaining(promovidas));
    const siguen = items.filter((i) => i.estado === "en_espera");
    expect(siguen.map((i) => i.id)).toEqual(porPuesto.slice(20).map((i) => i.id));
    expect(siguen.map((i) => i.puestoEspera)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(acto).toMatchObject({ numInscritos: PLAZAS, plazasLibres: 0, numEnEspera: 230 });
    expect(totales.personas).toBe(PLAZAS);
    const filas = await e.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_acto", "=", idActo)
      .where("estado", "=", "confirmada")
      .executeTakeFirstOrThrow();
    expect(Number(filas.n)).toBe(acto.numInscritos);
  });

  it("con invitados también: nunca se supera el aforo contando socios e invitados", async () => {
    const socios = await crearSocios(40, "Invitador");
    const creado = await crearActo({
      nombre: "Cena con invitados",
      fecha: dentroDe(30),
      aforo: 25,
      listaEspera: false,
      invitadosMax: 2,
    });
    const idActo = creado.json().id as number;
    const respuestas = await Promise.all(
      socios.map((s, i) =>
        e.app.inject({
          method: "POST",
          url: `/api/actos/${idActo}/inscripciones`,
          headers: bearer(token),
          payload: { idSocio: s.id, invitados: i % 3 },
        }),
      ),
    );
    expect(respuestas.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const { personas } = await e.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.sum<number>(eb("invitados", "+", 1)).as("personas"))
      .where("id_acto", "=", idActo)
      .executeTakeFirstOrThrow();
    expect(Number(personas)).toBeLessThanOrEqual(25);
    expect(Number(personas)).toBeGreaterThanOrEqual(23);
  });

  it("de pago y con invitados, las que llegan juntas (escritas en lote) llevan cada una su cargo y no queda plaza sin vender a quien cabía", async () => {
    const socios = await crearSocios(24, "Lote");
    const tipo = await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Tipo del lote", color: "#654321" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .updateTable("socio")
      .set({ id_tipo_socio: tipo.id })
      .where(
        "id",
        "in",
        socios.map((s) => s.id),
      )
      .execute();
    const AFORO_LOTE = 17;
    const creado = await crearActo({
      nombre: "Cena del lote",
      fecha: dentroDe(30),
      aforo: AFORO_LOTE,
      listaEspera: false,
      invitadosMax: 3,
      sePaga: true,
      precioInvitado: 5,
      precios: [{ idTipoSocio: tipo.id, idProducto: null, precio: 20 }],
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const idActo = creado.json().id as number;
    // Parties of 4, 1, 2, 3, 4, 1…: a big one that does not fit must not keep out a small one.
    const invitados = (i: number) => [3, 0, 1, 2][i % 4] as number;
    const respuestas = await Promise.all(
      socios.map((s, i) =>
        e.app.inject({
          method: "POST",
          url: `/api/actos/${idActo}/inscripciones`,
          headers: bearer(token),
          payload: { idSocio: s.id, invitados: invitados(i) },
        }),
      ),
    );
    expect(respuestas.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const dentro = await e.db
      .selectFrom("inscripcion")
      .leftJoin("pago", "pago.id", "inscripcion.id_pago")
      .select([
        "inscripcion.id_socio",
        "inscripcion.invitados",
        "inscripcion.importe",
        "inscripcion.estado",
        "pago.id_socio as pago_socio",
        "pago.importe as pago_importe",
        "pago.estado as pago_estado",
      ])
      .where("inscripcion.id_acto", "=", idActo)
      .execute();
    const personas = dentro.reduce((n, i) => n + 1 + i.invitados, 0);
    expect(personas).toBeLessThanOrEqual(AFORO_LOTE);
    const acto = await e.db
      .selectFrom("acto")
      .select("ocupadas")
      .where("id", "=", idActo)
      .executeTakeFirstOrThrow();
    expect(acto.ocupadas).toBe(personas);
    // Every one in has its own charge, to themselves, for their party: 20 € + 5 € a guest.
    for (const i of dentro) {
      expect(i.estado).toBe("confirmada");
      expect(i.pago_socio).toBe(i.id_socio);
      expect(i.pago_estado).toBe("pendiente");
      expect(i.importe).toBe(2000 + 500 * i.invitados);
      expect(i.pago_importe).toBe(i.importe);
    }
    const cargos = await e.db
      .selectFrom("pago")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(
        "id_socio",
        "in",
        socios.map((s) => s.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(cargos.n)).toBe(dentro.length);
    // Whoever was told «no places» did not fit in what was left.
    respuestas.forEach((r, i) => {
      if (r.statusCode === 409) expect(personas + 1 + invitados(i)).toBeGreaterThan(AFORO_LOTE);
    });
  });

  it("las inscripciones que llegan juntas se leen juntas y cada una recibe lo suyo", async () => {
    const [activo1, activo2, deBaja] = await e.db
      .insertInto("socio")
      .values([
        { nombre: "Junta1", apellidos: "Carrera" },
        { nombre: "Junta2", apellidos: "Carrera" },
        { nombre: "Junta3", apellidos: "Carrera", activo: false },
      ])
      .returning("id")
      .execute();
    const crearComida = async (nombre: string) =>
      (await crearActo({ nombre, fecha: dentroDe(30), aforo: 10, listaEspera: false })).json()
        .id as number;
    const idA = await crearComida("Comida de la junta A");
    const idB = await crearComida("Comida de la junta B");
    const peticiones: [number, number][] = [
      [idA, activo1.id],
      [idA, activo2.id],
      [idA, deBaja.id],
      [idA, 99_999_999],
      [idB, activo1.id],
      [idB, activo2.id],
      [idB, activo2.id],
      // An id past what the database holds is refused before the read, and fails no other.
      [idB, 3_000_000_000],
    ];
    const respuestas = await Promise.all(
      peticiones.map(([idActo, idSocio]) =>
        e.app.inject({
          method: "POST",
          url: `/api/actos/${idActo}/inscripciones`,
          headers: bearer(token),
          payload: { idSocio },
        }),
      ),
    );
    expect(respuestas.slice(0, 5).map((r) => r.statusCode)).toEqual([201, 201, 409, 404, 201]);
    expect(respuestas[0].json()).toMatchObject({ idActo: idA, idSocio: activo1.id });
    expect(respuestas[1].json()).toMatchObject({ idActo: idA, idSocio: activo2.id });
    expect(respuestas[2].json().mensaje).toBe("El socio está de baja");
    expect(respuestas[3].json().mensaje).toMatch(/socio/i);
    // The same member twice in one event at once: one enrolment, the other told so.
    expect(
      respuestas
        .slice(5, 7)
        .map((r) => r.statusCode)
        .sort(),
    ).toEqual([201, 409]);
    expect(respuestas[7].statusCode).toBe(400);
    expect(respuestas[7].json().detalles).toEqual([
      expect.objectContaining({ campo: "idSocio", mensaje: "Elige un socio válido" }),
    ]);
    const inscritos = await e.db
      .selectFrom("inscripcion")
      .select(["id_acto", "id_socio"])
      .where("id_acto", "in", [idA, idB])
      .orderBy("id_acto")
      .orderBy("id_socio")
      .execute();
    expect(inscritos).toEqual([
      { id_acto: idA, id_socio: activo1.id },
      { id_acto: idA, id_socio: activo2.id },
      { id_acto: idB, id_socio: activo1.id },
      { id_acto: idB, id_socio: activo2.id },
    ]);
  });

  it("la lectura con la fila del acto bloqueada (el último intento) da lo mismo que la lectura en lote", async () => {
    const [socio] = await e.db
      .insertInto("socio")
      .values({ nombre: "Bloqueado", apellidos: "Carrera" })
      .returning("id")
      .execute();
    const tipo = await e.db
      .insertInto("tipo_socio")
      .values({ nombre: "Tipo de la lectura", color: "#123456" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const creado = await crearActo({
      nombre: "Cena de la lectura",
      fecha: dentroDe(30),
      aforo: 5,
      listaEspera: false,
      sePaga: true,
      precios: [{ idTipoSocio: tipo.id, idProducto: null, precio: 12 }],
    });
    expect(creado.statusCode).toBe(201);
    const idActo = creado.json().id as number;
    const repo = new InscripcionesRepository(e.db);
    const bloqueada = (idSocio: number) =>
      repo.transaccion((tx) => tx.paraInscribir(idActo, idSocio, true));

    const enLote = await repo.paraInscribir(idActo, socio.id);
    expect(enLote).toMatchObject({
      id: idActo,
      inscrito: false,
      socio: { id: socio.id, nombre: "Bloqueado", activo: true },
      precios: [{ id_acto: idActo, id_tipo_socio: tipo.id, precio: 1200 }],
    });
    expect(await bloqueada(socio.id)).toEqual(enLote);
    // A member who does not exist: the event, without member; an event that does not exist: nothing.
    expect(await bloqueada(99_999_999)).toMatchObject({ id: idActo, socio: null });
    expect(await repo.paraInscribir(idActo, 99_999_999)).toMatchObject({ id: idActo, socio: null });
    expect(await repo.transaccion((tx) => tx.paraInscribir(99_999_999, socio.id, true))).toBe(
      undefined,
    );
    expect(await repo.paraInscribir(99_999_999, socio.id)).toBe(undefined);
  });
});
