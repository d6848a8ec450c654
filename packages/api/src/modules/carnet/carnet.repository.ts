import type { Database } from "../../db/database.js";
import { registrarAuditoria } from "../../services/auditoria.js";

export type SocioCarnet = { id: number; id_pagador: number | null; carnet_version: number };

export class CarnetRepository {
  constructor(private readonly db: Database) {}

  porId(id: number): Promise<SocioCarnet | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "id_pagador", "carnet_version"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The card's current version; undefined when the member does not exist. */
  async version(id: number): Promise<number | undefined> {
    const fila = await this.db
      .selectFrom("socio")
      .select("carnet_version")
      .where("id", "=", id)
      .executeTakeFirst();
    return fila?.carnet_version;
  }

  /** One statement, audited in the same transaction: two renewals never share a version. */
  renovar(id: number, idUsuario: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const fila = await trx
        .updateTable("socio")
        .set((eb) => ({ carnet_version: eb("carnet_version", "+", 1) }))
        .where("id", "=", id)
        .returning("carnet_version")
        .executeTakeFirstOrThrow();
      await registrarAuditoria(trx, {
        idUsuario,
        entidad: "socio",
        idEntidad: id,
        accion: "renovar_carnet",
        cambios: [
          { campo: "carnetVersion", antes: fila.carnet_version - 1, despues: fila.carnet_version },
        ],
      });
      return fila.carnet_version;
    });
  }
}
