import type { Database } from "../packages/api/src/db/database.js";
import { hashPassword } from "../packages/api/src/lib/passwords.js";

/**
 * The board account a measurement signs in with, on its own data: administrador, conditions
 * accepted, no member linked.
 */
export async function crearAdministrador(
  db: Database,
  cuenta: { email: string; password: string; nombre?: string },
): Promise<void> {
  await db
    .insertInto("usuario")
    .values({
      email: cuenta.email,
      ...(cuenta.nombre ? { nombre: cuenta.nombre } : {}),
      rol: "administrador",
      password_hash: await hashPassword(cuenta.password),
      id_socio: null,
      condiciones_aceptadas_en: new Date(),
      condiciones_version: "1",
    })
    .execute();
}
