import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { leerConfig } from "../../config.js";
import type { BaseDeDatos } from "../../db/database.js";
import { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { crearBaseDePruebas } from "../../test/base-de-pruebas.js";
import { bearer, crearCuenta, entrar, PASSWORD_PRUEBA } from "../../test/entorno.js";
import { arrancarSmtp, type SmtpPrueba } from "../../test/smtp-prueba.js";

/**
 * The mailing's job against restores, a second runner, shutdown and a lost job row (issue 45,
 * items 6–8): instances of the real app on one database, each with its own real SMTP server.
 */

const clave = ClaveInstalacion.nueva();
const dataDir = mkdtempSync(path.join(tmpdir(), "fila-envios-trabajo-"));
let bd: BaseDeDatos;
let smtp: SmtpPrueba;
const abiertas: FastifyInstance[] = [];

/** An instance of the app on the shared database, mailing through `smtpUrl`. */
async function instancia(
  nombre: string,
  opciones: { smtpUrl: string; porMinuto?: number; base?: BaseDeDatos },
): Promise<FastifyInstance> {
  process.env.ENVIOS_POR_MINUTO = String(opciones.porMinuto ?? 6000);
  const config = {
    ...leerConfig({ LOG_LEVEL: "silent", PUBLIC_URL: "http://fila.test" }, []),
    webDist: null,
    pushWorker: false,
    dataDir,
    smtpUrl: opciones.smtpUrl,
  };
  const app = await buildApp({
    config,
    db: (opciones.base ?? bd).db,
    clave,
    logger: false,
    trabajos: { instancia: nombre },
  });
  await app.ready();
  abiertas.push(app);
  return app;
}

/** A gate the test opens: an SMTP answer held until then. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((r) => {
    abrir = r;
  });
  return { abierta, abrir };
}

/** The machine may be busy: what happens in the background gets time enough. */
const ESPERA = { timeout: 20_000 };

let contador = 0;
async function socios(base: BaseDeDatos, n: number): Promise<{ ids: number[]; emails: string[] }> {
  const emails = Array.from({ length: n }, () => `trabajo-${++contador}@envios.test`);
  const filas = await base.db
    .insertInto("socio")
    .values(emails.map((email, i) => ({ nombre: `S${i}`, apellidos: "Trabajo", email })))
    .returning("id")
    .execute();
  return { ids: filas.map((f) => f.id), emails };
}

async function lanzar(app: FastifyInstance, base: BaseDeDatos, idsSocio: number[]) {
  const cuenta = await crearCuenta(base.db, { rol: "administrador" });
  const r = await app.inject({
    method: "POST",
    url: "/api/envios",
    headers: bearer(await entrar(app, cuenta.email)),
    payload: { asunto: "Aviso {{nombre}}", cuerpo: "<p>Hola</p>", filtro: { idsSocio } },
  });
  expect(r.statusCode, r.body).toBe(202);
  return { ...(r.json() as { id: number; idTrabajo: number }), cuenta };
}

const estados = async (base: BaseDeDatos, idEnvio: number) =>
  (
    await base.db
      .selectFrom("envio_destinatario")
      .select("estado")
      .where("id_envio", "=", idEnvio)
      .orderBy("id")
      .execute()
  ).map((f) => f.estado);

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  smtp = await arrancarSmtp();
});

afterAll(async () => {
  for (const app of abiertas) await app.close();
  await bd?.cerrar();
  await smtp?.cerrar();
  rmSync(dataDir, { recursive: true, force: true });
  process.env.ENVIOS_POR_MINUTO = "6000";
});

describe("el trabajo de un envío", () => {
  it("dos ejecutores del mismo envío (el primero se quedó congelado): nadie recibe dos correos", async () => {
    // The first instance's SMTP server holds the answer to its first mail: a frozen process.
    const sigue = compuerta();
    const lento = await arrancarSmtp((n) => (n === 1 ? sigue.abierta : undefined));
    try {
      const a = await instancia("congelada", { smtpUrl: lento.url });
      const b = await instancia("viva", { smtpUrl: smtp.url });
      const { ids, emails } = await socios(bd, 3);
      const { id, idTrabajo } = await lanzar(a, bd, ids);
      await expect.poll(() => lento.recibidos.length, ESPERA).toBe(1);
      // Its lease runs out while it waits: the other instance takes the mailing over.
      await sql`UPDATE trabajo SET arrendado_hasta = now() - interval '1 second' WHERE id = ${idTrabajo}`.execute(
        bd.db,
      );
      expect(await b.servicios.trabajos.recuperar()).toBe(1);
      await b.servicios.trabajos.esperar(idTrabajo);
      // The frozen one wakes up: its mail was accepted, and it must not go on.
      sigue.abrir();
      await a.servicios.trabajos.esperar(idTrabajo);
      for (const email of emails) {
        expect(lento.cuantos(email) + smtp.cuantos(email), email).toBeLessThanOrEqual(1);
      }
      // The first one's claim counts as failed (its mail may have gone); the rest were sent.
      expect(await estados(bd, id)).toEqual(["fallido", "enviado", "enviado"]);
      const envio = await bd.db
        .selectFrom("envio")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(envio).toMatchObject({ estado: "terminado", enviados: 2, fallidos: 1 });
    } finally {
      await lento.cerrar();
    }
  }, 60_000);

  it("lanzar un envío y su trabajo es una sola transacción: si el trabajo no se puede crear, no queda el envío", async () => {
    const app = await instancia("una-transaccion", { smtpUrl: smtp.url });
    const { ids } = await socios(bd, 1);
    const contar = async () =>
      Number(
        (
          await bd.db
            .selectFrom("envio")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const antes = await contar();
    await sql`CREATE FUNCTION prueba_sin_trabajos() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sin trabajos'; END $$`.execute(bd.db);
    await sql`CREATE TRIGGER prueba_sin_trabajos BEFORE INSERT ON trabajo
      FOR EACH ROW EXECUTE FUNCTION prueba_sin_trabajos()`.execute(bd.db);
    try {
      const cuenta = await crearCuenta(bd.db, { rol: "administrador" });
      const r = await app.inject({
        method: "POST",
        url: "/api/envios",
        headers: bearer(await entrar(app, cuenta.email)),
        payload: { asunto: "x", cuerpo: "<p>y</p>", filtro: { idsSocio: ids } },
      });
      expect(r.statusCode).toBe(500);
      expect(await contar()).toBe(antes);
    } finally {
      await sql`DROP TRIGGER prueba_sin_trabajos ON trabajo`.execute(bd.db);
      await sql`DROP FUNCTION prueba_sin_trabajos()`.execute(bd.db);
    }
  });

  it("parar el servidor no espera al envío entero; al arrancar otra vez sigue (y los envíos en curso sin trabajo también) y cada uno recibe un correo", async () => {
    // A mail every 10 s: the whole mailing would take 20 s.
    const primera = await instancia("parada", { smtpUrl: smtp.url, porMinuto: 6 });
    const { ids, emails } = await socios(bd, 3);
    const { id, idTrabajo, cuenta } = await lanzar(primera, bd, ids);
    await expect.poll(() => smtp.cuantos(emails[0] as string), ESPERA).toBe(1);
    // Resolved at once (the next recipient is not waited for): 10 s is far more than it needs,
    // and half of what the whole mailing takes.
    let plazo: NodeJS.Timeout | undefined;
    await Promise.race([
      primera.close(),
      new Promise((_, mal) => {
        plazo = setTimeout(() => mal(new Error("app.close() espera al envío entero")), 10_000);
      }),
    ]).finally(() => clearTimeout(plazo));
    expect(await estados(bd, id)).toEqual(["enviado", "pendiente", "pendiente"]);
    // Still running, its lease released: the next start takes it at once.
    const trabajo = await bd.db
      .selectFrom("trabajo")
      .select(["estado", sql<boolean>`arrendado_hasta <= now()`.as("libre")])
      .where("id", "=", idTrabajo)
      .executeTakeFirstOrThrow();
    expect(trabajo).toEqual({ estado: "en_curso", libre: true });

    // A mailing left `en_curso` without its job (as the two statements of before could leave).
    const huerfano = await socios(bd, 2);
    const { id: idHuerfano } = await bd.db
      .insertInto("envio")
      .values({
        asunto: "Huérfano",
        cuerpo: "<p>Hola</p>",
        filtro: sql`'{}'::jsonb`,
        creado_por: cuenta.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await bd.db
      .insertInto("envio_destinatario")
      .values(
        huerfano.ids.map((idSocio, i) => ({
          id_envio: idHuerfano,
          id_socio: idSocio,
          nombre: `S${i}`,
          apellidos: "Trabajo",
          email: huerfano.emails[i] as string,
          estado: "pendiente" as const,
        })),
      )
      .execute();

    await instancia("arrancada", { smtpUrl: smtp.url });
    const terminado = async (idEnvio: number) =>
      (
        await bd.db
          .selectFrom("envio")
          .select("estado")
          .where("id", "=", idEnvio)
          .executeTakeFirstOrThrow()
      ).estado;
    await expect.poll(() => terminado(id), ESPERA).toBe("terminado");
    await expect.poll(() => terminado(idHuerfano), ESPERA).toBe("terminado");
    for (const email of [...emails, ...huerfano.emails]) expect(smtp.cuantos(email), email).toBe(1);
  }, 60_000);
});

describe("un envío y una restauración", () => {
  it("tras restaurar una copia, el envío que estaba en marcha no manda ni escribe nada más", async () => {
    const base = await crearBaseDePruebas();
    const sigue = compuerta();
    const lento = await arrancarSmtp((n) => (n === 1 ? sigue.abierta : undefined));
    try {
      const app = await instancia("restaurada", { smtpUrl: lento.url, base });
      const admin = await crearCuenta(base.db, { rol: "administrador" });
      const { ruta } = await app.servicios.copias.generar();
      const { ids, emails } = await socios(base, 3);
      const { id, idTrabajo } = await lanzar(app, base, ids);
      await expect.poll(() => lento.recibidos.length, ESPERA).toBe(1);
      // While the first mail waits for its answer, the board restores the copy of before.
      const actor = { id: admin.id, nombre: "Junta", email: admin.email } as UsuarioAutenticado;
      await app.servicios.copias.restaurar(actor, ruta, {
        password: PASSWORD_PRUEBA,
        nombre: "Filà",
      });
      sigue.abrir();
      await app.servicios.trabajos.esperar(idTrabajo);
      expect(lento.recibidos.map((m) => m.para)).toEqual([emails[0]]);
      // The restored data has no such mailing, and the job wrote nothing into it.
      const envio = await base.db
        .selectFrom("envio")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      expect(envio).toBeUndefined();
      expect(await estados(base, id)).toEqual([]);
      expect((await app.servicios.trabajos.leer(idTrabajo))?.estado).toBe("fallido");
    } finally {
      await lento.cerrar();
      for (const app of abiertas.splice(0)) await app.close();
      await base.cerrar();
    }
  }, 60_000);
});
