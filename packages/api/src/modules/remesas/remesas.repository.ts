import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { AcreedorRemesa, ExcluidoRemesa } from "../../db/schema.js";
import type { AdeudoSepa } from "../../services/sepa/pain008.js";
import { TesoreriaRepository } from "../tesoreria/tesoreria.repository.js";

/** A payer of pending direct-debit charges, with what the remittance needs and their total (cents). */
export type PagadorElegible = {
  idPagador: number;
  nombre: string;
  apellidos: string;
  iban: string;
  bic: string;
  mandatoId: string;
  mandatoFecha: string | null;
  total: number;
};

/** A debit as written by `incluirEnRemesa`, with what the pain.008 needs of it. */
export type AdeudoEscrito = {
  idPagador: number;
  importe: number;
  endToEndId: string;
  mandatoId: string;
  mandatoFecha: string | null;
  secuencia: "FRST" | "RCUR";
  iban: string;
  bic: string;
  nombre: string;
  apellidos: string;
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
  /** Set once the charge came back; kept when it is paid or cancelled since. */
  fecha_devolucion: string | null;
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

  /** The treasury's book, in this repository's transaction (its automatic movements). */
  tesoreria(): TesoreriaRepository {
    return new TesoreriaRepository(this.db);
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
   * Pending charges due up to `hasta`, not in a remittance, whose payer pays by direct debit;
   * `bloquear` locks them (`FOR UPDATE`) in id order — the order of the desk and of
   * an online payment's notification, so that two of them never wait on each other (a
   * deadlock).
   */
  private elegibles(hasta: string, bloquear: boolean) {
    return sql`
      select pago.id, pago.id_pagador, pago.importe, pago.concepto, pago.fecha_vencimiento
      from pago
      join socio pagador on pagador.id = pago.id_pagador
      join forma_pago on forma_pago.id = pagador.id_forma_pago
      where pago.estado = 'pendiente' and pago.id_remesa is null
        and pago.fecha_vencimiento <= ${hasta}::date and forma_pago.domiciliada
        -- An enrolment's charge while its payment deadline runs (issue 50) is paid at the desk
        -- or online, or lapses: never debited.
        and not exists (select 1 from inscripcion
          where inscripcion.id_pago = pago.id and inscripcion.plazo_pago is not null)
      ${bloquear ? sql`order by pago.id for update of pago` : sql``}
    `;
  }

  /**
   * The payers of the eligible charges (`elegibles`, not locked), each with their total, in
   * payer order: one row per payer, the charges added up by the database (the 409 before a
   * generation lists why each cannot be debited).
   */
  async pagadoresElegibles(hasta: string): Promise<PagadorElegible[]> {
    const { rows } = await sql<PagadorElegible>`
      with cargos as (${this.elegibles(hasta, false)})
      select c.id_pagador as "idPagador", s.nombre, s.apellidos, s.iban, s.bic,
        s.mandato_id as "mandatoId", s.mandato_fecha as "mandatoFecha",
        sum(c.importe)::bigint as total
      from cargos c
      join socio s on s.id = c.id_pagador
      group by c.id_pagador, s.id
      order by c.id_pagador
    `.execute(this.db);
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /**
   * Up to `limite` payers of eligible charges who have an IBAN and a mandate (not yet checked):
   * enough for the check before a generation, without reading every payer.
   */
  async pagadoresConDatos(
    hasta: string,
    limite: number,
  ): Promise<Pick<PagadorElegible, "iban" | "mandatoId" | "mandatoFecha">[]> {
    const { rows } = await sql<Pick<PagadorElegible, "iban" | "mandatoId" | "mandatoFecha">>`
      with cargos as (${this.elegibles(hasta, false)})
      select s.iban, s.mandato_id as "mandatoId", s.mandato_fecha as "mandatoFecha"
      from socio s
      where s.id in (select id_pagador from cargos)
        and s.iban <> '' and s.mandato_id <> '' and s.mandato_fecha is not null
      limit ${limite}
    `.execute(this.db);
    return rows;
  }

  /**
   * Writes the remittance's debits, set-based, in one statement (`consultaInclusion`): every
   * eligible charge locked in id order, added up per payer into one debit each, each charge
   * pointed at its debit. Payers without an IBAN or a mandate are left out by the statement;
   * `valido` checks each debit written (the IBAN's check digits, in @fila/domain), and when one
   * fails the statement is undone to a savepoint and run again leaving that payer out too
   * (rare: a wrong IBAN). Answers the debits and the payers left out, both in payer order;
   * throws if a charge changed under it (the counts differ), so nothing is half-written.
   */
  async incluirEnRemesa(
    idRemesa: number,
    hasta: string,
    valido: (a: AdeudoEscrito) => boolean,
  ): Promise<{ adeudos: AdeudoEscrito[]; excluidos: PagadorElegible[] }> {
    const fuera: number[] = [];
    // Its joins are between the statement's own steps, whose sizes the planner guesses (and
    // with fresh statistics guesses as one row): a nested loop there is thousands × thousands.
    // Hash and merge joins are linear whatever the guess; only for this statement.
    await sql`set local enable_nestloop = off`.execute(this.db);
    for (let intento = 0; ; intento++) {
      await sql`savepoint remesa`.execute(this.db);
      const { rows } = await this.consultaInclusion(idRemesa, hasta, fuera).execute(this.db);
      const adeudos: AdeudoEscrito[] = [];
      const excluidos: PagadorElegible[] = [];
      for (const { incluido, enlazados, numCargos, total, ...f } of rows) {
        if (enlazados !== numCargos) {
          throw new Error(`remesa ${idRemesa}: un cargo ha cambiado mientras se generaba`);
        }
        if (incluido) {
          adeudos.push({
            ...f,
            importe: Number(total),
            endToEndId: f.endToEndId ?? "",
            secuencia: f.secuencia ?? "FRST",
          });
        } else {
          excluidos.push({ ...f, total: Number(total) });
        }
      }
      const malos = adeudos.filter((a) => !valido(a)).map((a) => a.idPagador);
      if (malos.length === 0) {
        await sql`release savepoint remesa`.execute(this.db);
        await sql`set local enable_nestloop to default`.execute(this.db);
        return { adeudos, excluidos };
      }
      if (intento === 2) throw new Error(`remesa ${idRemesa}: los pagadores cambian`);
      await sql`rollback to savepoint remesa`.execute(this.db);
      fuera.push(...malos);
    }
  }

  /**
   * `incluirEnRemesa`'s statement (apart, for EXPLAIN in a measurement): one row per payer of
   * the eligible charges, `incluido` with their debit, or left out (no IBAN or mandate, or in
   * `fuera`) with their total.
   */
  consultaInclusion(idRemesa: number, hasta: string, fuera: number[]) {
    type Fila = Omit<PagadorElegible, "total"> & {
      incluido: boolean;
      total: number | string;
      endToEndId: string | null;
      secuencia: "FRST" | "RCUR" | null;
      enlazados: number;
      numCargos: number;
    };
    return sql<Fila>`
      with cargos as (
        select e.id, e.id_pagador, e.importe, e.concepto,
          row_number() over (partition by e.id_pagador order by e.fecha_vencimiento, e.id)
            as orden
        from (${this.elegibles(hasta, true)}) e
      ),
      -- Per payer: the total, how many charges, the debit's concept (the charges' concepts
      -- trimmed, each once, in the order of the charges, blank ones left out, joined by ", ")
      -- and whether they are debited.
      pagadores as (
        select x.id_pagador, sum(x.importe)::bigint as importe, sum(x.n)::integer as n,
          coalesce(string_agg(x.concepto, ', ' order by x.primero)
            filter (where x.concepto <> ''), '') as concepto,
          (s.iban <> '' and s.mandato_id <> '' and s.mandato_fecha is not null
            and x.id_pagador <> all(${fuera}::integer[])) as incluido
        from (
          select id_pagador, btrim(concepto) as concepto, min(orden) as primero,
            sum(importe) as importe, count(*) as n
          from cargos group by id_pagador, btrim(concepto)
        ) x
        join socio s on s.id = x.id_pagador
        group by x.id_pagador, s.id
      ),
      -- The payers' mandates already used in a debit that went (or is going) through, read
      -- once before inserting (a look-up per new debit would also walk the rows this very
      -- statement inserts).
      usados as materialized (
        select distinct u.id_pagador, u.mandato_id from remesa_adeudo u
        where u.estado in ('incluido', 'cobrado')
      ),
      adeudo as (
        insert into remesa_adeudo (id_remesa, id_pagador, importe, end_to_end_id, mandato_id,
          mandato_fecha, secuencia, iban, bic, nombre, concepto)
        select ${idRemesa}::integer, p.id_pagador, p.importe,
          'R' || ${idRemesa}::integer || '-' || p.id_pagador, s.mandato_id, s.mandato_fecha,
          case when u.id_pagador is null then 'FRST' else 'RCUR' end,
          s.iban, s.bic, s.nombre || ' ' || s.apellidos, p.concepto
        from pagadores p
        join socio s on s.id = p.id_pagador
        left join usados u on u.id_pagador = p.id_pagador and u.mandato_id = s.mandato_id
        where p.incluido
        order by p.id_pagador
        returning id, id_pagador, importe, end_to_end_id, mandato_id, mandato_fecha, secuencia,
          iban, bic
      ),
      enlazados as (
        update pago set id_remesa = ${idRemesa}::integer, id_adeudo = adeudo.id,
          actualizado_en = now()
        from cargos, adeudo
        where pago.id = cargos.id and adeudo.id_pagador = cargos.id_pagador
          and pago.estado = 'pendiente' and pago.id_remesa is null
        returning 1
      )
      -- (The counts as subqueries, not a joined row: a join without a key is a nested loop,
      -- which this statement turns off; its cost would then look huge, enough for JIT.)
      select true as incluido, a.id_pagador as "idPagador", s.nombre, s.apellidos, a.iban,
        a.bic, a.mandato_id as "mandatoId", a.mandato_fecha as "mandatoFecha",
        a.importe as total, a.end_to_end_id as "endToEndId", a.secuencia,
        (select count(*)::integer from enlazados) as enlazados,
        (select coalesce(sum(n), 0)::integer from pagadores where incluido) as "numCargos"
      from adeudo a
      join socio s on s.id = a.id_pagador
      join pagadores p on p.id_pagador = a.id_pagador
      union all
      select false, p.id_pagador, s.nombre, s.apellidos, s.iban, s.bic, s.mandato_id,
        s.mandato_fecha, p.importe, null, null,
        (select count(*)::integer from enlazados),
        (select coalesce(sum(n), 0)::integer from pagadores where incluido)
      from pagadores p
      join socio s on s.id = p.id_pagador
      where not p.incluido
      order by "idPagador"
    `;
  }

  async crearRemesa(datos: {
    mensajeId: string;
    fechaCobro: string;
    hasta: string;
    idUsuario: number;
    creadaEn: Date;
    acreedor: AcreedorRemesa;
  }): Promise<number> {
    const fila = await this.db
      .insertInto("remesa")
      .values({
        mensaje_id: datos.mensajeId,
        fecha_cobro: datos.fechaCobro,
        hasta: datos.hasta,
        id_usuario: datos.idUsuario,
        creada_en: datos.creadaEn,
        acreedor: JSON.stringify(datos.acreedor),
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
      excluidos: ExcluidoRemesa[];
    },
  ): Promise<void> {
    await this.db
      .updateTable("remesa")
      .set({
        mensaje_id: datos.mensajeId,
        num_adeudos: datos.numAdeudos,
        total: datos.total,
        excluidos: JSON.stringify(datos.excluidos),
      })
      .where("id", "=", id)
      .execute();
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

  /**
   * What a remittance's pain.008 is written from: the remittance (with the file itself when it
   * was stored, before migration 0032) and its debits as generated, in payer order.
   */
  async paraXml(id: number): Promise<
    | {
        remesa: Pick<FilaRemesa, "mensaje_id" | "fecha_cobro" | "creada_en"> & {
          xml: string;
          acreedor: AcreedorRemesa | null;
        };
        adeudos: AdeudoSepa[];
      }
    | undefined
  > {
    const remesa = await this.db
      .selectFrom("remesa")
      .select(["mensaje_id", "fecha_cobro", "creada_en", "xml", "acreedor"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!remesa) return undefined;
    if (remesa.xml !== "") return { remesa, adeudos: [] };
    const adeudos = await this.db
      .selectFrom("remesa_adeudo")
      .select([
        "end_to_end_id as endToEndId",
        "importe as importeCentimos",
        "mandato_id as mandatoId",
        "mandato_fecha as mandatoFecha",
        "secuencia",
        "nombre",
        "iban",
        "bic",
        "concepto",
      ])
      .where("id_remesa", "=", id)
      .orderBy("id_pagador")
      .execute();
    const enCentimos = adeudos.map((a) => ({ ...a, importeCentimos: Number(a.importeCentimos) }));
    return { remesa, adeudos: enCentimos };
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

  /** Its charges; `bloquear` locks them, so nobody pays one while its return is registered. */
  async pagos(idRemesa: number, bloquear = false): Promise<FilaPagoRemesa[]> {
    const consulta = this.db
      .selectFrom("pago")
      .select(["id", "id_socio", "id_adeudo", "concepto", "importe", "estado", "fecha_devolucion"])
      .where("id_remesa", "=", idRemesa)
      .orderBy("id");
    return (bloquear ? consulta.forUpdate() : consulta).execute();
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
