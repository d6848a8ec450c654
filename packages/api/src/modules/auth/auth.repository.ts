import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type CuentaFila = {
  id: number;
  email: string;
  nombre: string;
  rol: "administrador" | "usuario" | "socio";
  idSocio: number | null;
  activo: boolean;
  passwordHash: string | null;
  condicionesVersion: string | null;
  totpActivo: boolean;
  totpSecreto: string | null;
};

const columnasCuenta = [
  "id",
  "email",
  "nombre",
  "rol",
  "id_socio as idSocio",
  "activo",
  "password_hash as passwordHash",
  "condiciones_version as condicionesVersion",
  "totp_activo as totpActivo",
  "totp_secreto as totpSecreto",
] as const;

export class AuthRepository {
  constructor(private readonly db: Database) {}

  cuentaPorEmail(email: string): Promise<CuentaFila | undefined> {
    return this.db
      .selectFrom("usuario")
      .select(columnasCuenta)
      .where("email", "=", email)
      .executeTakeFirst();
  }

  cuentaPorId(id: number): Promise<CuentaFila | undefined> {
    return this.db
      .selectFrom("usuario")
      .select(columnasCuenta)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  cuentaPorSocio(idSocio: number): Promise<CuentaFila | undefined> {
    return this.db
      .selectFrom("usuario")
      .select(columnasCuenta)
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
  }

  async versionCondiciones(): Promise<string> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select("version_condiciones")
      .where("id", "=", 1)
      .executeTakeFirst();
    return fila?.version_condiciones ?? "1";
  }

  async contarIntentos(clave: string, desde: Date): Promise<number> {
    const fila = await this.db
      .selectFrom("intento_login")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("clave", "=", clave)
      .where("creado_en", ">", desde)
      .executeTakeFirst();
    return Number(fila?.n ?? 0);
  }

  async registrarIntentos(claves: string[]): Promise<void> {
    await this.db
      .insertInto("intento_login")
      .values(claves.map((clave) => ({ clave })))
      .execute();
  }

  async borrarIntentos(clave: string): Promise<void> {
    await this.db.deleteFrom("intento_login").where("clave", "=", clave).execute();
  }

  async purgarIntentosAntiguos(antesDe: Date): Promise<void> {
    await this.db.deleteFrom("intento_login").where("creado_en", "<", antesDe).execute();
  }

  async crearSesion(idUsuario: number, tokenHash: string, expira: Date, ip: string): Promise<void> {
    await this.db
      .insertInto("sesion")
      .values({ id_usuario: idUsuario, token_hash: tokenHash, expira_en: expira, ip })
      .execute();
  }

  async revocarSesion(idSesion: number): Promise<void> {
    await this.db
      .updateTable("sesion")
      .set({ revocada_en: new Date() })
      .where("id", "=", idSesion)
      .execute();
  }

  /** Revokes every live session of the account except `salvo` (the caller's own, when given). */
  async revocarSesionesDe(
    idUsuario: number,
    salvo?: number,
    db: Database = this.db,
  ): Promise<void> {
    let q = db
      .updateTable("sesion")
      .set({ revocada_en: new Date() })
      .where("id_usuario", "=", idUsuario)
      .where("revocada_en", "is", null);
    if (salvo !== undefined) q = q.where("id", "!=", salvo);
    await q.execute();
  }

  async cambiarPassword(idUsuario: number, hash: string, db: Database = this.db): Promise<void> {
    await db
      .updateTable("usuario")
      .set({ password_hash: hash })
      .where("id", "=", idUsuario)
      .execute();
  }

  async aceptarCondiciones(idUsuario: number, version: string): Promise<void> {
    await this.db
      .updateTable("usuario")
      .set({ condiciones_aceptadas_en: new Date(), condiciones_version: version })
      .where("id", "=", idUsuario)
      .execute();
  }

  async crearTokenAcceso(
    idUsuario: number,
    tipo: "reset" | "invitacion",
    tokenHash: string,
    expira: Date,
  ): Promise<void> {
    await this.db
      .insertInto("token_acceso")
      .values({ id_usuario: idUsuario, tipo, token_hash: tokenHash, expira_en: expira })
      .execute();
  }

  async contarTokensRecientes(idUsuario: number, desde: Date): Promise<number> {
    const fila = await this.db
      .selectFrom("token_acceso")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_usuario", "=", idUsuario)
      .where("creado_en", ">", desde)
      .executeTakeFirst();
    return Number(fila?.n ?? 0);
  }

  /**
   * Marks a live token as used and sets the new password, in one transaction: a token is
   * single-use even when two requests race for it. Returns false when the token is not valid.
   */
  async consumirTokenYCambiarPassword(tokenHash: string, hash: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const usado = await tx
        .updateTable("token_acceso")
        .set({ usado_en: new Date() })
        .where("token_hash", "=", tokenHash)
        .where("usado_en", "is", null)
        .where("expira_en", ">", new Date())
        .returning("id_usuario")
        .executeTakeFirst();
      if (!usado) return false;
      const cuenta = await tx
        .updateTable("usuario")
        .set({ password_hash: hash })
        .where("id", "=", usado.id_usuario)
        .where("activo", "=", true)
        .returning("id")
        .executeTakeFirst();
      if (!cuenta) return false;
      // Other pending links of the same account stop working too.
      await tx
        .updateTable("token_acceso")
        .set({ usado_en: new Date() })
        .where("id_usuario", "=", usado.id_usuario)
        .where("usado_en", "is", null)
        .execute();
      await this.revocarSesionesDe(usado.id_usuario, undefined, tx);
      await registrarAuditoria(tx, {
        idUsuario: usado.id_usuario,
        entidad: "acceso",
        idEntidad: usado.id_usuario,
        accion: "contraseña con enlace",
      });
      return true;
    });
  }

  async tokenVigente(tokenHash: string): Promise<boolean> {
    const fila = await this.db
      .selectFrom("token_acceso")
      .select("id")
      .where("token_hash", "=", tokenHash)
      .where("usado_en", "is", null)
      .where("expira_en", ">", sql<Date>`now()`)
      .executeTakeFirst();
    return Boolean(fila);
  }

  /** Sign-ins, failed sign-ins and password changes in the activity log. */
  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
