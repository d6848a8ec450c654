import { ESTADOS_POR_COBRAR, type FiltroEnvio, type Idioma } from "@fila/domain";
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { DB, EstadoEnvioDestinatario } from "../../db/schema.js";
import { registrarAuditoria } from "../../services/auditoria.js";
import { enGrupos } from "../estructura/pertenencias.js";
import { condicionesSocios } from "../socios/socios.repository.js";

export type Destinatario = {
  id: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  email: string;
  noEnvios: boolean;
  deuda: number;
};

export type NuevoDestinatario = {
  idSocio: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  email: string | null;
  deuda: number;
  estado: EstadoEnvioDestinatario;
};

/** The kind of job that sends a mailing; its key is the mailing's id. */
export const TRABAJO_ENVIAR = "envios.enviar";

export class EnviosRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every member the filter picks, with what they and those they pay for owe (por cobrar). */
  async destinatarios(filtro: FiltroEnvio, hoy: string): Promise<Destinatario[]> {
    const filas = await this.db
      .selectFrom("socio")
      .where((eb) => condicionesEnvio(eb, filtro, hoy))
      .select((eb) => [
        "socio.id",
        "socio.nombre",
        "socio.apellidos",
        "socio.matricula",
        "socio.email",
        "socio.no_envios",
        eb
          .selectFrom("pago")
          .where("pago.estado", "in", ESTADOS_POR_COBRAR)
          .where((p) =>
            p.or([
              p("pago.id_pagador", "=", p.ref("socio.id")),
              p("pago.id_socio", "=", p.ref("socio.id")),
            ]),
          )
          .select(sql<number>`coalesce(sum(pago.importe), 0)::int`.as("t"))
          .as("deuda"),
      ])
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("socio.id")
      .execute();
    return filas.map((f) => ({
      id: f.id,
      nombre: f.nombre,
      apellidos: f.apellidos,
      matricula: f.matricula,
      email: f.email,
      noEnvios: f.no_envios,
      deuda: Number(f.deuda ?? 0),
    }));
  }

  /**
   * The mailing and its recipients (fixed now), in one transaction; `conEnvio` writes what goes
   * with it (its job's row) in that same transaction.
   */
  async crear<R>(
    e: {
      asunto: string;
      cuerpo: string;
      filtro: FiltroEnvio;
      creadoPor: number;
      destinatarios: NuevoDestinatario[];
    },
    conEnvio: (trx: Transaction<DB>, id: number) => Promise<R>,
  ): Promise<{ id: number; con: R }> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("envio")
        .values({
          asunto: e.asunto,
          cuerpo: e.cuerpo,
          filtro: JSON.stringify(e.filtro) as unknown as Record<string, unknown>,
          creado_por: e.creadoPor,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (e.destinatarios.length) {
        await trx
          .insertInto("envio_destinatario")
          .values(
            e.destinatarios.map((d) => ({
              id_envio: id,
              id_socio: d.idSocio,
              nombre: d.nombre,
              apellidos: d.apellidos,
              matricula: d.matricula,
              email: d.email,
              deuda: d.deuda,
              estado: d.estado,
            })),
          )
          .execute();
      }
      // Who launched which mailing to how many (audit, same transaction).
      await registrarAuditoria(trx, {
        idUsuario: e.creadoPor,
        entidad: "envio",
        idEntidad: id,
        accion: "crear",
        cambios: [
          { campo: "asunto", antes: null, despues: e.asunto },
          { campo: "destinatarios", antes: null, despues: e.destinatarios.length },
        ],
      });
      return { id, con: await conEnvio(trx, id) };
    });
  }

  /**
   * One statement: the next `pendiente` recipient, in launch order, becomes `enviando` (its
   * claim, committed before its mail goes), with the language of their account (the fixed texts
   * of the mail: Spanish without an account). Undefined when none is left.
   */
  async reclamar(idEnvio: number) {
    return this.db
      .updateTable("envio_destinatario")
      .set({ estado: "enviando" })
      .where("estado", "=", "pendiente")
      .where("id", "=", (eb) =>
        eb
          .selectFrom("envio_destinatario")
          .select("id")
          .where("id_envio", "=", idEnvio)
          .where("estado", "=", "pendiente")
          .orderBy("id")
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .returning((eb) =>
        eb
          .selectFrom("usuario")
          .select("usuario.idioma")
          .whereRef("usuario.id_socio", "=", "envio_destinatario.id_socio")
          .orderBy("usuario.id")
          .limit(1)
          .as("idioma"),
      )
      .executeTakeFirst();
  }

  /**
   * The claims of a runner that died between its claim and its SMTP answer: its mail may have
   * gone, so they are `fallido` (never a second mail; the board can send it again).
   */
  async fallarReclamados(idEnvio: number): Promise<void> {
    await this.db
      .updateTable("envio_destinatario")
      .set({ estado: "fallido" })
      .where("id_envio", "=", idEnvio)
      .where("estado", "=", "enviando")
      .execute();
  }

  /**
   * The mailings `en_curso` with recipients left and no job at all (their job's row lost: a
   * crash between two statements before, a carry-over that dropped it), with who launched them.
   */
  async sinTrabajo(): Promise<{ id: number; creado_por: number | null }[]> {
    return this.db
      .selectFrom("envio")
      .select(["envio.id", "envio.creado_por"])
      .where("envio.estado", "=", "en_curso")
      .where((eb) =>
        eb.and([
          eb.exists(
            eb
              .selectFrom("envio_destinatario as d")
              .select("d.id")
              .whereRef("d.id_envio", "=", "envio.id")
              .where("d.estado", "in", ["pendiente", "enviando"]),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("trabajo")
                .select("trabajo.id")
                .where("trabajo.tipo", "=", TRABAJO_ENVIAR)
                .whereRef(
                  "trabajo.clave",
                  "=",
                  sql<string>`${`${TRABAJO_ENVIAR}:`} || envio.id::text`,
                ),
            ),
          ),
        ]),
      )
      .orderBy("envio.id")
      .execute();
  }

  /**
   * The recipients of a mailing for its printed letters (those without email, or all), in
   * launch order, with the member's postal address as it is today.
   */
  async paraCartas(idEnvio: number, todos: boolean) {
    let consulta = this.db
      .selectFrom("envio_destinatario as d")
      .leftJoin("socio", "socio.id", "d.id_socio")
      .select([
        "d.id_socio",
        "d.nombre",
        "d.apellidos",
        "d.matricula",
        "d.email",
        "d.deuda",
        "socio.direccion",
        "socio.cod_postal",
        "socio.poblacion",
        "socio.provincia",
      ])
      .where("d.id_envio", "=", idEnvio);
    if (!todos) consulta = consulta.where("d.estado", "=", "sin_email");
    return consulta.orderBy("d.id").execute();
  }

  /** The sender of the letters: the association's name, address and logo. */
  async asociacion() {
    return this.db
      .selectFrom("asociacion")
      .select(["nombre", "direccion", "cod_postal", "poblacion", "provincia", "logo"])
      .orderBy("id")
      .executeTakeFirst();
  }

  /** One page of the recipients of a mailing (optionally in one state), in launch order. */
  async paginaDestinatarios(
    idEnvio: number,
    q: { page: number; pageSize: number; estado?: EstadoEnvioDestinatario },
  ) {
    let base = this.db.selectFrom("envio_destinatario").where("id_envio", "=", idEnvio);
    if (q.estado) base = base.where("estado", "=", q.estado);
    const [items, total] = await Promise.all([
      base
        .select(["id_socio", "nombre", "apellidos", "matricula", "email", "estado"])
        .orderBy("id")
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  }

  /** One statement: the outcome of one claimed recipient. */
  async marcar(id: number, estado: "enviado" | "fallido"): Promise<void> {
    await this.db
      .updateTable("envio_destinatario")
      .set({ estado })
      .where("id", "=", id)
      .where("estado", "=", "enviando")
      .execute();
  }

  /** How many recipients of a mailing are in each state. */
  async cuentas(idEnvio: number): Promise<Record<EstadoEnvioDestinatario, number>> {
    const filas = await this.db
      .selectFrom("envio_destinatario")
      .select(["estado", sql<number>`count(*)::int`.as("n")])
      .where("id_envio", "=", idEnvio)
      .groupBy("estado")
      .execute();
    const c = { pendiente: 0, enviando: 0, enviado: 0, fallido: 0, omitido: 0, sin_email: 0 };
    for (const f of filas) c[f.estado] = Number(f.n);
    return c;
  }

  async leer(id: number) {
    return this.db
      .selectFrom("envio")
      .leftJoin("usuario", "usuario.id", "envio.creado_por")
      .selectAll("envio")
      .select("usuario.nombre as creado_por_nombre")
      .where("envio.id", "=", id)
      .executeTakeFirst();
  }

  /** The history, newest first, one page. */
  async listar(q: { page: number; pageSize: number }) {
    const [items, cuenta] = await Promise.all([
      this.db
        .selectFrom("envio")
        .leftJoin("usuario", "usuario.id", "envio.creado_por")
        .selectAll("envio")
        .select("usuario.nombre as creado_por_nombre")
        .orderBy("envio.id", "desc")
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      this.db
        .selectFrom("envio")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: cuenta.n };
  }

  /** One statement per update: counts and state of a mailing. */
  async actualizar(
    id: number,
    cambios: Partial<{
      estado: "en_curso" | "terminado" | "fallido";
      enviados: number;
      fallidos: number;
      omitidos: number;
      sin_email: number;
    }>,
  ): Promise<void> {
    await this.db.updateTable("envio").set(cambios).where("id", "=", id).execute();
  }

  /** One statement: the one-click unsubscribe. */
  /** The language of a member's account, Spanish without one (the unsubscribe page). */
  async idiomaDeSocio(idSocio: number): Promise<Idioma> {
    const fila = await this.db
      .selectFrom("usuario")
      .select("idioma")
      .where("id_socio", "=", idSocio)
      .orderBy("id")
      .executeTakeFirst();
    return fila?.idioma === "va" ? "va" : "es";
  }

  async darDeBaja(idSocio: number): Promise<boolean> {
    const r = await this.db
      .updateTable("socio")
      .set({ no_envios: true })
      .where("id", "=", idSocio)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}

function condicionesEnvio(
  eb: ExpressionBuilder<DB, "socio">,
  filtro: FiltroEnvio,
  hoy: string,
): Expression<SqlBool> {
  const y: Expression<SqlBool>[] = [condicionesSocios(eb, filtro, hoy)];
  if (filtro.conDeuda) {
    y.push(
      eb.exists(
        eb
          .selectFrom("pago")
          .select("pago.id")
          .where("pago.estado", "in", ESTADOS_POR_COBRAR)
          .where((p) =>
            p.or([
              p("pago.id_pagador", "=", p.ref("socio.id")),
              p("pago.id_socio", "=", p.ref("socio.id")),
            ]),
          ),
      ),
    );
  }
  if (filtro.idActo !== undefined) {
    y.push(
      eb.exists(
        eb
          .selectFrom("inscripcion")
          .select("inscripcion.id")
          .where("inscripcion.id_acto", "=", filtro.idActo)
          .where("inscripcion.estado", "=", "confirmada")
          .whereRef("inscripcion.id_socio", "=", "socio.id"),
      ),
    );
  }
  if (filtro.sinCuenta) {
    y.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom("usuario")
            .select("usuario.id")
            .whereRef("usuario.id_socio", "=", "socio.id"),
        ),
      ),
    );
  }
  if (filtro.idsSocio !== undefined) {
    y.push(filtro.idsSocio.length ? eb("socio.id", "in", filtro.idsSocio) : sql<boolean>`false`);
  }
  if (filtro.idsGrupo !== undefined) y.push(enGrupos("socio.id", filtro.idsGrupo));
  return eb.and(y);
}
