import type { DestinoAlerta, Rol } from "@fila/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { enGrupos } from "../estructura/pertenencias.js";

export type FilaAlerta = {
  id: number;
  titulo: string;
  mensaje: string;
  imagen: string;
  enlace: string;
  destino: unknown;
  porEmail: boolean;
  idAutor: number | null;
  creadaEn: Date;
  destinatarios: number;
  leidas: number;
  tituloVa: string;
  mensajeVa: string;
};

export type FilaAlertaMia = {
  id: number;
  titulo: string;
  mensaje: string;
  imagen: string;
  enlace: string;
  creadaEn: Date;
  leidaEn: Date | null;
  tituloVa: string;
  mensajeVa: string;
};

export type NuevaAlerta = {
  titulo: string;
  mensaje: string;
  imagen: string;
  enlace: string;
  destino: DestinoAlerta;
  porEmail: boolean;
  idAutor: number | null;
  tituloVa?: string;
  mensajeVa?: string;
};

type Eb = ExpressionBuilder<DB, "usuario">;

/**
 * The accounts a destination reaches, as a condition on `usuario` (only active accounts).
 * Members are matched through the account's linked member; for an event or chosen members,
 * the payer's account also receives it (a parent paying for a child without an account).
 */
function condicionDestino(eb: Eb, destino: DestinoAlerta): Expression<SqlBool> {
  if (destino.rol) return eb("usuario.rol", "=", destino.rol as Rol);
  if (destino.tiposSocio) {
    return eb(
      "usuario.id_socio",
      "in",
      eb
        .selectFrom("socio")
        .select("socio.id")
        .where("socio.activo", "=", true)
        .where("socio.id_tipo_socio", "in", destino.tiposSocio),
    );
  }
  if (destino.idsSocio) {
    const ids = destino.idsSocio;
    return eb.or([
      eb("usuario.id_socio", "in", ids),
      eb(
        "usuario.id_socio",
        "in",
        eb
          .selectFrom("socio")
          .select("socio.id_pagador")
          .where("socio.id", "in", ids)
          .where("socio.id_pagador", "is not", null)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom("usuario as u2")
                  .select(sql`1`.as("uno"))
                  .whereRef("u2.id_socio", "=", "socio.id")
                  .where("u2.activo", "=", true),
              ),
            ),
          ),
      ),
    ]);
  }
  if (destino.idsGrupo) {
    // Members of the groups with an account, and the payer's account of those without one.
    const enLosGrupos = enGrupos("s.id", destino.idsGrupo);
    return sql<SqlBool>`usuario.id_socio in (
      select s.id from socio s where s.activo and ${enLosGrupos}
      union
      select s.id_pagador from socio s
       where s.activo and s.id_pagador is not null and ${enLosGrupos}
         and not exists (select 1 from usuario u2 where u2.id_socio = s.id and u2.activo)
    )`;
  }
  if (destino.idActo !== undefined) {
    // `inscripcion` belongs to the events module; written in SQL so this module does not
    // depend on its generated types. Those with a place: not the wait-list.
    const idActo = destino.idActo;
    return sql<SqlBool>`usuario.id_socio in (
      select i.id_socio from inscripcion i
       where i.id_acto = ${idActo} and i.estado = 'confirmada'
      union
      select s.id_pagador from inscripcion i join socio s on s.id = i.id_socio
       where i.id_acto = ${idActo} and i.estado = 'confirmada' and s.id_pagador is not null
    )`;
  }
  return sql<SqlBool>`true`;
}

/** What every reading of an alert shows, the board's and the recipient's. */
const COLUMNAS_ALERTA = [
  "a.id",
  "a.titulo",
  "a.mensaje",
  "a.titulo_va as tituloVa",
  "a.mensaje_va as mensajeVa",
  "a.imagen",
  "a.enlace",
] as const;

export class AlertasRepository {
  constructor(private readonly db: Database) {}

  /** `fn` also gets the transaction itself, for another module's write that goes with it. */
  transaccion<T>(fn: (repo: AlertasRepository, trx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AlertasRepository(trx), trx));
  }

  async tiposSocioQueExisten(ids: number[]): Promise<number[]> {
    const filas = await this.db
      .selectFrom("tipo_socio")
      .select("id")
      .where("id", "in", ids)
      .execute();
    return filas.map((f) => f.id);
  }

  async sociosQueExisten(ids: number[]): Promise<number[]> {
    const filas = await this.db.selectFrom("socio").select("id").where("id", "in", ids).execute();
    return filas.map((f) => f.id);
  }

  async gruposQueExisten(ids: number[]): Promise<number[]> {
    const filas = await this.db.selectFrom("grupo").select("id").where("id", "in", ids).execute();
    return filas.map((f) => f.id);
  }

  /** False also when the events module has not created its tables yet. */
  async existeActo(id: number): Promise<boolean> {
    const { rows } = await sql<{ existe: boolean }>`
      select to_regclass('public.acto') is not null
         and to_regclass('public.inscripcion') is not null as existe
    `.execute(this.db);
    if (!rows[0]?.existe) return false;
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from acto where id = ${id}`.execute(this.db);
    return (r.rows[0]?.n ?? 0) > 0;
  }

  async crear(alerta: NuevaAlerta): Promise<number> {
    const fila = await this.db
      .insertInto("alerta")
      .values({
        titulo: alerta.titulo,
        mensaje: alerta.mensaje,
        imagen: alerta.imagen,
        enlace: alerta.enlace,
        destino: JSON.stringify(alerta.destino),
        por_email: alerta.porEmail,
        id_autor: alerta.idAutor,
        titulo_va: alerta.tituloVa ?? "",
        mensaje_va: alerta.mensajeVa ?? "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  /** Every recipient in one INSERT … SELECT, however many members the destination reaches. */
  async insertarDestinatarios(idAlerta: number, destino: DestinoAlerta): Promise<number> {
    const r = await this.db
      .insertInto("alerta_destinatario")
      .columns(["id_alerta", "id_usuario"])
      .expression((eb) =>
        eb
          .selectFrom("usuario")
          .select([sql<number>`${idAlerta}::int`.as("id_alerta"), "usuario.id"])
          .where("usuario.activo", "=", true)
          .where((w) => condicionDestino(w as unknown as Eb, destino)),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * One queued delivery per push subscription of every recipient, in one statement: each in the
   * recipient's account's language (`payloadVa` for Valencian, Spanish otherwise).
   */
  async encolarPush(idAlerta: number, payload: string, payloadVa = payload): Promise<number> {
    const r = await this.db
      .insertInto("push_envio")
      .columns(["id_suscripcion", "id_alerta", "payload"])
      .expression((eb) =>
        eb
          .selectFrom("push_suscripcion as ps")
          .innerJoin("alerta_destinatario as ad", "ad.id_usuario", "ps.id_usuario")
          .innerJoin("usuario as u", "u.id", "ps.id_usuario")
          .select([
            "ps.id",
            sql<number>`${idAlerta}::int`.as("id_alerta"),
            sql<string>`case when u.idioma = 'va' then ${payloadVa}::text else ${payload}::text end`.as(
              "payload",
            ),
          ])
          .where("ad.id_alerta", "=", idAlerta),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  }

  async correosDestinatarios(
    idAlerta: number,
  ): Promise<{ email: string; nombre: string; idioma: "es" | "va" }[]> {
    return this.db
      .selectFrom("alerta_destinatario as ad")
      .innerJoin("usuario as u", "u.id", "ad.id_usuario")
      .select(["u.email", "u.nombre", "u.idioma"])
      .where("ad.id_alerta", "=", idAlerta)
      .orderBy("u.id")
      .execute();
  }

  private consultaAlertas() {
    return (
      this.db
        .selectFrom("alerta as a")
        // From `alerta_cuenta` (migration 0050, kept by triggers on `alerta_destinatario`): some
        // rows per alert, not one per recipient (an alert to everyone has thousands), read once
        // for both sums.
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom("alerta_cuenta as c")
              .select([
                sql<number>`coalesce(sum(c.destinatarios), 0)::int`.as("destinatarios"),
                sql<number>`coalesce(sum(c.leidas), 0)::int`.as("leidas"),
              ])
              .whereRef("c.id_alerta", "=", "a.id")
              .as("cuenta"),
          (join) => join.onTrue(),
        )
        .select([
          ...COLUMNAS_ALERTA,
          "a.destino",
          "a.por_email as porEmail",
          "a.id_autor as idAutor",
          "a.creada_en as creadaEn",
          "cuenta.destinatarios",
          "cuenta.leidas",
        ])
    );
  }

  async obtener(id: number): Promise<FilaAlerta | undefined> {
    const fila = await this.consultaAlertas().where("a.id", "=", id).executeTakeFirst();
    return fila ? normalizar(fila) : undefined;
  }

  async listar(filtro: {
    q?: string;
    page: number;
    pageSize: number;
    sort: "creadaEn" | "-creadaEn" | "titulo" | "-titulo";
  }): Promise<{ items: FilaAlerta[]; total: number }> {
    const patron = filtro.q ? `%${filtro.q.replace(/[\\%_]/g, "\\$&")}%` : null;
    let consulta = this.consultaAlertas();
    let cuenta = this.db.selectFrom("alerta as a").select(sql<number>`count(*)::int`.as("n"));
    if (patron) {
      consulta = consulta.where("a.titulo", "ilike", patron);
      cuenta = cuenta.where("a.titulo", "ilike", patron);
    }
    const desc = filtro.sort.startsWith("-") ? "desc" : "asc";
    const filas = await (filtro.sort.endsWith("titulo")
      ? consulta.orderBy("a.titulo", desc).orderBy("a.id", "desc")
      : consulta.orderBy("a.id", desc)
    )
      .limit(filtro.pageSize)
      .offset((filtro.page - 1) * filtro.pageSize)
      .execute();
    const total = await cuenta.executeTakeFirstOrThrow();
    return { items: filas.map(normalizar), total: total.n };
  }

  async listarMias(
    idUsuario: number,
    pagina: { page: number; pageSize: number; soloNoLeidas: boolean },
  ): Promise<{ items: FilaAlertaMia[]; total: number }> {
    let base = this.db
      .selectFrom("alerta_destinatario as ad")
      .where("ad.id_usuario", "=", idUsuario);
    if (pagina.soloNoLeidas) base = base.where("ad.leida_en", "is", null);
    const items = await base
      .innerJoin("alerta as a", "a.id", "ad.id_alerta")
      .select([...COLUMNAS_ALERTA, "a.creada_en as creadaEn", "ad.leida_en as leidaEn"])
      .orderBy("ad.id_alerta", "desc")
      .limit(pagina.pageSize)
      .offset((pagina.page - 1) * pagina.pageSize)
      .execute();
    const total = await base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    return { items, total: total.n };
  }

  async obtenerMia(idUsuario: number, idAlerta: number): Promise<FilaAlertaMia | undefined> {
    return this.db
      .selectFrom("alerta_destinatario as ad")
      .innerJoin("alerta as a", "a.id", "ad.id_alerta")
      .select([...COLUMNAS_ALERTA, "a.creada_en as creadaEn", "ad.leida_en as leidaEn"])
      .where("ad.id_usuario", "=", idUsuario)
      .where("ad.id_alerta", "=", idAlerta)
      .executeTakeFirst();
  }

  async contarNoLeidas(idUsuario: number): Promise<number> {
    const fila = await this.db
      .selectFrom("alerta_destinatario")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("id_usuario", "=", idUsuario)
      .where("leida_en", "is", null)
      .executeTakeFirstOrThrow();
    return fila.n;
  }

  /** Keeps the first reading time; false when the user is not a recipient. */
  async marcarLeida(idUsuario: number, idAlerta: number): Promise<boolean> {
    const r = await this.db
      .updateTable("alerta_destinatario")
      .set({ leida_en: sql`coalesce(leida_en, now())` })
      .where("id_usuario", "=", idUsuario)
      .where("id_alerta", "=", idAlerta)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async marcarTodasLeidas(idUsuario: number): Promise<number> {
    const r = await this.db
      .updateTable("alerta_destinatario")
      .set({ leida_en: sql`now()` })
      .where("id_usuario", "=", idUsuario)
      .where("leida_en", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}

function normalizar(
  fila: Omit<FilaAlerta, "destinatarios" | "leidas"> & {
    destinatarios: number | null;
    leidas: number | null;
  },
): FilaAlerta {
  return { ...fila, destinatarios: fila.destinatarios ?? 0, leidas: fila.leidas ?? 0 };
}
