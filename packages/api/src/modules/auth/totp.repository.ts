import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type EstadoTotpFila = {
  id: number;
  email: string;
  nombre: string;
  rol: "administrador" | "usuario" | "socio";
  activo: boolean;
  totpSecreto: string | null;
  totpActivo: boolean;
};

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

  async fijarObligatorio(valor: boolean): Promise<void> {
    await this.db
      .updateTable("asociacion")
      .set({ totp_obligatorio_admin: valor })
      .where("id", "=", 1)
      .execute();
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
      .set({ totp_activo: true, totp_ultimo_paso: paso })
      .where("id", "=", idUsuario)
      .execute();
    await this.db.deleteFrom("totp_recuperacion").where("id_usuario", "=", idUsuario).execute();
    await this.db
      .insertInto("totp_recuperacion")
      .values(hashes.map((codigo_hash) => ({ id_usuario: idUsuario, codigo_hash })))
      .execute();
  }

  async desactivar(idUsuario: number): Promise<void> {
    await this.db
      .updateTable("usuario")
      .set({ totp_activo: false, totp_secreto: null, totp_ultimo_paso: null })
      .where("id", "=", idUsuario)
      .execute();
    await this.db.deleteFrom("totp_recuperacion").where("id_usuario", "=", idUsuario).execute();
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

  /** Marks a recovery code as used; false when it is not one of the account's unused codes. */
  async consumirRecuperacion(idUsuario: number, hash: string): Promise<boolean> {
    const fila = await this.db
      .updateTable("totp_recuperacion")
      .set({ usado_en: new Date() })
      .where("id_usuario", "=", idUsuario)
      .where("codigo_hash", "=", hash)
      .where("usado_en", "is", null)
      .returning("id")
      .executeTakeFirst();
    return Boolean(fila);
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
