import {
  type EstadoPago,
  type EstadoPedidoOnline,
  type FiltrosPedidosOnline,
  type Idioma,
  type MetodoPagoOnline,
  normalizarBusqueda,
} from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { PagosRepository } from "./pagos.repository.js";

/** An order with the names and charges the screens show (amounts in cents). */
export type PedidoFila = {
  id: number;
  numero: string;
  idSocio: number | null;
  socio: string;
  email: string;
  /** The language of the account that made the order (its receipt is written in it). */
  idioma: Idioma;
  importe: number;
  metodo: MetodoPagoOnline;
  estado: EstadoPedidoOnline;
  respuesta: string;
  codigoAutorizacion: string;
  creadoEn: Date;
  /** Made in Redsys's test mode: its notification pays nothing. */
  prueba: boolean;
  cargos: { id: number; concepto: string; importe: number }[];
};

/** A charge locked for an online payment. */
export type CargoBloqueado = {
  id: number;
  estado: EstadoPago;
  importe: number;
  id_socio: number;
  id_pagador: number;
  id_remesa: number | null;
};

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class PagoOnlineRepository {
  constructor(private readonly db: Database) {}

  /** One transaction; `pagos` is the charges' repository on the same transaction. */
  transaccion<T>(
    fn: (repo: PagoOnlineRepository, pagos: PagosRepository) => Promise<T>,
  ): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => fn(new PagoOnlineRepository(trx), new PagosRepository(trx)));
  }

  /**
   * Locks the charges in id order, as the remittance and the desk do (`FOR UPDATE`): a
   * remittance being generated waits, and then no longer finds the ones this paid.
   */
  async bloquearCargos(ids: number[]): Promise<CargoBloqueado[]> {
    if (ids.length === 0) return [];
    const filas = await this.db
      .selectFrom("pago")
      .select(["id", "estado", "importe", "id_socio", "id_pagador", "id_remesa"])
      .where("id", "in", ids)
      .orderBy("id")
      .forUpdate()
      .execute();
    return filas.map((f) => ({ ...f, importe: Number(f.importe) }));
  }

  /**
   * The next order's id and number: the id from the table's sequence, as 12 digits (4 digits then
   * 8: Redsys's rule). A restored copy moves the sequence past its rows, so no number comes back.
   */
  async siguienteNumero(): Promise<{ id: number; numero: string }> {
    const { rows } = await sql<{
      n: string;
    }>`select nextval(pg_get_serial_sequence('pedido_online', 'id'))::text as n`.execute(this.db);
    const n = String(rows[0]?.n ?? "");
    return { id: Number(n), numero: n.padStart(12, "0") };
  }

  async crear(p: {
    id: number;
    numero: string;
    idUsuario: number;
    idSocio: number;
    importe: number;
    metodo: MetodoPagoOnline;
    prueba: boolean;
    cargos: { id: number; importe: number }[];
  }): Promise<number> {
    const { id } = await this.db
      .insertInto("pedido_online")
      .values({
        id: p.id,
        numero: p.numero,
        id_usuario: p.idUsuario,
        id_socio: p.idSocio,
        importe: p.importe,
        metodo: p.metodo,
        prueba: p.prueba,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto("pedido_online_pago")
      .values(p.cargos.map((c) => ({ id_pedido: id, id_pago: c.id, importe: c.importe })))
      .execute();
    return id;
  }

  /** The order by its number, its row locked: two notifications of one order go one by one. */
  async bloquearPedido(numero: string) {
    const pedido = await this.db
      .selectFrom("pedido_online")
      .select(["id", "numero", "id_socio", "importe", "metodo", "estado", "prueba"])
      .where("numero", "=", numero)
      .forUpdate()
      .executeTakeFirst();
    if (!pedido) return undefined;
    const cargos = await this.db
      .selectFrom("pedido_online_pago")
      .select(["id_pago", "importe"])
      .where("id_pedido", "=", pedido.id)
      .orderBy("id_pago")
      .execute();
    return {
      ...pedido,
      importe: Number(pedido.importe),
      cargos: cargos.map((c) => ({ id: c.id_pago, importe: Number(c.importe) })),
    };
  }

  async resolver(
    id: number,
    r: {
      estado: EstadoPedidoOnline;
      respuesta: string;
      codigoAutorizacion: string;
      notificacion: string;
    },
  ): Promise<void> {
    await this.db
      .updateTable("pedido_online")
      .set({
        estado: r.estado,
        respuesta: r.respuesta,
        codigo_autorizacion: r.codigoAutorizacion,
        notificacion: r.notificacion,
        resuelto_en: new Date(),
      })
      .where("id", "=", id)
      .execute();
  }

  /**
   * The payment method of online payments: the one remembered by the association, or «Pago en
   * línea» created now (the association's row locked, so two payments create only one).
   */
  async formaPagoOnline(): Promise<number> {
    const asociacion = await this.db
      .selectFrom("asociacion")
      .select(["id", "id_forma_pago_online"])
      .orderBy("id")
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (asociacion.id_forma_pago_online !== null) return asociacion.id_forma_pago_online;
    const { id } = await this.db
      .insertInto("forma_pago")
      .values({
        nombre: "Pago en línea",
        descripcion: "Con tarjeta o Bizum en la pasarela del banco (Redsys).",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable("asociacion")
      .set({ id_forma_pago_online: id })
      .where("id", "=", asociacion.id)
      .execute();
    return id;
  }

  private consulta(f: FiltrosPedidosOnline & { numero?: string; idSocio?: number }) {
    let q = this.db
      .selectFrom("pedido_online as p")
      .leftJoin("socio as s", "s.id", "p.id_socio")
      .leftJoin("usuario as u", "u.id", "p.id_usuario")
      .select([
        "p.id",
        "p.numero",
        "p.id_socio as idSocio",
        sql<string>`coalesce(trim(s.nombre || ' ' || s.apellidos), '')`.as("socio"),
        sql<string>`coalesce(s.email, '')`.as("email"),
        sql<Idioma>`coalesce(u.idioma, 'es')`.as("idioma"),
        "p.importe",
        "p.metodo",
        "p.estado",
        "p.respuesta",
        "p.codigo_autorizacion as codigoAutorizacion",
        "p.creado_en as creadoEn",
        "p.prueba",
      ]);
    if (f.numero !== undefined) q = q.where("p.numero", "=", f.numero);
    if (f.idSocio !== undefined) q = q.where("p.id_socio", "=", f.idSocio);
    if (f.estado) q = q.where("p.estado", "=", f.estado);
    if (f.metodo) q = q.where("p.metodo", "=", f.metodo);
    for (const palabra of normalizarBusqueda(f.q ?? "")
      .split(" ")
      .filter(Boolean)) {
      const patron = `%${escaparLike(palabra)}%`;
      q = q.where((eb) =>
        eb.or([eb("s.busqueda", "like", patron), eb("p.numero", "like", patron)]),
      );
    }
    return q;
  }

  private async conCargos(
    filas: Awaited<ReturnType<ReturnType<PagoOnlineRepository["consulta"]>["execute"]>>,
  ): Promise<PedidoFila[]> {
    if (filas.length === 0) return [];
    const cargos = await this.db
      .selectFrom("pedido_online_pago as l")
      .innerJoin("pago", "pago.id", "l.id_pago")
      .select(["l.id_pedido", "l.id_pago", "l.importe", "pago.concepto"])
      .where(
        "l.id_pedido",
        "in",
        filas.map((f) => f.id),
      )
      .orderBy("l.id_pago")
      .execute();
    return filas.map((f) => ({
      ...f,
      importe: Number(f.importe),
      cargos: cargos
        .filter((c) => c.id_pedido === f.id)
        .map((c) => ({ id: c.id_pago, concepto: c.concepto, importe: Number(c.importe) })),
    }));
  }

  async porNumero(numero: string): Promise<PedidoFila | undefined> {
    const [fila] = await this.conCargos(await this.consulta({ numero }).execute());
    return fila;
  }

  async listar(
    f: FiltrosPedidosOnline,
    pagina?: { page: number; pageSize: number },
  ): Promise<PedidoFila[]> {
    let q = this.consulta(f).orderBy("p.id", "desc");
    if (pagina) q = q.limit(pagina.pageSize).offset((pagina.page - 1) * pagina.pageSize);
    return this.conCargos(await q.execute());
  }

  async contar(f: FiltrosPedidosOnline): Promise<number> {
    const { n } = await this.consulta(f)
      .clearSelect()
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
