import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { ExcluidoRemesa } from "../../db/schema.js";

/** A pending direct-debit charge with what its payer needs for the remittance. */
export type CargoElegible = {
  id: number;
  idSocio: number;
  idPagador: number;
  importe: number;
  concepto: string;
  nombre: string;
  apellidos: string;
  iban: string;
  bic: string;
  mandatoId: string;
  mandatoFecha: string | null;
};

export type FilaRemesa = {
  id: number;
  mensaje_id: string;
  fecha_cobro: string;
  hasta: string;
  estado: "generada" | "cobrada";
  num_adeudos: number;
  total: number;
  creada_en: Date;
  excluidos: ExcluidoRemesa[];
};

export type FilaAdeudo = {
  id: number;
  id_pagador: number;
  nombre: string;
  apellidos: string;
  importe: number;
  end_to_end_id: string;
  mandato_id: string;
  secuencia: "FRST" | "RCUR";
  estado: "incluido" | "cobrado" | "devuelto";
  motivo_devolucion: string;
};

export type FilaPagoRemesa = {
  id: number;
  id_socio: number;
  id_adeudo: number | null;
  concepto: string;
  importe: number;
  estado: string;
};

export type NuevoAdeudo = {
  id_pagador: number;
  importe: number;
  end_to_end_id: string;
  mandato_id: string;
  mandato_fecha: string;
  secuencia: "FRST" | "RCUR";
  iban: string;
  bic: string;
};

export type OrdenRemesas = "id" | "-id" | "fechaCobro" | "-fechaCobro";

export type FiltroRemesas = { q?: string; estado?: "generada" | "cobrada" };

const COLUMNAS_REMESA = [
  "id",
  "mensaje_id",
  "fecha_cobro",
  "hasta",
  "estado",
  "num_adeudos",
  "total",
  "creada_en",
  "excluidos",
] as const;

export class RemesasRepository {
  constructor(private readonly db: Database) {}

  /** One transaction (the caller's own when it already runs in one: a job's `terminarEn`). */
  transaccion<T>(fn: (repo: RemesasRepository, tx: Database) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this, this.db);
    return this.db.transaction().execute((tx) => fn(new RemesasRepository(tx), tx));
  }

  /** Serialises remittance generation: two at once must never take the same charge. */
  async bloquearGeneracion(): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('remesas:generar'))`.execute(this.db);
  }

  async asociacion() {
    return this.db
      .selectFrom("asociacion")
      .select(["nombre", "cif", "iban", "bic", "sufijo_acreedor"])
      .where("id", "=", 1)
      .executeTakeFirst();
  }

  /**
   * Pending charges due up to `hasta`, not in a remittance, whose payer pays by direct debit,
   * locked (`FOR UPDATE`) in id order — the order of the desk and of an online payment's
   * notification, so that two of them never wait on each other (a deadlock) — and answered in
   * the remittance's order (payer, due date, id).
   */
  async cargosElegibles(hasta: string): Promise<CargoElegible[]> {
    const bloqueados = this.db
      .selectFrom("pago")
      .innerJoin("socio as pagador", "pagador.id", "pago.id_pagador")
      .innerJoin("forma_pago", "forma_pago.id", "pagador.id_forma_pago")
      .select([
        "pago.id",
        "pago.id_socio as idSocio",
        "pago.id_pagador as idPagador",
        "pago.importe",
        "pago.concepto",
        "pago.fecha_vencimiento as fechaVencimiento",
        "pagador.nombre",
        "pagador.apellidos",
        "pagador.iban",
        "pagador.bic",
        "pagador.mandato_id as mandatoId",
        "pagador.mandato_fecha as mandatoFecha",
      ])
      .where("pago.estado", "=", "pendiente")
      .where("pago.id_remesa", "is", null)
      .where("pago.fecha_vencimiento", "<=", hasta)
      .where("forma_pago.domiciliada", "=", true)
      .orderBy("pago.id")
      .forUpdate("pago");
    const filas = await this.db
      .selectFrom(bloqueados.as("c"))
      .selectAll()
      .orderBy("c.idPagador")
      .orderBy("c.fechaVencimiento")
      .orderBy("c.id")
      .execute();
    return filas.map(({ fechaVencimiento: _, ...f }) => ({ ...f, importe: Number(f.importe) }));
  }

  /** Payers whose mandate was already used in a debit that went (or is going) through. */
  async mandatosUsados(idsPagador: number[]): Promise<Set<string>> {
    if (idsPagador.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("remesa_adeudo")
      .select(["id_pagador", "mandato_id"])
      .distinct()
      .where(sql<boolean>`id_pagador = any(${idsPagador}::int[])`)
      .where("estado", "in", ["incluido", "cobrado"])
      .execute();
    return new Set(filas.map((f) => claveMandato(f.id_pagador, f.mandato_id)));
  }

  async crearRemesa(datos: {
    mensajeId: string;
    fechaCobro: string;
    hasta: string;
    idUsuario: number;
  }): Promise<number> {
    const fila = await this.db
      .insertInto("remesa")
      .values({
        mensaje_id: datos.mensajeId,
        fecha_cobro: datos.fechaCobro,
        hasta: datos.hasta,
        id_usuario: datos.idUsuario,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async completarRemesa(
    id: number,
    datos: {
      mensajeId: string;
      numAdeudos: number;
      total: number;
      xml: string;
      excluidos: ExcluidoRemesa[];
    },
  ): Promise<void> {
    await this.db
      .updateTable("remesa")
      .set({
        mensaje_id: datos.mensajeId,
        num_adeudos: datos.numAdeudos,
        total: datos.total,
        xml: datos.xml,
        excluidos: JSON.stringify(datos.excluidos),
      })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Inserts the debits and points each included charge at its payer's debit, in one statement:
   * one array per column (`unnest`) rather than a parameter per value, and no round trip
   * between the two.
   */
  async incluirEnRemesa(idRemesa: number, adeudos: NuevoAdeudo[], idsPago: number[]) {
    const col = <T>(f: (a: NuevoAdeudo) => T) => adeudos.map(f);
    await sql`
      with adeudo as (
        insert into remesa_adeudo (id_remesa, id_pagador, importe, end_to_end_id, mandato_id,
          mandato_fecha, secuencia, iban, bic)
        select ${idRemesa}, * from unnest(
          ${col((a) => a.id_pagador)}::integer[], ${col((a) => a.importe)}::bigint[],
          ${col((a) => a.end_to_end_id)}::text[], ${col((a) => a.mandato_id)}::text[],
          ${col((a) => a.mandato_fecha)}::date[], ${col((a) => a.secuencia)}::text[],
          ${col((a) => a.iban)}::text[], ${col((a) => a.bic)}::text[]
        )
        returning id, id_pagador
      )
      update pago set id_remesa = ${idRemesa}, id_adeudo = adeudo.id, actualizado_en = now()
      from adeudo
      where adeudo.id_pagador = pago.id_pagador and pago.id = any(${idsPago}::int[])
    `.execute(this.db);
  }

  /** Remittances filtered by `estado` and `q`: a number is the remittance id, else part of the message id. */
  private filtradas(filtro: FiltroRemesas) {
    let consulta = this.db.selectFrom("remesa");
    if (filtro.estado) consulta = consulta.where("estado", "=", filtro.estado);
    const q = filtro.q?.trim() ?? "";
    if (/^\d{1,9}$/.test(q)) {
      consulta = consulta.where("id", "=", Number(q));
    } else if (q) {
      const patron = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      consulta = consulta.where("mensaje_id", "ilike", patron);
    }
    return consulta;
  }

  async listar(filtro: FiltroRemesas & { page: number; pageSize: number; sort: OrdenRemesas }) {
    const total = await this.filtradas(filtro)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const desc = filtro.sort.startsWith("-") ? "desc" : "asc";
    let consulta = this.filtradas(filtro).select(COLUMNAS_REMESA);
    if (filtro.sort.endsWith("fechaCobro")) consulta = consulta.orderBy("fecha_cobro", desc);
    const items = await consulta
      .orderBy("id", desc)
      .limit(filtro.pageSize)
      .offset((filtro.page - 1) * filtro.pageSize)
      .execute();
    return { items: items as FilaRemesa[], total: Number(total.n) };
  }

  async porId(id: number, bloquear = false): Promise<FilaRemesa | undefined> {
    let consulta = this.db.selectFrom("remesa").select(COLUMNAS_REMESA).where("id", "=", id);
    if (bloquear) consulta = consulta.forUpdate();
    return (await consulta.executeTakeFirst()) as FilaRemesa | undefined;
  }

  async xml(id: number): Promise<string | undefined> {
    const fila = await this.db
      .selectFrom("remesa")
      .select("xml")
      .where("id", "=", id)
      .executeTakeFirst();
    return fila?.xml;
  }

  async adeudos(idRemesa: number): Promise<FilaAdeudo[]> {
    return this.db
      .selectFrom("remesa_adeudo as a")
      .innerJoin("socio as s", "s.id", "a.id_pagador")
      .select([
        "a.id",
        "a.id_pagador",
        "s.nombre",
        "s.apellidos",
        "a.importe",
        "a.end_to_end_id",
        "a.mandato_id",
        "a.secuencia",
        "a.estado",
        "a.motivo_devolucion",
      ])
      .where("a.id_remesa", "=", idRemesa)
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .orderBy("a.id")
      .execute();
  }

  async pagos(idRemesa: number): Promise<FilaPagoRemesa[]> {
    return this.db
      .selectFrom("pago")
      .select(["id", "id_socio", "id_adeudo", "concepto", "importe", "estado"])
      .where("id_remesa", "=", idRemesa)
      .orderBy("id")
      .execute();
  }

  /**
   * Collected: debits still included → cobrado, their pending charges → pagado, each charge
   * audited with `cambios` in the same statement (the ids never travel to the server and back).
   * Returns how many charges were paid.
   */
  /**
   * Its pending charges to paid, with the remittance's date, and their ids (sorted): the caller
   * writes ONE audit entry for the remittance listing them (issue 37), not one per charge.
   */
  async marcarCobrada(idRemesa: number, fechaCobro: string): Promise<number[]> {
    const { rows } = await sql<{ ids: number[] | null }>`
      with pagados as (
        update pago set estado = 'pagado', fecha_pago = ${fechaCobro},
          id_forma_pago = s.id_forma_pago, referencia = a.end_to_end_id, actualizado_en = now()
        from remesa_adeudo a
        join socio s on s.id = a.id_pagador
        where pago.id_adeudo = a.id and a.id_remesa = ${idRemesa}
          and a.estado = 'incluido' and pago.estado = 'pendiente'
        returning pago.id
      )
      select array_agg(id order by id) as ids from pagados
    `.execute(this.db);
    await this.db
      .updateTable("remesa_adeudo")
      .set({ estado: "cobrado" })
      .where("id_remesa", "=", idRemesa)
      .where("estado", "=", "incluido")
      .execute();
    await this.db
      .updateTable("remesa")
      .set({ estado: "cobrada", cobrada_en: new Date() })
      .where("id", "=", idRemesa)
      .execute();
    return (rows[0]?.ids ?? []).map(Number);
  }

  /** Charges back to pending and out of the remittance, then the remittance is gone. */
  async borrar(idRemesa: number): Promise<number[]> {
    const liberados = await this.db
      .updateTable("pago")
      .set({ id_remesa: null, id_adeudo: null, actualizado_en: new Date() })
      .where("id_remesa", "=", idRemesa)
      .returning("id")
      .execute();
    await this.db.deleteFrom("remesa").where("id", "=", idRemesa).execute();
    return liberados.map((p) => p.id);
  }

  async devolverPagos(
    devoluciones: { idPago: number; motivo: string }[],
    fecha: string,
  ): Promise<void> {
    for (const d of devoluciones) {
      await this.db
        .updateTable("pago")
        .set({
          estado: "devuelto",
          motivo_devolucion: d.motivo,
          fecha_devolucion: fecha,
          actualizado_en: new Date(),
        })
        .where("id", "=", d.idPago)
        .execute();
    }
  }

  /** Debits of the remittance whose every charge came back → devuelto with the reason. */
  async devolverAdeudosCompletos(idRemesa: number, motivoPorAdeudo: Map<number, string>) {
    for (const [idAdeudo, motivo] of motivoPorAdeudo) {
      await sql`
        update remesa_adeudo set estado = 'devuelto', motivo_devolucion = ${motivo}
        where id = ${idAdeudo} and id_remesa = ${idRemesa}
          and not exists (
            select 1 from pago where pago.id_adeudo = ${idAdeudo} and pago.estado <> 'devuelto'
          )
      `.execute(this.db);
    }
  }

  /**
   * One audit row per charge, all with the same changes, in one statement (a remittance of 5,000
   * debits marks some 15,000 charges collected at once).
   */
  async auditarPagos(
    idUsuario: number,
    idsPago: number[],
    accion: string,
    cambios: { campo: string; antes: unknown; despues: unknown }[],
  ): Promise<void> {
    if (idsPago.length === 0) return;
    await sql`
      insert into auditoria (id_usuario, entidad, id_entidad, accion, cambios)
      select ${idUsuario}, 'pago', t.id, ${accion}, ${JSON.stringify(cambios)}::jsonb
      from unnest(${idsPago}::int[]) with ordinality as t(id, n)
      order by t.n
    `.execute(this.db);
  }
}

export const claveMandato = (idPagador: number, mandatoId: string) => `${idPagador}:${mandatoId}`;
