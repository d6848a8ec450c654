import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

/**
 * One escuadra per festero per year under simultaneous requests (issue 49): on PostgreSQL
 * (DATABASE_URL) every request has its own connection and transaction; the member's row lock and
 * the unique index (id_socio, anyo) of escuadras keep each festero in exactly one.
 */
let e: Entorno;
let token: string;
const ANYO = 2031;
const ESCUADRAS = 4;
const FESTEROS = 3;

beforeAll(async () => {
  e = await crearEntorno();
  token = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
});

afterAll(async () => {
  await e?.cerrar();
});

const pedir = (method: "POST" | "PUT", url: string, payload: object) =>
  e.app.inject({ method, url, headers: bearer(token), payload });

describe("una escuadra por festero y año, con peticiones simultáneas", () => {
  it("altas, movimientos y cabos a la vez: cada festero acaba en exactamente una", async () => {
    const escuadras: number[] = [];
    for (let i = 0; i < ESCUADRAS; i++) {
      const r = await pedir("POST", "/api/escuadras", { anyo: ANYO, nombre: `Escuadra ${i}` });
      expect(r.statusCode, r.body).toBe(201);
      escuadras.push(r.json().id);
    }
    const festeros: number[] = [];
    for (let i = 0; i < FESTEROS; i++) {
      const s = await e.db
        .insertInto("socio")
        .values({ nombre: `Festero ${i}`, apellidos: "Concurrent" })
        .returning("id")
        .executeTakeFirstOrThrow();
      festeros.push(s.id);
    }

    // First round: every festero added to every escuadra at once, without moving: one 200 each.
    const altas = await Promise.all(
      festeros.flatMap((idSocio) =>
        escuadras.map((g) => pedir("POST", `/api/escuadras/${g}/miembros`, { idSocio })),
      ),
    );
    expect(altas.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    for (const [i, idSocio] of festeros.entries()) {
      const suyas = altas.slice(i * ESCUADRAS, (i + 1) * ESCUADRAS).map((r) => r.statusCode);
      expect(suyas.filter((s) => s === 200)).toHaveLength(1);
      expect(suyas.filter((s) => s === 409)).toHaveLength(ESCUADRAS - 1);
      void idSocio;
    }

    // Second round: drags to every escuadra and cabo assignments, all at once.
    const otra = await Promise.all(
      festeros.flatMap((idSocio) => [
        ...escuadras.map((g) =>
          pedir("POST", `/api/escuadras/${g}/miembros`, { idSocio, mover: true }),
        ),
        ...escuadras.map((g) => pedir("PUT", `/api/escuadras/${g}/cabo`, { idSocio })),
      ]),
    );
    expect(otra.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(otra.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);

    const filas = await e.db
      .selectFrom("grupo_miembro")
      .select(["id_socio", "id_grupo"])
      .where("anyo", "=", ANYO)
      .execute();
    expect(filas.map((f) => f.id_socio).sort()).toEqual([...festeros].sort());
    // A cabo is always a member of the escuadra they are cabo of (the composite key), one per
    // escuadra, and a festero is cabo of at most one escuadra of the year.
    const cabos = await e.db
      .selectFrom("socio_cargo")
      .select(["id_socio", "id_grupo"])
      .where("id_grupo", "in", escuadras)
      .execute();
    for (const c of cabos) {
      expect(filas).toContainEqual({ id_socio: c.id_socio, id_grupo: c.id_grupo });
    }
    expect(new Set(cabos.map((c) => c.id_socio)).size).toBe(cabos.length);
  });
});
