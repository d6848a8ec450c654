import type { FilaCenso } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";
import {
  type PeriodoGuardado,
  periodosDe,
  sociosAntiguedad,
} from "../socios/antiguedad.repository.js";

export type AjusteFila = {
  fiestas_desde: string | null;
  fiestas_hasta: string | null;
  ids_tipo_socio: number[];
  columnas: Record<string, string>;
};

/** A census row before its seniority (computed with the domain's `antiguedadEn`). */
export type SocioCenso = Omit<FilaCenso, "antiguedad">;

export type EnvioFila = {
  id: number;
  anyo: number;
  total: number;
  altas: number;
  bajas: number;
  modificados: number;
  enviado_en: Date;
};

/** The federation's settings, census and census sent (issue 49, migration 0040). */
export class FederacionRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: FederacionRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new FederacionRepository(trx)));
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }

  /** The settings' row; `bloquear` takes it FOR UPDATE (the lock of a census sent). */
  async ajustes(bloquear = false): Promise<AjusteFila> {
    // The row is written on first save (a migration's row would clash with a restored backup's);
    // to lock it, it must exist.
    if (bloquear) {
      await this.db
        .insertInto("federacion_ajuste")
        .values({ id: 1 })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    const fila = await this.db
      .selectFrom("federacion_ajuste")
      .select(["fiestas_desde", "fiestas_hasta", "ids_tipo_socio", "columnas"])
      .where("id", "=", 1)
      .$if(bloquear, (q) => q.forUpdate())
      .executeTakeFirst();
    return fila ?? { fiestas_desde: null, fiestas_hasta: null, ids_tipo_socio: [], columnas: {} };
  }

  async guardarAjustes(a: AjusteFila): Promise<void> {
    const valores = {
      fiestas_desde: a.fiestas_desde,
      fiestas_hasta: a.fiestas_hasta,
      ids_tipo_socio: JSON.stringify(a.ids_tipo_socio),
      columnas: JSON.stringify(a.columnas),
      actualizado_en: new Date(),
    };
    await this.db
      .insertInto("federacion_ajuste")
      .values({ id: 1, ...valores })
      .onConflict((oc) => oc.column("id").doUpdateSet(valores))
      .execute();
  }

  async contarTipos(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { n } = await this.db
      .selectFrom("tipo_socio")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id", "in", [...ids])
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * The active festeros (of `idsTipo`, or of every type when empty) with the cargo and escuadra
   * of `anyo`, in surname order.
   */
  async socios(anyo: number, idsTipo: readonly number[]): Promise<SocioCenso[]> {
    const desde = `${anyo}-01-01`;
    const hasta = `${anyo}-12-31`;
    const filas = await this.db
      .selectFrom("socio as s")
      .leftJoin("tipo_socio as t", "t.id", "s.id_tipo_socio")
      .select((eb) => [
        "s.id",
        "s.nif",
        "s.nombre",
        "s.apellidos",
        "s.fecha_nacimiento",
        "s.sexo",
        "t.nombre as tipo",
        "s.anyo_alta",
        eb
          .selectFrom("grupo_miembro as gm")
          .innerJoin("grupo as g", "g.id", "gm.id_grupo")
          .select(sql<string>`string_agg(g.nombre, ', ' ORDER BY g.orden, g.id)`.as("e"))
          .whereRef("gm.id_socio", "=", "s.id")
          .where("gm.clase", "=", "escuadra")
          .where("gm.anyo", "=", anyo)
          .as("escuadra"),
        eb
          .selectFrom("socio_cargo as sc")
          .innerJoin("cargo as c", "c.id", "sc.id_cargo")
          .select(sql<string>`string_agg(DISTINCT c.nombre, ', ')`.as("c"))
          .whereRef("sc.id_socio", "=", "s.id")
          .where("sc.desde", "<=", hasta)
          .where((w) => w.or([w("sc.hasta", "is", null), w("sc.hasta", ">=", desde)]))
          .as("cargo"),
      ])
      .where("s.activo", "=", true)
      .where("s.anonimizado_en", "is", null)
      .$if(idsTipo.length > 0, (q) => q.where("s.id_tipo_socio", "in", [...idsTipo]))
      .orderBy("s.orden_apellidos")
      .orderBy("s.id")
      .execute();
    return filas.map((f) => ({
      idSocio: f.id,
      nif: f.nif ?? "",
      nombre: f.nombre,
      apellidos: f.apellidos,
      fechaNacimiento: f.fecha_nacimiento,
      sexo: f.sexo,
      tipo: f.tipo ?? "",
      anyoAlta: f.anyo_alta,
      cargo: f.cargo ?? "",
      escuadra: f.escuadra ?? "",
    }));
  }

  sociosAntiguedad(ids: readonly number[]) {
    return sociosAntiguedad(this.db, ids);
  }

  periodosDe(ids: readonly number[]): Promise<Map<number, PeriodoGuardado[]>> {
    return periodosDe(this.db, ids);
  }

  /** The last census sent (the latest, whatever its year), with its rows. */
  async ultimoEnvio(): Promise<(EnvioFila & { filas: FilaCenso[] }) | undefined> {
    const fila = await this.db
      .selectFrom("federacion_censo_envio")
      .select(["id", "anyo", "total", "altas", "bajas", "modificados", "enviado_en", "filas"])
      .orderBy("enviado_en", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return fila ? { ...fila, filas: fila.filas as FilaCenso[] } : undefined;
  }

  async registrarEnvio(e: {
    anyo: number;
    filas: FilaCenso[];
    altas: number;
    bajas: number;
    modificados: number;
    enviadoPor: number;
  }): Promise<EnvioFila> {
    return this.db
      .insertInto("federacion_censo_envio")
      .values({
        anyo: e.anyo,
        filas: JSON.stringify(e.filas),
        total: e.filas.length,
        altas: e.altas,
        bajas: e.bajas,
        modificados: e.modificados,
        enviado_por: e.enviadoPor,
      })
      .returning(["id", "anyo", "total", "altas", "bajas", "modificados", "enviado_en"])
      .executeTakeFirstOrThrow();
  }

  async envios(): Promise<EnvioFila[]> {
    return this.db
      .selectFrom("federacion_censo_envio")
      .select(["id", "anyo", "total", "altas", "bajas", "modificados", "enviado_en"])
      .orderBy("enviado_en", "desc")
      .orderBy("id", "desc")
      .limit(100)
      .execute();
  }

  async asociacion(): Promise<{ nombre: string; logo: Buffer | null }> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select(["nombre", "logo"])
      .executeTakeFirst();
    return { nombre: fila?.nombre ?? "", logo: fila?.logo ?? null };
  }
}
