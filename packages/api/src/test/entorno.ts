import type { Rol } from "@fila/domain";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { type Config, leerConfig } from "../config.js";
import type { Database } from "../db/database.js";
import { ClaveInstalacion } from "../lib/clave-instalacion.js";
import { hashPassword } from "../lib/passwords.js";
import { crearBaseDePruebas } from "./base-de-pruebas.js";

export type Entorno = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clave: ClaveInstalacion;
  cerrar: () => Promise<void>;
};

/** The real app on a fresh real database, as `app.inject` tests need it. */
export async function crearEntorno(
  cambios: Partial<Config> = {},
  clave = ClaveInstalacion.nueva(),
): Promise<Entorno> {
  const bd = await crearBaseDePruebas();
  const config: Config = {
    ...leerConfig({ LOG_LEVEL: "silent", PUBLIC_URL: "http://fila.test" }, []),
    webDist: null,
    // Tests drive the push queue themselves (PushService.procesarCola).
    pushWorker: false,
    ...cambios,
  };
  const app = await buildApp({ config, db: bd.db, clave, logger: false });
  await app.ready();
  return {
    app,
    db: bd.db,
    config,
    clave,
    cerrar: async () => {
      await app.close();
      await bd.cerrar();
    },
  };
}

export const PASSWORD_PRUEBA = "festa-de-moros-2026";
const hashPrueba = hashPassword(PASSWORD_PRUEBA);

let contador = 0;

/** Creates an account (and, unless told otherwise, a member linked to it) with accepted terms. */
export async function crearCuenta(
  db: Database,
  datos: {
    rol?: Rol;
    email?: string;
    password?: string;
    conSocio?: boolean;
    condiciones?: boolean;
    activo?: boolean;
  } = {},
): Promise<{ id: number; email: string; idSocio: number | null; password: string }> {
  contador += 1;
  const email = datos.email ?? `cuenta${contador}-${Date.now()}@fila.test`;
  const password = datos.password ?? PASSWORD_PRUEBA;
  let idSocio: number | null = null;
  if (datos.conSocio !== false) {
    const socio = await db
      .insertInto("socio")
      .values({ nombre: `Socio${contador}`, apellidos: "Prueba Prueba", email })
      .returning("id")
      .executeTakeFirstOrThrow();
    idSocio = socio.id;
  }
  const version = await db
    .selectFrom("asociacion")
    .select("version_condiciones")
    .executeTakeFirstOrThrow();
  const cuenta = await db
    .insertInto("usuario")
    .values({
      email,
      nombre: `Socio${contador} Prueba`,
      rol: datos.rol ?? "usuario",
      password_hash: password === PASSWORD_PRUEBA ? await hashPrueba : await hashPassword(password),
      id_socio: idSocio,
      activo: datos.activo ?? true,
      condiciones_aceptadas_en: datos.condiciones === false ? null : new Date(),
      condiciones_version: datos.condiciones === false ? null : version.version_condiciones,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: cuenta.id, email, idSocio, password };
}

/** Signs in through the real login call and returns the bearer token. */
export async function entrar(app: FastifyInstance, email: string, password = PASSWORD_PRUEBA) {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  return res.json().accessToken as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
