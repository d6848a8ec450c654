import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../errors/domain-error.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { type TipoTrabajo, Trabajos } from "./trabajos.js";

const silencio = {
  info() {},
  warn() {},
  error() {},
} as unknown as FastifyBaseLogger;

let e: Entorno;
let admin = "";
let socio = "";

/** A promise resolved from outside: a job that waits for the test. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((r) => {
    abrir = r;
  });
  return { abierta, abrir };
}

async function fila(id: number) {
  return e.db.selectFrom("trabajo").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  e = await crearEntorno();
  await crearCuenta(e.db, { email: "junta@trabajos.test", rol: "administrador" });
  await crearCuenta(e.db, { email: "socio@trabajos.test", rol: "socio" });
  admin = await entrar(e.app, "junta@trabajos.test");
  socio = await entrar(e.app, "socio@trabajos.test");
  await sql`CREATE TABLE prueba_trabajo (n integer NOT NULL)`.execute(e.db);
});
afterAll(async () => {
  await e?.cerrar();
});

describe("el ejecutor de trabajos", () => {
  it("lanza el trabajo, deja ver su progreso y guarda el resultado", async () => {
    const t = new Trabajos(e.db, silencio, { instancia: "a" });
    const paso = compuerta();
    const sigue = compuerta();
    t.registrar<{ n: number }, { filas: number }>({
      tipo: "contar",
      alCortarse: "fallar",
      async ejecutar(ctx) {
        ctx.progreso(0.5);
        paso.abrir();
        await sigue.abierta;
        return ctx.terminarEn(async (trx) => {
          await sql`INSERT INTO prueba_trabajo SELECT generate_series(1, ${ctx.parametros.n})`.execute(
            trx,
          );
          return { filas: ctx.parametros.n };
        });
      },
    });
    const { id, nuevo } = await t.encolar({ tipo: "contar", parametros: { n: 3 }, creadoPor: 1 });
    expect(nuevo).toBe(true);
    await paso.abierta;
    // Written in the background, never awaited by the job.
    await expect.poll(async () => (await t.leer(id))?.progreso).toBe(0.5);
    expect(await t.leer(id)).toMatchObject({ tipo: "contar", estado: "en_curso", error: null });
    // The same request while it runs: the same job.
    expect(await t.encolar({ tipo: "contar", parametros: { n: 3 } })).toEqual({ id, nuevo: false });
    sigue.abrir();
    await t.esperar(id);
    expect(await t.leer(id)).toEqual({
      tipo: "contar",
      estado: "terminado",
      progreso: 1,
      resultado: { filas: 3 },
      error: null,
    });
    expect((await fila(id)).creado_por).toBe(1);
    // Ended: the same request is a new job.
    const otro = await t.encolar({ tipo: "contar", parametros: { n: 0 } });
    const otroIgual = await t.encolar({ tipo: "contar", parametros: { n: 0 } });
    expect(otro.id).not.toBe(id);
    await t.esperar(otro.id);
    await t.esperar(otroIgual.id);
    await sql`DELETE FROM prueba_trabajo`.execute(e.db);
  });

  it("un error deja el trabajo fallido con su mensaje en español y sin nada escrito", async () => {
    const t = new Trabajos(e.db, silencio, { instancia: "b" });
    t.registrar<{ como: string }, never>({
      tipo: "romper",
      alCortarse: "fallar",
      ejecutar: (ctx) =>
        ctx.terminarEn(async (trx) => {
          await sql`INSERT INTO prueba_trabajo VALUES (1)`.execute(trx);
          if (ctx.parametros.como === "dominio") {
            throw new DomainError("conflicto", "no_encontrado.trabajo");
          }
          throw new Error("boom");
        }),
    });
    const a = await t.encolar({ tipo: "romper", parametros: { como: "dominio" } });
    const b = await t.encolar({ tipo: "romper", parametros: { como: "otro" } });
    await t.esperar(a.id);
    await t.esperar(b.id);
    expect(await t.leer(a.id)).toMatchObject({
      estado: "fallido",
      error: "El trabajo no existe.",
    });
    expect((await t.leer(b.id))?.error).toMatch(/^El trabajo ha fallado por un error del servidor/);
    const { n } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM prueba_trabajo`
      .execute(e.db)
      .then((r) => r.rows[0] ?? { n: -1 });
    expect(n).toBe(0);
  });

  it("lo que sigue a un trabajo corre tras los que terminan bien de sus tipos, no tras los que fallan", async () => {
    const errores: string[] = [];
    const log = { ...silencio, error: (_o: unknown, m: string) => errores.push(m) } as never;
    const t = new Trabajos(e.db, log, { instancia: "oyente" });
    const tipo = (nombre: string): TipoTrabajo<{ ok: boolean }, number> => ({
      tipo: nombre,
      alCortarse: "fallar",
      ejecutar: (ctx) =>
        ctx.terminarEn(async () => {
          if (!ctx.parametros.ok) throw new DomainError("conflicto", "no_encontrado.trabajo");
          return 1;
        }),
    });
    t.registrar(tipo("emitir"));
    t.registrar(tipo("cobrar"));
    t.registrar(tipo("otro"));
    const avisos: string[] = [];
    t.alTerminar(["emitir", "cobrar"], () => {
      avisos.push("plegar");
    });
    t.alTerminar(["cobrar"], () => {
      throw new Error("el oyente falla");
    });
    for (const [nombre, ok] of [
      ["emitir", true],
      ["emitir", false],
      ["otro", true],
      ["cobrar", true],
    ] as const) {
      const { id } = await t.encolar({ tipo: nombre, parametros: { ok } });
      await t.esperar(id);
      expect((await t.leer(id))?.estado).toBe(ok ? "terminado" : "fallido");
    }
    expect(avisos).toEqual(["plegar", "plegar"]);
    expect(errores).toEqual(["ha fallado lo que sigue a un trabajo"]);
  });

  it("un trabajo cortado (arriendo vencido) lo falla otra instancia y el cortado ya no escribe", async () => {
    const a = new Trabajos(e.db, silencio, { instancia: "caida", arriendoMs: 60_000 });
    const b = new Trabajos(e.db, silencio, { instancia: "viva" });
    const sigue = compuerta();
    const tipo: TipoTrabajo<unknown, { ok: boolean }> = {
      tipo: "lento",
      alCortarse: "fallar",
      async ejecutar(ctx) {
        await sigue.abierta;
        return ctx.terminarEn(async (trx) => {
          await sql`INSERT INTO prueba_trabajo VALUES (7)`.execute(trx);
          return { ok: true };
        });
      },
    };
    a.registrar(tipo);
    b.registrar(tipo);
    const { id } = await a.encolar({ tipo: "lento", parametros: {} });
    // Nothing expired yet: nothing to take.
    expect(await b.recuperar()).toBe(0);
    // As if «caida» had stopped renewing it.
    await sql`UPDATE trabajo SET arrendado_hasta = now() - interval '1 second' WHERE id = ${id}`.execute(
      e.db,
    );
    expect(await b.recuperar()).toBe(1);
    expect(await b.leer(id)).toMatchObject({
      estado: "fallido",
      error: expect.stringMatching(/servidor se reinició/),
    });
    sigue.abrir();
    await a.esperar(id);
    expect((await a.leer(id))?.estado).toBe("fallido");
    const { n } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM prueba_trabajo`
      .execute(e.db)
      .then((r) => r.rows[0] ?? { n: -1 });
    expect(n).toBe(0);
  });

  it("un tipo que se reanuda lo vuelve a ejecutar otra instancia", async () => {
    const a = new Trabajos(e.db, silencio, { instancia: "caida2" });
    const b = new Trabajos(e.db, silencio, { instancia: "viva2" });
    const nunca = new Promise<never>(() => {});
    a.registrar({ tipo: "reanudable", alCortarse: "reanudar", ejecutar: () => nunca });
    b.registrar<unknown, { intento: number }>({
      tipo: "reanudable",
      alCortarse: "reanudar",
      ejecutar: async (ctx) => ({ intento: ctx.intento }),
    });
    const { id } = await a.encolar({ tipo: "reanudable", parametros: { x: 1 } });
    await sql`UPDATE trabajo SET arrendado_hasta = now() - interval '1 second' WHERE id = ${id}`.execute(
      e.db,
    );
    expect(await b.recuperar()).toBe(1);
    await b.esperar(id);
    expect(await b.leer(id)).toMatchObject({ estado: "terminado", resultado: { intento: 2 } });
  });

  it("el arriendo se renueva mientras el trabajo corre", async () => {
    const t = new Trabajos(e.db, silencio, { instancia: "latido", arriendoMs: 300 });
    const sigue = compuerta();
    t.registrar({ tipo: "latido", alCortarse: "fallar", ejecutar: () => sigue.abierta });
    const { id } = await t.encolar({ tipo: "latido", parametros: {} });
    const antes = (await fila(id)).arrendado_hasta as Date;
    await expect
      .poll(async () => new Date((await fila(id)).arrendado_hasta as Date).getTime(), {
        timeout: 3000,
      })
      .toBeGreaterThan(new Date(antes).getTime());
    expect(await t.recuperar()).toBe(0);
    sigue.abrir();
    await t.esperar(id);
    expect((await t.leer(id))?.estado).toBe("terminado");
  });

  it("dos peticiones iguales a la vez desde dos instancias: un solo trabajo", async () => {
    const a = new Trabajos(e.db, silencio, { instancia: "x1" });
    const b = new Trabajos(e.db, silencio, { instancia: "x2" });
    const sigue = compuerta();
    let ejecuciones = 0;
    const tipo = {
      tipo: "unico",
      alCortarse: "fallar" as const,
      ejecutar: async () => {
        ejecuciones += 1;
        await sigue.abierta;
      },
    };
    a.registrar(tipo);
    b.registrar(tipo);
    const r = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).encolar({ tipo: "unico", parametros: { anyo: 2026 } }),
      ),
    );
    expect(new Set(r.map((x) => x.id)).size).toBe(1);
    expect(r.filter((x) => x.nuevo)).toHaveLength(1);
    // Two instances looking for cut jobs at once take each at most once.
    await sql`UPDATE trabajo SET arrendado_hasta = now() - interval '1 second' WHERE id = ${r[0]?.id ?? 0}`.execute(
      e.db,
    );
    const tomados = await Promise.all([a.recuperar(), b.recuperar()]);
    expect(tomados[0] + tomados[1]).toBe(1);
    sigue.abrir();
    await a.parar();
    await b.parar();
    expect(ejecuciones).toBe(1);
  });
});

describe("GET /api/trabajos/:id", () => {
  it("solo la junta lo ve; uno que no existe da 404", async () => {
    const t = e.app.servicios.trabajos;
    t.registrar({ tipo: "ruta", alCortarse: "fallar", ejecutar: async () => ({ hecho: 1 }) });
    const { id } = await t.encolar({ tipo: "ruta", parametros: {} });
    await t.esperar(id);
    const ok = await e.app.inject({ url: `/api/trabajos/${id}`, headers: bearer(admin) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      tipo: "ruta",
      estado: "terminado",
      progreso: 1,
      resultado: { hecho: 1 },
      error: null,
    });
    const otro = await e.app.inject({ url: `/api/trabajos/${id}`, headers: bearer(socio) });
    expect(otro.statusCode).toBe(403);
    const sin = await e.app.inject({ url: `/api/trabajos/${id}` });
    expect(sin.statusCode).toBe(401);
    const falta = await e.app.inject({ url: "/api/trabajos/999999", headers: bearer(admin) });
    expect(falta.statusCode).toBe(404);
    expect(falta.json().mensaje).toBe("El trabajo no existe.");
  });

  it("el error de un trabajo se lee en el idioma de quien lo consulta (issue 45)", async () => {
    const t = e.app.servicios.trabajos;
    t.registrar({
      tipo: "falla",
      alCortarse: "fallar",
      ejecutar: async () => {
        throw new DomainError("conflicto", "no_encontrado.trabajo");
      },
    });
    t.registrar({
      tipo: "revienta",
      alCortarse: "fallar",
      ejecutar: () => Promise.reject(new Error("x")),
    });
    const cuenta = await crearCuenta(e.db, { rol: "administrador" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const va = await entrar(e.app, cuenta.email);
    const error = async (tipo: string, token: string) => {
      const { id } = await t.encolar({ tipo, parametros: { token } });
      await t.esperar(id);
      const r = await e.app.inject({ url: `/api/trabajos/${id}`, headers: bearer(token) });
      return r.json().error as string;
    };
    expect(await error("falla", va)).toBe("El treball no existix.");
    expect(await error("falla", admin)).toBe("El trabajo no existe.");
    expect(await error("revienta", va)).toMatch(/^El treball ha fallat per un error del servidor/);
  });
});
