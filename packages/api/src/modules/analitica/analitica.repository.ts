import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";

export type FilaVisitantes = { dia: string; dispositivo: string; visitantes: number };

/** Analytics counts per day; the only file of the module that speaks SQL. */
export class AnaliticaRepository {
  constructor(private readonly db: Database) {}

  /** The salt of `dia`, created on first use (two instances at once: the first insert wins). */
  async salDelDia(dia: string): Promise<string> {
    const leer = () =>
      this.db.selectFrom("analitica_sal").select("sal").where("dia", "=", dia).executeTakeFirst();
    const fila = await leer();
    if (fila) return fila.sal;
    await this.db
      .insertInto("analitica_sal")
      .values({ dia, sal: randomBytes(32).toString("base64url") })
      .onConflict((oc) => oc.column("dia").doNothing())
      .execute();
    return (await leer())?.sal ?? "";
  }

  async registrarVisitante(dia: string, hash: string, dispositivo: string): Promise<void> {
    await this.db
      .insertInto("analitica_visitante")
      .values({ dia, hash, dispositivo })
      .onConflict((oc) => oc.columns(["dia", "hash"]).doNothing())
      .execute();
  }

  async sumarVistas(dia: string, vistas: Map<string, number>): Promise<void> {
    if (vistas.size === 0) return;
    await this.db
      .insertInto("analitica_vista")
      .values([...vistas].map(([ruta, n]) => ({ dia, ruta, vistas: n })))
      .onConflict((oc) =>
        oc
          .columns(["dia", "ruta"])
          .doUpdateSet({ vistas: sql`analitica_vista.vistas + excluded.vistas` }),
      )
      .execute();
  }

  async sumarEventos(dia: string, eventos: Map<string, number>): Promise<void> {
    if (eventos.size === 0) return;
    await this.db
      .insertInto("analitica_evento")
      .values([...eventos].map(([nombre, n]) => ({ dia, nombre, total: n })))
      .onConflict((oc) =>
        oc
          .columns(["dia", "nombre"])
          .doUpdateSet({ total: sql`analitica_evento.total + excluded.total` }),
      )
      .execute();
  }

  /**
   * Days before `hoy` lose their visitor hashes (kept as a count per device class) and their
   * salt. One statement: two instances doing it at once cannot count a hash twice.
   */
  async cerrarDiasAnteriores(hoy: string): Promise<void> {
    await sql`
      WITH borrados AS (
        DELETE FROM analitica_visitante WHERE dia < ${hoy}::date RETURNING dia, dispositivo
      )
      INSERT INTO analitica_visitantes_dia (dia, dispositivo, visitantes)
      SELECT dia, dispositivo, count(*)::int FROM borrados GROUP BY dia, dispositivo
      ON CONFLICT (dia, dispositivo)
      DO UPDATE SET visitantes = analitica_visitantes_dia.visitantes + excluded.visitantes
    `.execute(this.db);
    await this.db.deleteFrom("analitica_sal").where("dia", "<", hoy).execute();
  }

  /** Deletes every count of the days before `fecha`. */
  async borrarAnterioresA(fecha: string): Promise<void> {
    for (const tabla of [
      "analitica_vista",
      "analitica_evento",
      "analitica_visitantes_dia",
      "analitica_visitante",
    ] as const) {
      await this.db.deleteFrom(tabla).where("dia", "<", fecha).execute();
    }
  }

  /** Unique visitors per day and device class: closed days and the days still open. */
  async visitantes(desde: string, hasta: string): Promise<FilaVisitantes[]> {
    const { rows } = await sql<FilaVisitantes>`
      SELECT to_char(dia, 'YYYY-MM-DD') AS dia, dispositivo, sum(visitantes)::int AS visitantes
      FROM (
        SELECT dia, dispositivo, visitantes FROM analitica_visitantes_dia
        WHERE dia BETWEEN ${desde}::date AND ${hasta}::date
        UNION ALL
        SELECT dia, dispositivo, count(*)::int FROM analitica_visitante
        WHERE dia BETWEEN ${desde}::date AND ${hasta}::date
        GROUP BY dia, dispositivo
      ) t
      GROUP BY dia, dispositivo
    `.execute(this.db);
    return rows;
  }

  vistasPorDia(desde: string, hasta: string): Promise<{ dia: string; vistas: number }[]> {
    return this.db
      .selectFrom("analitica_vista")
      .select([
        sql<string>`to_char(dia, 'YYYY-MM-DD')`.as("dia"),
        sql<number>`sum(vistas)::int`.as("vistas"),
      ])
      .where("dia", ">=", desde)
      .where("dia", "<=", hasta)
      .groupBy("dia")
      .execute();
  }

  paginas(desde: string, hasta: string, limite: number) {
    return this.db
      .selectFrom("analitica_vista")
      .select(["ruta", sql<number>`sum(vistas)::int`.as("vistas")])
      .where("dia", ">=", desde)
      .where("dia", "<=", hasta)
      .groupBy("ruta")
      .orderBy(sql`sum(vistas)`, "desc")
      .orderBy("ruta")
      .limit(limite)
      .execute();
  }

  eventos(desde: string, hasta: string): Promise<{ nombre: string; total: number }[]> {
    return this.db
      .selectFrom("analitica_evento")
      .select(["nombre", sql<number>`sum(total)::int`.as("total")])
      .where("dia", ">=", desde)
      .where("dia", "<=", hasta)
      .groupBy("nombre")
      .execute();
  }
}
