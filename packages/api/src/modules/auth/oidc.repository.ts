import { sql } from "kysely";
import type { Database } from "../../db/database.js";

export type PeticionOidc = { nonce: string; verificador: string };

/** What a sign-in with the OpenID provider needs to keep between its steps. */
export class OidcRepository {
  constructor(private readonly db: Database) {}

  async guardarPeticion(estado: string, nonce: string, verificador: string): Promise<void> {
    await this.db.insertInto("oidc_peticion").values({ estado, nonce, verificador }).execute();
    // Requests never finished are forgotten after a day.
    await this.db
      .deleteFrom("oidc_peticion")
      .where("creado_en", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  /**
   * Takes a request by its state in one statement: a state is accepted once and for 10 minutes,
   * so a replayed return from the provider finds nothing.
   */
  consumirPeticion(estado: string): Promise<PeticionOidc | undefined> {
    return this.db
      .updateTable("oidc_peticion")
      .set({ usado_en: new Date() })
      .where("estado", "=", estado)
      .where("usado_en", "is", null)
      .where("creado_en", ">", sql<Date>`now() - interval '10 minutes'`)
      .returning(["nonce", "verificador"])
      .executeTakeFirst();
  }

  async cuentaEnlazada(proveedor: string, sub: string): Promise<number | undefined> {
    const fila = await this.db
      .selectFrom("identidad_externa")
      .select("id_usuario")
      .where("proveedor", "=", proveedor)
      .where("sub", "=", sub)
      .executeTakeFirst();
    return fila?.id_usuario;
  }

  async subEnlazado(proveedor: string, idUsuario: number): Promise<string | undefined> {
    const fila = await this.db
      .selectFrom("identidad_externa")
      .select("sub")
      .where("proveedor", "=", proveedor)
      .where("id_usuario", "=", idUsuario)
      .executeTakeFirst();
    return fila?.sub;
  }

  /** Stores the link at first use; false when another request linked something first. */
  async enlazar(proveedor: string, sub: string, idUsuario: number): Promise<boolean> {
    const fila = await this.db
      .insertInto("identidad_externa")
      .values({ proveedor, sub, id_usuario: idUsuario })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    return Boolean(fila);
  }

  async crearVale(idUsuario: number, hash: string, expira: Date): Promise<void> {
    await this.db
      .insertInto("oidc_vale")
      .values({ id_usuario: idUsuario, vale_hash: hash, expira_en: expira })
      .execute();
    await this.db
      .deleteFrom("oidc_vale")
      .where("expira_en", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  async cuentaDelVale(hash: string): Promise<number | undefined> {
    const fila = await this.db
      .selectFrom("oidc_vale")
      .select("id_usuario")
      .where("vale_hash", "=", hash)
      .where("usado_en", "is", null)
      .where("expira_en", ">", new Date())
      .executeTakeFirst();
    return fila?.id_usuario;
  }

  /** Spends the one-time code; false when it was spent meanwhile (two exchanges racing). */
  async consumirVale(hash: string): Promise<boolean> {
    const fila = await this.db
      .updateTable("oidc_vale")
      .set({ usado_en: new Date() })
      .where("vale_hash", "=", hash)
      .where("usado_en", "is", null)
      .where("expira_en", ">", new Date())
      .returning("id")
      .executeTakeFirst();
    return Boolean(fila);
  }
}
