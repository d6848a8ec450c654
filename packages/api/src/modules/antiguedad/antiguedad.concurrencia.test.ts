import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

/**
 * Simultaneous requests (issue 49b): on PostgreSQL (DATABASE_URL) each request has its own
 * connection and transaction. The member's row lock keeps two overlapping periods out; the unique
 * index keeps an award granted once.
 */
let e: Entorno;
let token: string;

const PETICIONES = 10;

beforeAll(async () => {
  e = await crearEntorno();
  token = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
});

afterAll(async () => {
  await e?.cerrar();
});

const post = (url: string, payload: object) =>
  e.app.inject({ method: "POST", url, headers: bearer(token), payload });

describe("a la vez", () => {
  it("diez periodos que se solapan a la vez: entra uno, los demás 409", async () => {
    const { id } = await e.db
      .insertInto("socio")
      .values({ nombre: "Concurrent", fecha_alta: "2020-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const respuestas = await Promise.all(
      Array.from({ length: PETICIONES }, (_, i) =>
        post(`/api/socios/${id}/periodos`, {
          desde: `2000-01-${String(i + 1).padStart(2, "0")}`,
          hasta: "2010-01-01",
        }),
      ),
    );
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados).toEqual([201, ...Array(PETICIONES - 1).fill(409)]);
    const periodos = await e.db
      .selectFrom("socio_periodo")
      .select("id")
      .where("id_socio", "=", id)
      .execute();
    expect(periodos).toHaveLength(2);
  });

  it("diez concesiones de la misma recompensa al mismo socio: una 201, las demás 409", async () => {
    const { id } = await e.db
      .insertInto("socio")
      .values({ nombre: "Premiat" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: recompensa } = await e.db
      .selectFrom("recompensa")
      .select("id")
      .where("anyos", "=", 25)
      .executeTakeFirstOrThrow();
    const respuestas = await Promise.all(
      Array.from({ length: PETICIONES }, () =>
        post(`/api/recompensas/${recompensa}/concesiones`, { idSocio: id, anyo: 2026 }),
      ),
    );
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([
      201,
      ...Array(PETICIONES - 1).fill(409),
    ]);
  });
});
