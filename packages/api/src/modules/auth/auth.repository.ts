import type { Idioma, Rol } from "@fila/domain";
import { CompiledQuery, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { TokenAccesoTable } from "../../db/schema.js";
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
  idioma: Idioma;
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
  "idioma",
] as const;

export type FilaSesion = {
  tokenHash: string;
  idSesion: number;
  id: number;
  email: string;
  nombre: string;
  rol: Rol;
  id_socio: number | null;
  condicionesAlDia: boolean | null;
  totp_activo: boolean;
  totp_renovar: boolean;
  totpObligatorio: boolean | null;
  versionDatos: string;
  idioma: Idioma;
};

/**
 * The live sessions of some token hashes ($1) at a time ($2), with their active accounts and what
 * the gates need (terms version, TOTP rule), and the version of the data, so that an answer kept
 * by version costs no query of its own: one indexed query for the requests that arrived
 * together (plugins/auth.ts reads them in batches). Kept as plain SQL so the hot path does not
 * build and compile the same query each time (docs/adr/0007).
 */
const CONSULTA_SESIONES = `
  select sesion.token_hash as "tokenHash", sesion.id as "idSesion", usuario.id, usuario.email,
    usuario.nombre, usuario.rol, usuario.id_socio,
    usuario.condiciones_version = (select version_condiciones from asociacion limit 1)
      as "condicionesAlDia",
    usuario.totp_activo, usuario.totp_renovar, usuario.idioma,
    (select totp_obligatorio_admin from asociacion limit 1) as "totpObligatorio",
    (select last_value::text || ':' || is_called::text from version_datos) as "versionDatos"
  from sesion
  join usuario on usuario.id = sesion.id_usuario
  where sesion.token_hash = any($1::text[]) and sesion.revocada_en is null and sesion.expira_en > $2
    and usuario.activo = true`;

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async sesionesVivas(hashes: string[], ahora: Date): Promise<FilaSesion[]> {
    const { rows } = await this.db.executeQuery<FilaSesion>(
      CompiledQuery.raw(CONSULTA_SESIONES, [hashes, ahora]),
    );
    return rows;
  }

  /** One statement: the account's language (issue 38). */
  async cambiarIdioma(idUsuario: number, idioma: Idioma): Promise<void> {
    await this.db.updateTable("usuario").set({ idioma }).where("id", "=", idUsuario).execute();
  }

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

  /**
   * Takes one attempt of each key in one statement and returns, per key, the attempts of its
   * window with this one: the row of each key is locked by the INSERT … ON CONFLICT DO UPDATE,
   * so attempts arriving together (on any instance) are counted one after another. A window
   * older than `ventanaMs` starts again at 1. Keys are taken in one order, so two statements
   * never wait on each other's rows.
   */
  async tomarIntentos(claves: string[], ventanaMs: number): Promise<Map<string, number>> {
    const caducada = sql<boolean>`limite_intento.desde <= now() - make_interval(secs => ${ventanaMs / 1000})`;
    const filas = await this.db
      .insertInto("limite_intento")
      .values([...claves].sort().map((clave) => ({ clave, intentos: 1 })))
      .onConflict((oc) =>
        oc.column("clave").doUpdateSet({
          intentos: sql<number>`case when ${caducada} then 1 else limite_intento.intentos + 1 end`,
          desde: sql<Date>`case when ${caducada} then now() else limite_intento.desde end`,
        }),
      )
      .returning(["clave", "intentos"])
      .execute();
    return new Map(filas.map((f) => [f.clave, f.intentos]));
  }

  /** Gives back an attempt taken by `tomarIntentos` that did not fail (or was not tried). */
  async devolverIntentos(claves: string[]): Promise<void> {
    // One row a statement: an UPDATE never holds one key's row while it waits for another's.
    for (const clave of claves) {
      await this.db
        .updateTable("limite_intento")
        .set({ intentos: sql<number>`greatest(intentos - 1, 0)` })
        .where("clave", "=", clave)
        .execute();
    }
  }

  /**
   * Forgets the keys whose window ended more than `ventanaMs` ago: their next attempt would start
   * again at 1 anyway, so nothing changes for anyone, and the table does not keep every address
   * and account that ever failed to sign in. Returns how many rows went.
   */
  async borrarIntentosCaducados(ventanaMs: number): Promise<number> {
    const r = await this.db
      .deleteFrom("limite_intento")
      .where(sql<boolean>`desde <= now() - make_interval(secs => ${ventanaMs / 1000})`)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async borrarIntentos(clave: string): Promise<void> {
    await this.db.deleteFrom("limite_intento").where("clave", "=", clave).execute();
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

  /**
   * Adds a link for the account unless it already has `maximo` links (of any kind) created after
   * `desde`; returns whether it did. Counting and adding are one step for simultaneous requests:
   * both happen in a transaction with the account's row locked (FOR NO KEY UPDATE: it does not
   * hold back other tables' foreign keys to the account), so the next request counts this link.
   */
  async crearTokenAccesoSiCabe(
    link: { idUsuario: number; tipo: TokenAccesoTable["tipo"]; tokenHash: string; expira: Date },
    limite: { desde: Date; maximo: number },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .selectFrom("usuario")
        .select("id")
        .where("id", "=", link.idUsuario)
        .forNoKeyUpdate()
        .execute();
      const { n } = await tx
        .selectFrom("token_acceso")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("id_usuario", "=", link.idUsuario)
        .where("creado_en", ">", limite.desde)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limite.maximo) return false;
      await tx
        .insertInto("token_acceso")
        .values({
          id_usuario: link.idUsuario,
          tipo: link.tipo,
          token_hash: link.tokenHash,
          expira_en: link.expira,
        })
        .execute();
      return true;
    });
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
