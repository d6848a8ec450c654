import { afterAll, beforeAll, expect, it } from "vitest";
import { nuevoToken } from "../../lib/tokens.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

/**
 * 300 members voting in the same second (issue 48): on PostgreSQL (DATABASE_URL) every request
 * has its own connection and transaction. Each votes twice at once (for themself): exactly one
 * vote each is taken, the other is a 409, and the counts add up exactly.
 */
const MIEMBROS = 300;
let e: Entorno;
let admin: string;
const tokens: { token: string; opcion: "si" | "no" | "abstencion" }[] = [];

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(
    e.app,
    (await crearCuenta(e.db, { rol: "administrador", conSocio: false })).email,
  );
  const socios = await e.db
    .insertInto("socio")
    .values(
      Array.from({ length: MIEMBROS }, (_, i) => ({
        nombre: `Votant${i}`,
        apellidos: "Concurrent",
        fecha_nacimiento: "1980-01-01",
      })),
    )
    .returning("id")
    .execute();
  const usuarios = await e.db
    .insertInto("usuario")
    .values(
      socios.map((s, i) => ({
        email: `votant${i}@fila.test`,
        rol: "socio" as const,
        password_hash: null,
        id_socio: s.id,
        condiciones_aceptadas_en: new Date(),
        condiciones_version: null,
      })),
    )
    .returning(["id"])
    .execute();
  const version = await e.db
    .selectFrom("asociacion")
    .select("version_condiciones")
    .executeTakeFirstOrThrow();
  await e.db
    .updateTable("usuario")
    .set({ condiciones_version: version.version_condiciones })
    .where(
      "id",
      "in",
      usuarios.map((u) => u.id),
    )
    .execute();
  // Sessions minted as the login does (token hash in `sesion`): 300 logins would test the login.
  const sesiones = usuarios.map((u) => ({ u, ...nuevoToken() }));
  await e.db
    .insertInto("sesion")
    .values(
      sesiones.map((s) => ({
        id_usuario: s.u.id,
        token_hash: s.hash,
        expira_en: new Date(Date.now() + 3_600_000),
        ip: "127.0.0.1",
      })),
    )
    .execute();
  const opciones = ["si", "no", "abstencion"] as const;
  sesiones.forEach((s, i) => {
    tokens.push({ token: s.token, opcion: opciones[i % 3] as (typeof opciones)[number] });
  });
});

afterAll(async () => {
  await e?.cerrar();
});

it("300 votos a la vez (y cada uno repetido): uno por socio, recuento exacto", async () => {
  const pedir = (url: string, payload?: object, token = admin) =>
    e.app.inject({ method: "POST", url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const acto = await e.db
    .insertInto("acto")
    .values({ nombre: "Asamblea concurrente", fecha: dentroDe(30) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const res = await pedir("/api/asambleas", {
    idActo: acto.id,
    caracter: "extraordinaria",
    primeraConvocatoria: `${dentroDe(30)}T18:00:00+01:00`,
    puntos: [{ titulo: "Venta del maset", votacion: { modo: "secreta", mayoria: "tres_cuartos" } }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, puntos } = res.json();
  expect((await pedir(`/api/asambleas/${id}/convocatoria`)).statusCode).toBe(200);
  const socios = await e.db
    .selectFrom("asamblea_censo")
    .select("id_socio")
    .where("id_asamblea", "=", id)
    .where("incluido", "=", true)
    .execute();
  expect(socios.length).toBe(MIEMBROS);
  for (const s of socios) await pedir(`/api/asambleas/${id}/asistentes`, { idSocio: s.id_socio });
  expect((await pedir(`/api/asambleas/${id}/puntos/${puntos[0].id}/apertura`)).statusCode).toBe(
    200,
  );

  const url = `/api/asambleas/${id}/puntos/${puntos[0].id}/votos`;
  // Every member sends their vote twice at once. A 503 (the pool could not lend a connection in
  // time: nothing was written) is sent again, as the phone does, until each request is answered.
  let pendientes = tokens.flatMap((t) => [t, t]);
  const respuestas: { statusCode: number; body: string; json: () => { mensaje: string } }[] = [];
  for (let ronda = 0; pendientes.length > 0 && ronda < 30; ronda++) {
    const tanda = await Promise.all(
      pendientes.map(async (t) => ({ t, r: await pedir(url, { opcion: t.opcion }, t.token) })),
    );
    respuestas.push(...tanda.filter((x) => x.r.statusCode !== 503).map((x) => x.r));
    pendientes = tanda.filter((x) => x.r.statusCode === 503).map((x) => x.t);
  }
  expect(pendientes).toHaveLength(0);
  const estados = respuestas.map((r) => r.statusCode);
  const raros = respuestas.filter((r) => r.statusCode !== 201 && r.statusCode !== 409);
  expect(raros.map((r) => `${r.statusCode} ${r.body}`).slice(0, 3)).toEqual([]);
  expect(estados.filter((s) => s === 201)).toHaveLength(MIEMBROS);
  expect(estados.filter((s) => s === 409)).toHaveLength(MIEMBROS);
  const conflictos = respuestas.filter((r) => r.statusCode === 409).map((r) => r.json().mensaje);
  expect([...new Set(conflictos)]).toEqual(["Ya consta un voto en este punto por ese socio"]);
  const cierre = await pedir(`/api/asambleas/${id}/puntos/${puntos[0].id}/cierre`);
  expect(cierre.json().resultado).toMatchObject({
    recuento: { si: MIEMBROS / 3, no: MIEMBROS / 3, abstencion: MIEMBROS / 3 },
    votantes: MIEMBROS,
    aprobado: false,
  });
});
