import { CARGOS_INICIALES, randomId, validarPassword } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../db/database.js";
import { hashPassword } from "../lib/passwords.js";
import { TesoreriaRepository } from "../modules/tesoreria/tesoreria.repository.js";
import { ErrorDeArranque } from "./fallo-arranque.js";
import { CONDICIONES_POR_DEFECTO, PRIVACIDAD_POR_DEFECTO } from "./textos-por-defecto.js";

export async function asegurarAsociacion(db: Database): Promise<void> {
  await db
    .insertInto("asociacion")
    .values({
      id: 1,
      nombre: "Filà",
      texto_condiciones: CONDICIONES_POR_DEFECTO,
      texto_privacidad: PRIVACIDAD_POR_DEFECTO,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await asegurarTesoreria(db);
  await asegurarCargos(db);
  await asegurarRecompensas(db);
}

/**
 * The awards a filà starts with (issue 49): insignia de plata at 25 counted years, de oro at 50,
 * while it has none. At start-up, not in the migration: a restore runs the migrations on an empty
 * schema and then loads the backup's own rules. Rules are never deleted (only deactivated).
 */
export async function asegurarRecompensas(db: Database): Promise<void> {
  await sql`
    INSERT INTO recompensa (nombre, anyos)
    SELECT v.nombre, v.anyos FROM (VALUES ('Insignia de plata', 25), ('Insignia de oro', 50)) AS v (nombre, anyos)
    WHERE NOT EXISTS (SELECT 1 FROM recompensa)
    ON CONFLICT (nombre) DO NOTHING`.execute(db);
}

/**
 * The positions a filà starts with (issue 49): capitán, alférez, cabo, presidente… by code, once
 * each. Cargos are never deleted (only deactivated), so an existing code is left as it is; «cabo»
 * must exist, the escuadras' cabos are that cargo.
 */
export async function asegurarCargos(db: Database): Promise<void> {
  await db
    .insertInto("cargo")
    .values(
      CARGOS_INICIALES.map(([codigo, nombre, nombre_va, peso], i) => ({
        codigo,
        nombre,
        nombre_va,
        peso,
        orden: (i + 1) * 10,
      })),
    )
    .onConflict((oc) => oc.column("codigo").doNothing())
    .execute();
}

/**
 * The treasury's first rows (issue 47): «Caja», «Banco» with the association's IBAN, the default
 * categories and which accounts receive the automatic movements. Once: a treasury with its
 * settings is left as it is.
 */
export async function asegurarTesoreria(db: Database): Promise<void> {
  await new TesoreriaRepository(db).asegurarInicio();
}

export type PrimerAdministrador = { email: string; password: string | null; generada: boolean };

/**
 * On the first start (no administrator yet) creates one from ADMIN_EMAIL / ADMIN_PASSWORD,
 * or with generated credentials that the caller prints once. Returns null when one exists.
 */
export async function crearPrimerAdministrador(
  db: Database,
  opciones: { email: string | null; password: string | null },
): Promise<PrimerAdministrador | null> {
  const existente = await db
    .selectFrom("usuario")
    .select("id")
    .where("rol", "=", "administrador")
    .executeTakeFirst();
  if (existente) return null;
  const email = opciones.email ?? "admin@fila.local";
  const generada = !opciones.password;
  const password = opciones.password ?? `${randomId(2)}-${randomId(2)}-${randomId(2)}`;
  const problema = validarPassword(password);
  if (problema) throw new ErrorDeArranque(`ADMIN_PASSWORD no es válida: ${problema}`);
  await db
    .insertInto("usuario")
    .values({
      email,
      nombre: "Administración",
      rol: "administrador",
      password_hash: await hashPassword(password),
      id_socio: null,
      condiciones_aceptadas_en: null,
      condiciones_version: null,
    })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        rol: "administrador",
        activo: true,
        password_hash: eb.ref("excluded.password_hash"),
      })),
    )
    .execute();
  return { email, password: generada ? password : null, generada };
}
