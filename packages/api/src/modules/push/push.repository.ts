import { sql } from "kysely";
import type { Database } from "../../db/database.js";

export type DatosSuscripcion = { endpoint: string; p256dh: string; auth: string };

export class PushRepository {
  constructor(private readonly db: Database) {}

  /** An endpoint belongs to one browser: re-subscribing (or another account on it) takes it over. */
  async guardar(idUsuario: number, s: DatosSuscripcion): Promise<{ actualizadaEn: Date }> {
    return this.db
      .insertInto("push_suscripcion")
      .values({ id_usuario: idUsuario, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
      .onConflict((oc) =>
        oc.column("endpoint").doUpdateSet({
          id_usuario: idUsuario,
          p256dh: s.p256dh,
          auth: s.auth,
          actualizada_en: sql`now()`,
        }),
      )
      .returning("actualizada_en as actualizadaEn")
      .executeTakeFirstOrThrow();
  }

  async borrar(idUsuario: number, endpoint: string): Promise<number> {
    const r = await this.db
      .deleteFrom("push_suscripcion")
      .where("id_usuario", "=", idUsuario)
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
