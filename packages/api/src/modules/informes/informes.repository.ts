import { ESTADOS_POR_COBRAR } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";

export type FilaSociosPorTipo = {
  idTipoSocio: number | null;
  nombre: string | null;
  color: string | null;
  activos: number;
};

/** Sums in cents. */
export type FilaDeuda = {
  pendiente: number;
  devuelto: number;
  numCargosPendientes: number;
  vencida: number;
};

/** Figures of the administrator's dashboard that no other module computes (sums in SQL). */
export class InformesRepository {
  constructor(private readonly db: Database) {}

  /** Active and former members, from `socio_resumen` (migration 0050): some rows, never `socio`. */
  async cuentaSocios(): Promise<{ activos: number; bajas: number }> {
    const fila = await this.db
      .selectFrom("socio_resumen")
      .select([
        sql<number>`coalesce(sum(num) filter (where activo), 0)::int`.as("activos"),
        sql<number>`coalesce(sum(num) filter (where not activo), 0)::int`.as("bajas"),
      ])
      .executeTakeFirstOrThrow();
    return { activos: Number(fila.activos), bajas: Number(fila.bajas) };
  }

  /**
   * Active members per type: every active type (even with none) and the members without type.
   * Counted from `socio_resumen` (migration 0050, kept by triggers on `socio`), then joined to
   * the types.
   */
  async sociosPorTipo(): Promise<FilaSociosPorTipo[]> {
    const { rows } = await sql<FilaSociosPorTipo>`
      select t.id as "idTipoSocio", t.nombre, t.color, coalesce(c.activos, 0)::int as activos
      from tipo_socio t
      full join (
        select id_tipo_socio, sum(num)::int as activos from socio_resumen where activo
        group by id_tipo_socio having sum(num) <> 0
      ) c on c.id_tipo_socio = t.id
      where t.activo or c.activos > 0
      order by t.nombre is null, t.nombre`.execute(this.db);
    return rows
      .map((f) => ({ ...f, activos: Number(f.activos) }))
      .filter((f) => f.idTipoSocio !== null || f.activos > 0);
  }

  /**
   * The debt of every year, from `pago_resumen` (migration 0045, kept by triggers on `pago`):
   * some rows per due date, never the charges themselves.
   */
  async deuda(hoy: string): Promise<FilaDeuda> {
    const fila = await this.db
      .selectFrom("pago_resumen")
      .select([
        sql<string>`coalesce(sum(importe) filter (where estado = 'pendiente'), 0)`.as("pendiente"),
        sql<string>`coalesce(sum(importe) filter (where estado = 'devuelto'), 0)`.as("devuelto"),
        sql<number>`coalesce(sum(num) filter (where estado = 'pendiente'), 0)::int`.as(
          "numCargosPendientes",
        ),
        sql<string>`coalesce(sum(importe) filter (where estado = 'pendiente' and dia < ${hoy}), 0)`.as(
          "vencida",
        ),
      ])
      .where("estado", "in", ESTADOS_POR_COBRAR)
      .executeTakeFirstOrThrow();
    return {
      pendiente: Number(fila.pendiente),
      devuelto: Number(fila.devuelto),
      numCargosPendientes: Number(fila.numCargosPendientes),
      vencida: Number(fila.vencida),
    };
  }

  /** Cents paid with a payment date in [desde, hasta), from `pago_resumen` (days, by key). */
  async cobradoEntre(desde: string, hasta: string): Promise<number> {
    const fila = await this.db
      .selectFrom("pago_resumen")
      .select(sql<string>`coalesce(sum(importe), 0)`.as("total"))
      .where("estado", "=", "pagado")
      .where("dia", ">=", desde)
      .where("dia", "<", hasta)
      .executeTakeFirstOrThrow();
    return Number(fila.total);
  }

  /**
   * Folds the rows `pago_resumen` gains with every write into one per (estado, dia), so what the
   * home reads stays some rows per day (migration 0045); and those of `pago_anyo_resumen` into
   * one per (year, product, month, state), what Recaudación reads (migration 0048).
   */
  async compactarResumenPagos(): Promise<void> {
    await sql`select pago_resumen_compactar()`.execute(this.db);
    await sql`select pago_anyo_resumen_compactar()`.execute(this.db);
    // …and the members per type and the recipients per alert (migration 0050).
    await sql`select resumen_inicio_compactar()`.execute(this.db);
    // …and the outstanding charges per member, payer, year and due date (migration 0051).
    await sql`select deuda_socio_compactar()`.execute(this.db);
  }

  async remesasSinCobrar(): Promise<number> {
    const fila = await this.db
      .selectFrom("remesa")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("estado", "=", "generada")
      .executeTakeFirstOrThrow();
    return Number(fila.n);
  }
}
