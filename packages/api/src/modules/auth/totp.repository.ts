import type { Updateable } from "kysely";
import type { Database } from "../../db/database.js";
import type { AsociacionTable } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type EstadoTotpFila = {
  id: number;
  email: string;
  nombre: string;
  rol: "administrador" | "usuario" | "socio";
  activo: boolean;
  totpSecreto: string | null;
  totpActivo: boolean;
  totpRenovar: boolean;
  idioma: "es" | "va";
};

export type SecretoFila = { id: number; totpSecreto: string; totpActivo: boolean };

export class TotpRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: TotpRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new TotpRepository(tx)));
  }

  cuenta(idUsuario: number): Promise<EstadoTotpFila | undefined> {
    return this.db
      .selectFrom("usuario")
      .select([
        "id",
        "email",
        "nombre",
        "rol",
        "activo",
        "totp_secreto as totpSecreto",
        "totp_activo as totpActivo",
        "totp_renovar as totpRenovar",
        "idioma",
      ])
      .where("id", "=", idUsuario)
      .executeTakeFirst();
  }

  async obligatorioParaAdministradores(): Promise<boolean> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select("totp_obligatorio_admin")
      .where("id", "=", 1)
      .executeTakeFirst();
    return fila?.totp_obligatorio_admin ?? false;
  }

  fijarObligatorio(valor: boolean): Promise<void> {
    return this.cambiarAsociacion({ totp_obligatorio_admin: valor });
  }

  private async cambiarAsociacion(valores: Updateable<AsociacionTable>): Promise<void> {
    await this.db.updateTable("asociacion").set(valores).where("id", "=", 1).execute();
  }

  async codigosRestantes(idUsuario: number): Promise<number> {
    const fila = await this.db
      .selectFrom("totp_recuperacion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_usuario", "=", idUsuario)
      .where("usado_en", "is", null)
      .executeTakeFirst();
    return Number(fila?.n ?? 0);
  }

  /** A new pending secret: TOTP stays off until a first code confirms it. */
  async guardarSecretoPendiente(idUsuario: number, secreto: string): Promise<void> {
    await this.db
      .updateTable("usuario")
      .set({ totp_secreto: secreto, totp_activo: false, totp_ultimo_paso: null })
      .where("id", "=", idUsuario)
      .execute();
  }

  async activar(idUsuario: number, paso: number, hashes: string[]): Promise<void> {
    await this.db
      .updateTable("usuario")
      .set({ totp_activo: true, totp_ultimo_paso: paso, totp_renovar: false })
      .where("id", "=", idUsuario)
      .execute();
    await this.db.deleteFrom("totp_recuperacion").where("id_usuario", "=", idUsuario).execute();
    await this.db
      .insertInto("totp_recuperacion")
      .values(hashes.map((codigo_hash) => ({ id_usuario: idUsuario, codigo_hash })))
      .execute();
  }

  /**
   * TOTP off, secret and recovery codes gone. `renovar`: it was on with a secret this
   * installation cannot decrypt, and the account must set it up again before anything else.
   */
  async desactivar(idUsuario: number, renovar = false): Promise<void> {
    await this.db
      .updateTable("usuario")
      .set({
        totp_activo: false,
        totp_secreto: null,
        totp_ultimo_paso: null,
        totp_renovar: renovar,
      })
      .where("id", "=", idUsuario)
      .execute();
    await this.db.deleteFrom("totp_recuperacion").where("id_usuario", "=", idUsuario).execute();
  }

  /**
   * The fingerprint of the key the stored secrets were encrypted with, read with the
   * association's row locked: instances starting together put the secrets in order one at a time.
   */
  async bloquearHuellaClave(): Promise<string | null> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select("clave_huella")
      .where("id", "=", 1)
      .forUpdate()
      .executeTakeFirst();
    return fila?.clave_huella ?? null;
  }

  fijarHuellaClave(huella: string): Promise<void> {
    return this.cambiarAsociacion({ clave_huella: huella });
  }

  /** Stored secrets, confirmed and pending. */
  secretos(): Promise<SecretoFila[]> {
    return this.db
      .selectFrom("usuario")
      .select(["id", "totp_secreto as totpSecreto", "totp_activo as totpActivo"])
      .where("totp_secreto", "is not", null)
      .orderBy("id")
      .execute() as Promise<SecretoFila[]>;
  }

  async guardarSecreto(idUsuario: number, secreto: string): Promise<void> {
    await this.db
      .updateTable("usuario")
      .set({ totp_secreto: secreto })
      .where("id", "=", idUsuario)
      .execute();
  }

  /**
   * Takes the time step of a code in one statement: only a step later than the last accepted
   * one passes, so a code (or an older one) replayed, even by two requests at once, is refused.
   */
  async tomarPaso(idUsuario: number, paso: number): Promise<boolean> {
    const fila = await this.db
      .updateTable("usuario")
      .set({ totp_ultimo_paso: paso })
      .where("id", "=", idUsuario)
      .where((eb) => eb.or([eb("totp_ultimo_paso", "is", null), eb("totp_ultimo_paso", "<", paso)]))
      .returning("id")
      .executeTakeFirst();
    return Boolean(fila);
  }

  /**
   * Marks a recovery code as used; false when it is not one of the account's unused codes.
   * `hashes`: the code's hash as stored now and as stored before (still valid until renewed).
   */
  async consumirRecuperacion(idUsuario: number, hashes: string[]): Promise<boolean> {
    const fila = await this.db
      .updateTable("totp_recuperacion")
      .set({ usado_en: new Date() })
      .where("id_usuario", "=", idUsuario)
      .where("codigo_hash", "in", hashes)
      .where("usado_en", "is", null)
      .returning("id")
      .executeTakeFirst();
    return Boolean(fila);
  }

  /**
   * Locks the account's row until the end of the transaction: two requests for a proof link of
   * the same account take turns between counting the links and creating one.
   */
  async bloquearCuenta(idUsuario: number): Promise<void> {
    await this.db
      .selectFrom("usuario")
      .select("id")
      .where("id", "=", idUsuario)
      .forUpdate()
      .execute();
  }

  /** Proof links the account was sent after `desde`. */
  async contarPruebasDesde(idUsuario: number, desde: Date): Promise<number> {
    const fila = await this.db
      .selectFrom("token_acceso")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_usuario", "=", idUsuario)
      .where("tipo", "=", "totp")
      .where("creado_en", ">", desde)
      .executeTakeFirst();
    return Number(fila?.n ?? 0);
  }

  /** A mailed proof link (docs/adr/0015): single use, from `creado` until `expira`. */
  async crearPrueba(idUsuario: number, tokenHash: string, creado: Date, expira: Date) {
    await this.db
      .insertInto("token_acceso")
      .values({
        id_usuario: idUsuario,
        tipo: "totp",
        token_hash: tokenHash,
        creado_en: creado,
        expira_en: expira,
      })
      .execute();
  }

  /**
   * Spends the account's proof link in one statement (two requests racing for it: one wins);
   * false when it is not theirs, was used or had expired at `ahora`.
   */
  async consumirPrueba(idUsuario: number, tokenHash: string, ahora: Date): Promise<boolean> {
    const fila = await this.db
      .updateTable("token_acceso")
      .set({ usado_en: ahora })
      .where("token_hash", "=", tokenHash)
      .where("tipo", "=", "totp")
      .where("id_usuario", "=", idUsuario)
      .where("usado_en", "is", null)
      .where("expira_en", ">", ahora)
      .returning("id")
      .executeTakeFirst();
    return Boolean(fila);
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
