import { ESTADOS_POR_COBRAR, REGLAS_ASAMBLEA_POR_DEFECTO, type ReglasAsamblea } from "@fila/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import type { AsambleaPuntoTable, DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";
import { periodosDe } from "../socios/antiguedad.repository.js";

export type Db = Kysely<DB> | Transaction<DB>;

export type AsambleaFila = {
  id: number;
  id_acto: number;
  caracter: "ordinaria" | "extraordinaria";
  primera_convocatoria: Date;
  segunda_convocatoria: Date | null;
  reglas: Record<string, unknown> | null;
  convocada_en: Date | null;
  iniciada_en: Date | null;
  id_envio: number | null;
  nombre_acto: string;
  fecha: string;
  lugar: string;
};

export type PuntoFila = {
  id: number;
  id_asamblea: number;
  orden: number;
  titulo: string;
  descripcion: string;
  modo: AsambleaPuntoTable["modo"];
  mayoria: AsambleaPuntoTable["mayoria"];
  base: AsambleaPuntoTable["base"];
  estado: "pendiente" | "abierta" | "cerrada";
  si: number;
  no: number;
  abstencion: number;
  votantes: number;
};

export type DatosPunto = {
  titulo: string;
  descripcion: string;
  votacion: {
    modo: "secreta" | "publica";
    mayoria: NonNullable<AsambleaPuntoTable["mayoria"]>;
    base: "emitidos" | "censo";
  } | null;
};

const aReglas = (f: {
  preaviso_dias: number;
  quorum_primera: number;
  edad_minima: number;
  antiguedad_minima: number;
  tipos_socio: unknown;
  excluir_deudores: boolean;
  max_delegaciones: number;
}): ReglasAsamblea => ({
  preavisoDias: f.preaviso_dias,
  quorumPrimera: Number(f.quorum_primera),
  edadMinima: f.edad_minima,
  antiguedadMinima: f.antiguedad_minima,
  tiposSocio: (typeof f.tipos_socio === "string"
    ? JSON.parse(f.tipos_socio)
    : f.tipos_socio) as number[],
  excluirDeudores: f.excluir_deudores,
  maxDelegaciones: f.max_delegaciones,
});

export class AsambleasRepository {
  constructor(readonly db: Db) {}

  transaccion<T>(fn: (repo: AsambleasRepository) => Promise<T>): Promise<T> {
    return (this.db as Kysely<DB>).transaction().execute((trx) => fn(new AsambleasRepository(trx)));
  }

  auditar(e: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, e);
  }

  async reglas(): Promise<ReglasAsamblea> {
    const f = await this.db
      .selectFrom("asamblea_ajustes")
      .selectAll()
      .where("id", "=", 1)
      .executeTakeFirst();
    return f ? aReglas(f) : { ...REGLAS_ASAMBLEA_POR_DEFECTO };
  }

  async guardarReglas(r: ReglasAsamblea): Promise<void> {
    const valores = {
      preaviso_dias: r.preavisoDias,
      quorum_primera: r.quorumPrimera,
      edad_minima: r.edadMinima,
      antiguedad_minima: r.antiguedadMinima,
      tipos_socio: JSON.stringify(r.tiposSocio),
      excluir_deudores: r.excluirDeudores,
      max_delegaciones: r.maxDelegaciones,
    };
    await this.db
      .insertInto("asamblea_ajustes")
      .values({ id: 1, ...valores })
      .onConflict((oc) => oc.column("id").doUpdateSet(valores))
      .execute();
  }

  async acto(idActo: number) {
    return this.db
      .selectFrom("acto")
      .select(["id", "nombre", "fecha", "lugar"])
      .where("id", "=", idActo)
      .executeTakeFirst();
  }

  async idDeActo(idActo: number): Promise<number | null> {
    const f = await this.db
      .selectFrom("asamblea")
      .select("id")
      .where("id_acto", "=", idActo)
      .executeTakeFirst();
    return f?.id ?? null;
  }

  /** The assembly with its event's name, date and place; `bloquear` takes its row FOR UPDATE. */
  async asamblea(id: number, bloquear = false): Promise<AsambleaFila | undefined> {
    let q = this.db
      .selectFrom("asamblea")
      .innerJoin("acto", "acto.id", "asamblea.id_acto")
      .selectAll("asamblea")
      .select(["acto.nombre as nombre_acto", "acto.fecha", "acto.lugar"])
      .where("asamblea.id", "=", id);
    if (bloquear) q = q.forUpdate("asamblea");
    const f = await q.executeTakeFirst();
    return f as AsambleaFila | undefined;
  }

  async listar(): Promise<AsambleaFila[]> {
    return (await this.db
      .selectFrom("asamblea")
      .innerJoin("acto", "acto.id", "asamblea.id_acto")
      .selectAll("asamblea")
      .select(["acto.nombre as nombre_acto", "acto.fecha", "acto.lugar"])
      .orderBy("asamblea.primera_convocatoria", "desc")
      .execute()) as AsambleaFila[];
  }

  async crear(d: {
    idActo: number;
    caracter: "ordinaria" | "extraordinaria";
    primera: Date;
    segunda: Date | null;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto("asamblea")
      .values({
        id_acto: d.idActo,
        caracter: d.caracter,
        primera_convocatoria: d.primera,
        segunda_convocatoria: d.segunda,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  async actualizar(
    id: number,
    d: { caracter: "ordinaria" | "extraordinaria"; primera: Date; segunda: Date | null },
  ): Promise<void> {
    await this.db
      .updateTable("asamblea")
      .set({
        caracter: d.caracter,
        primera_convocatoria: d.primera,
        segunda_convocatoria: d.segunda,
      })
      .where("id", "=", id)
      .execute();
  }

  /** Replaces the order of the day (before the call only). */
  async ponerPuntos(idAsamblea: number, puntos: DatosPunto[]): Promise<void> {
    await this.db.deleteFrom("asamblea_punto").where("id_asamblea", "=", idAsamblea).execute();
    if (puntos.length === 0) return;
    const ids = await this.db
      .insertInto("asamblea_punto")
      .values(
        puntos.map((p, i) => ({
          id_asamblea: idAsamblea,
          orden: i + 1,
          titulo: p.titulo,
          descripcion: p.descripcion,
          modo: p.votacion?.modo ?? null,
          mayoria: p.votacion?.mayoria ?? null,
          base: p.votacion?.base ?? null,
        })),
      )
      .returning(["id", "modo"])
      .execute();
    const votados = ids.filter((p) => p.modo !== null);
    if (votados.length) {
      await this.db
        .insertInto("asamblea_recuento")
        .values(votados.map((p) => ({ id_punto: p.id })))
        .execute();
    }
  }

  async puntos(idAsamblea: number): Promise<PuntoFila[]> {
    const filas = await this.db
      .selectFrom("asamblea_punto as p")
      .leftJoin("asamblea_recuento as r", "r.id_punto", "p.id")
      .selectAll("p")
      .select((eb) => [
        eb.fn.coalesce("r.si", sql.lit(0)).as("si"),
        eb.fn.coalesce("r.no", sql.lit(0)).as("no"),
        eb.fn.coalesce("r.abstencion", sql.lit(0)).as("abstencion"),
        eb
          .selectFrom("asamblea_votante as v")
          .whereRef("v.id_punto", "=", "p.id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("votantes"),
      ])
      .where("p.id_asamblea", "=", idAsamblea)
      .orderBy("p.orden")
      .execute();
    return filas.map((f) => ({ ...f, votantes: Number(f.votantes ?? 0) })) as PuntoFila[];
  }

  async punto(idAsamblea: number, idPunto: number, bloqueo?: "update" | "share") {
    let q = this.db
      .selectFrom("asamblea_punto")
      .selectAll()
      .where("id", "=", idPunto)
      .where("id_asamblea", "=", idAsamblea);
    if (bloqueo === "update") q = q.forUpdate();
    if (bloqueo === "share") q = q.forShare();
    return q.executeTakeFirst();
  }

  async ponerEstadoPunto(idPunto: number, estado: "abierta" | "cerrada"): Promise<void> {
    await this.db.updateTable("asamblea_punto").set({ estado }).where("id", "=", idPunto).execute();
  }

  async hayAbierto(idAsamblea: number): Promise<boolean> {
    const f = await this.db
      .selectFrom("asamblea_punto")
      .select("id")
      .where("id_asamblea", "=", idAsamblea)
      .where("estado", "=", "abierta")
      .executeTakeFirst();
    return f !== undefined;
  }

  async marcarIniciada(id: number): Promise<void> {
    await this.db
      .updateTable("asamblea")
      .set({ iniciada_en: sql`coalesce(iniciada_en, now())` })
      .where("id", "=", id)
      .execute();
  }

  /** Every member that the census considers (not erased), with what the rules look at. */
  async candidatosCenso(fechaConvocatoria: string) {
    const filas = await this.db
      .selectFrom("socio")
      .where("socio.anonimizado_en", "is", null)
      .select((eb) => [
        "socio.id",
        "socio.nombre",
        "socio.apellidos",
        "socio.matricula",
        "socio.email",
        "socio.activo",
        "socio.fecha_nacimiento",
        "socio.id_tipo_socio",
        eb
          .exists(
            eb
              .selectFrom("pago")
              .select("pago.id")
              .whereRef("pago.id_socio", "=", "socio.id")
              .where("pago.estado", "in", ESTADOS_POR_COBRAR)
              .where("pago.fecha_vencimiento", "<", fechaConvocatoria),
          )
          .as("deuda_vencida"),
        eb
          .exists(
            eb
              .selectFrom("usuario")
              .select("usuario.id")
              .whereRef("usuario.id_socio", "=", "socio.id")
              .where("usuario.activo", "=", true),
          )
          .as("con_cuenta"),
      ])
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("socio.id")
      .execute();
    return filas.map((f) => ({
      ...f,
      deuda_vencida: Boolean(f.deuda_vencida),
      con_cuenta: Boolean(f.con_cuenta),
    }));
  }

  async congelarCenso(
    idAsamblea: number,
    filas: {
      idSocio: number;
      incluido: boolean;
      motivo: string;
      porEmail: boolean;
      porCarta: boolean;
      porAlerta: boolean;
    }[],
    reglas: ReglasAsamblea,
  ): Promise<void> {
    for (let i = 0; i < filas.length; i += 1000) {
      await this.db
        .insertInto("asamblea_censo")
        .values(
          filas.slice(i, i + 1000).map((f) => ({
            id_asamblea: idAsamblea,
            id_socio: f.idSocio,
            incluido: f.incluido,
            motivo: f.motivo,
            por_email: f.porEmail,
            por_carta: f.porCarta,
            por_alerta: f.porAlerta,
          })),
        )
        .execute();
    }
    await this.db
      .updateTable("asamblea")
      .set({ convocada_en: sql`now()`, reglas: JSON.stringify(reglas) })
      .where("id", "=", idAsamblea)
      .execute();
  }

  async ponerEnvio(idAsamblea: number, idEnvio: number): Promise<void> {
    await this.db
      .updateTable("asamblea")
      .set({ id_envio: idEnvio })
      .where("id", "=", idAsamblea)
      .execute();
  }

  async censo(idAsamblea: number) {
    return this.db
      .selectFrom("asamblea_censo as c")
      .innerJoin("socio as s", "s.id", "c.id_socio")
      .select([
        "c.id_socio",
        "c.incluido",
        "c.motivo",
        "c.manual",
        "c.por_email",
        "c.por_carta",
        "c.por_alerta",
        "s.nombre",
        "s.apellidos",
        "s.nif",
        "s.matricula",
      ])
      .where("c.id_asamblea", "=", idAsamblea)
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .orderBy("s.id")
      .execute();
  }

  async incluidos(idAsamblea: number): Promise<Set<number>> {
    const filas = await this.db
      .selectFrom("asamblea_censo")
      .select("id_socio")
      .where("id_asamblea", "=", idAsamblea)
      .where("incluido", "=", true)
      .execute();
    return new Set(filas.map((f) => f.id_socio));
  }

  async enCenso(idAsamblea: number, idSocio: number): Promise<boolean> {
    const f = await this.db
      .selectFrom("asamblea_censo")
      .select("id_socio")
      .where("id_asamblea", "=", idAsamblea)
      .where("id_socio", "=", idSocio)
      .where("incluido", "=", true)
      .executeTakeFirst();
    return f !== undefined;
  }

  async anyadirACenso(idAsamblea: number, idSocio: number): Promise<boolean> {
    const r = await this.db
      .insertInto("asamblea_censo")
      .values({ id_asamblea: idAsamblea, id_socio: idSocio, incluido: true, manual: true })
      .onConflict((oc) =>
        oc
          .columns(["id_asamblea", "id_socio"])
          .doUpdateSet({ incluido: true, manual: true, motivo: "" })
          .where("asamblea_censo.incluido", "=", false),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async socioExiste(idSocio: number): Promise<{ id_pagador: number | null } | undefined> {
    return this.db
      .selectFrom("socio")
      .select("id_pagador")
      .where("id", "=", idSocio)
      .executeTakeFirst();
  }

  async delegacionesVivas(idAsamblea: number) {
    return this.db
      .selectFrom("asamblea_delegacion")
      .select(["id", "id_delegante as idDelegante", "id_delegado as idDelegado"])
      .where("id_asamblea", "=", idAsamblea)
      .where("revocada_en", "is", null)
      .execute();
  }

  async delegaciones(idAsamblea: number, deSocios: number[] | null) {
    let q = this.db
      .selectFrom("asamblea_delegacion as d")
      .innerJoin("socio as a", "a.id", "d.id_delegante")
      .innerJoin("socio as b", "b.id", "d.id_delegado")
      .select([
        "d.id",
        "d.id_delegante",
        "d.id_delegado",
        "d.en_papel",
        "d.creado_en",
        "d.revocada_en",
        sql<string>`trim(a.nombre || ' ' || a.apellidos)`.as("nombre_delegante"),
        sql<string>`trim(b.nombre || ' ' || b.apellidos)`.as("nombre_delegado"),
      ])
      .where("d.id_asamblea", "=", idAsamblea);
    if (deSocios !== null) {
      if (deSocios.length === 0) return [];
      q = q.where((eb) =>
        eb.or([eb("d.id_delegante", "in", deSocios), eb("d.id_delegado", "in", deSocios)]),
      );
    }
    return q.orderBy("d.id").execute();
  }

  async delegacion(idAsamblea: number, id: number) {
    return this.db
      .selectFrom("asamblea_delegacion")
      .selectAll()
      .where("id_asamblea", "=", idAsamblea)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async crearDelegacion(d: {
    idAsamblea: number;
    idDelegante: number;
    idDelegado: number;
    enPapel: boolean;
    creadoPor: number;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto("asamblea_delegacion")
      .values({
        id_asamblea: d.idAsamblea,
        id_delegante: d.idDelegante,
        id_delegado: d.idDelegado,
        en_papel: d.enPapel,
        creado_por: d.creadoPor,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  async revocar(id: number): Promise<void> {
    await this.db
      .updateTable("asamblea_delegacion")
      .set({ revocada_en: sql`now()` })
      .where("id", "=", id)
      .where("revocada_en", "is", null)
      .execute();
  }

  /** Checks in; false when the member was already in. */
  async registrarAsistente(
    idAsamblea: number,
    idSocio: number,
    por: "carnet" | "manual",
  ): Promise<boolean> {
    const r = await this.db
      .insertInto("asamblea_asistente")
      .values({ id_asamblea: idAsamblea, id_socio: idSocio, por })
      .onConflict((oc) => oc.columns(["id_asamblea", "id_socio"]).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async presentes(idAsamblea: number): Promise<Set<number>> {
    const filas = await this.db
      .selectFrom("asamblea_asistente")
      .select("id_socio")
      .where("id_asamblea", "=", idAsamblea)
      .execute();
    return new Set(filas.map((f) => f.id_socio));
  }

  async asistentes(idAsamblea: number) {
    return this.db
      .selectFrom("asamblea_asistente as a")
      .innerJoin("socio as s", "s.id", "a.id_socio")
      .select(["a.id_socio", "a.por", "s.nombre", "s.apellidos", "s.matricula"])
      .where("a.id_asamblea", "=", idAsamblea)
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .execute();
  }

  async presente(idAsamblea: number, idSocio: number): Promise<boolean> {
    const f = await this.db
      .selectFrom("asamblea_asistente")
      .select("id_socio")
      .where("id_asamblea", "=", idAsamblea)
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
    return f !== undefined;
  }

  async nombreSocio(idSocio: number) {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos"])
      .where("id", "=", idSocio)
      .executeTakeFirst();
  }

  /** «Has voted» for (point, member): false when they had voted already. No time, no option. */
  async marcarVotado(idPunto: number, idSocio: number, enPapel = false): Promise<boolean> {
    const r = await this.db
      .insertInto("asamblea_votante")
      .values({ id_punto: idPunto, id_socio: idSocio, en_papel: enPapel })
      .onConflict((oc) => oc.columns(["id_punto", "id_socio"]).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Adds to the counts of a point in ONE statement that writes every counter (the same text and
   * the same row whatever the option): nothing in the row tells which one grew.
   */
  async sumar(idPunto: number, c: { si: number; no: number; abstencion: number }): Promise<void> {
    await sql`UPDATE asamblea_recuento SET si = si + ${c.si}, no = no + ${c.no},
      abstencion = abstencion + ${c.abstencion} WHERE id_punto = ${idPunto}`.execute(this.db);
  }

  async votoPublico(
    idPunto: number,
    idSocio: number,
    opcion: "si" | "no" | "abstencion",
    idEmisor: number,
  ): Promise<void> {
    await this.db
      .insertInto("asamblea_voto_publico")
      .values({ id_punto: idPunto, id_socio: idSocio, opcion, id_emisor: idEmisor })
      .execute();
  }

  async votadosPor(idPunto: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("asamblea_votante")
      .select("id_socio")
      .where("id_punto", "=", idPunto)
      .where("id_socio", "in", ids)
      .execute();
    return new Set(filas.map((f) => f.id_socio));
  }

  async acta(idAsamblea: number, bloquear = false) {
    let q = this.db.selectFrom("asamblea_acta").selectAll().where("id_asamblea", "=", idAsamblea);
    if (bloquear) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async guardarActa(idAsamblea: number, contenido: string): Promise<void> {
    await this.db
      .insertInto("asamblea_acta")
      .values({ id_asamblea: idAsamblea, contenido })
      .onConflict((oc) =>
        oc.column("id_asamblea").doUpdateSet({ contenido, actualizado_en: sql`now()` }),
      )
      .execute();
  }

  async aprobarActa(idAsamblea: number, fecha: string, hash: string): Promise<void> {
    await this.db
      .updateTable("asamblea_acta")
      .set({ aprobada_en: fecha, hash })
      .where("id_asamblea", "=", idAsamblea)
      .where("hash", "is", null)
      .execute();
  }

  async actasAprobadas() {
    return this.db
      .selectFrom("asamblea_acta as a")
      .innerJoin("asamblea as s", "s.id", "a.id_asamblea")
      .innerJoin("acto", "acto.id", "s.id_acto")
      .select([
        "a.id_asamblea",
        "a.contenido",
        "a.aprobada_en",
        "a.hash",
        "acto.nombre",
        "acto.fecha",
      ])
      .where("a.hash", "is not", null)
      .orderBy("acto.fecha")
      .orderBy("a.id_asamblea")
      .execute();
  }

  /** The member's accounts' members: themself and whoever they pay for. */
  async sociosDe(idSocio: number): Promise<number[]> {
    const filas = await this.db
      .selectFrom("socio")
      .select("id")
      .where((eb) => eb.or([eb("id", "=", idSocio), eb("id_pagador", "=", idSocio)]))
      .execute();
    return filas.map((f) => f.id);
  }

  /** Assemblies called and not yet over whose census holds one of `ids`. */
  async convocadasCon(ids: number[], desde: string): Promise<AsambleaFila[]> {
    if (ids.length === 0) return [];
    return (await this.db
      .selectFrom("asamblea")
      .innerJoin("acto", "acto.id", "asamblea.id_acto")
      .selectAll("asamblea")
      .select(["acto.nombre as nombre_acto", "acto.fecha", "acto.lugar"])
      .where("asamblea.convocada_en", "is not", null)
      .where("acto.fecha", ">=", desde)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("asamblea_censo as c")
            .select("c.id_socio")
            .whereRef("c.id_asamblea", "=", "asamblea.id")
            .where("c.incluido", "=", true)
            .where("c.id_socio", "in", ids),
        ),
      )
      .orderBy("acto.fecha")
      .execute()) as AsambleaFila[];
  }

  /** The register of members: every member ever, with the joins and leaves of the audit. */
  async libroRegistro() {
    const socios = await this.db
      .selectFrom("socio")
      .select([
        "id",
        "matricula",
        "nombre",
        "apellidos",
        "nif",
        "fecha_alta",
        "fecha_baja",
        "activo",
        "anyo_alta",
      ])
      .orderBy("matricula")
      .orderBy("id")
      .execute();
    const movimientos = await this.db
      .selectFrom("auditoria")
      .select(["id_entidad", "accion", "creado_en"])
      .where("entidad", "=", "socio")
      .where("accion", "in", ["alta", "baja"])
      .orderBy("creado_en")
      .orderBy("id")
      .execute();
    return { socios, movimientos, periodos: await periodosDe(this.db, null) };
  }
}
