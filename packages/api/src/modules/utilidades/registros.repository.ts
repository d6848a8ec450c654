import type { ListaActividadQuery, ListaCorreosQuery } from "@fila/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { CambioAuditado, DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type CorreoFila = {
  id: number;
  para: string;
  asunto: string;
  estado: "pendiente" | "enviado" | "error" | "sin_smtp";
  error: string;
  creado_en: Date;
  enviado_en: Date | null;
};

export type ActividadFila = {
  id: number;
  creado_en: Date;
  id_usuario: number | null;
  nombre: string | null;
  email: string | null;
  entidad: string;
  id_entidad: number;
  accion: string;
  cambios: CambioAuditado[];
};

type FiltrosActividad = Omit<ListaActividadQuery, "page" | "pageSize">;

function condicionesActividad(
  eb: ExpressionBuilder<DB, "auditoria">,
  f: FiltrosActividad,
): Expression<SqlBool> {
  const y: Expression<SqlBool>[] = [];
  if (f.idUsuario !== undefined) y.push(eb("auditoria.id_usuario", "=", f.idUsuario));
  if (f.entidad === "pago" && f.idEntidad !== undefined) {
    // A charge's history also shows the collection of its remittance: one entry per remittance
    // listing its charges (`pagos`), «cobrado en la remesa N» (issue 37).
    const enLaRemesa = JSON.stringify([{ campo: "pagos", despues: [f.idEntidad] }]);
    y.push(
      eb.or([
        eb.and([
          eb("auditoria.entidad", "=", "pago"),
          eb("auditoria.id_entidad", "=", f.idEntidad),
        ]),
        sql<SqlBool>`(auditoria.entidad = 'remesa' AND auditoria.accion = 'cobro'
          AND auditoria.cambios @> ${enLaRemesa}::jsonb)`,
      ]),
    );
  } else {
    if (f.entidad !== undefined) y.push(eb("auditoria.entidad", "=", f.entidad));
    if (f.idEntidad !== undefined) y.push(eb("auditoria.id_entidad", "=", f.idEntidad));
  }
  // Whole days of Spain, both ends included.
  if (f.desde !== undefined) {
    y.push(
      sql<SqlBool>`auditoria.creado_en >= (${f.desde}::date)::timestamp at time zone 'Europe/Madrid'`,
    );
  }
  if (f.hasta !== undefined) {
    y.push(
      sql<SqlBool>`auditoria.creado_en < (${f.hasta}::date + 1)::timestamp at time zone 'Europe/Madrid'`,
    );
  }
  return eb.and(y);
}

/** The outgoing-mail log and the activity log (audit), read-only but for the resend. */
export class RegistrosRepository {
  constructor(private readonly db: Database) {}

  async listarCorreos(q: ListaCorreosQuery): Promise<{ items: CorreoFila[]; total: number }> {
    const donde = (eb: ExpressionBuilder<DB, "correo_saliente">) => {
      const y: Expression<SqlBool>[] = [];
      if (q.q) {
        const patron = `%${escaparLike(q.q)}%`;
        y.push(eb.or([eb("para", "ilike", patron), eb("asunto", "ilike", patron)]));
      }
      if (q.estado) y.push(eb("estado", "=", q.estado));
      return eb.and(y);
    };
    const [items, cuenta] = await Promise.all([
      this.db
        .selectFrom("correo_saliente")
        .select(["id", "para", "asunto", "estado", "error", "creado_en", "enviado_en"])
        .where(donde)
        .orderBy("creado_en", "desc")
        .orderBy("id", "desc")
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      this.db
        .selectFrom("correo_saliente")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(donde)
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(cuenta.n) };
  }

  async correo(id: number): Promise<CorreoFila | undefined> {
    return this.db
      .selectFrom("correo_saliente")
      .select(["id", "para", "asunto", "estado", "error", "creado_en", "enviado_en"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  private actividad(f: FiltrosActividad) {
    return this.db
      .selectFrom("auditoria")
      .leftJoin("usuario", "usuario.id", "auditoria.id_usuario")
      .where((eb) => condicionesActividad(eb, f));
  }

  async listarActividad(
    f: FiltrosActividad,
    pagina: { page: number; pageSize: number },
  ): Promise<ActividadFila[]> {
    return this.actividad(f)
      .select([
        "auditoria.id",
        "auditoria.creado_en",
        "auditoria.id_usuario",
        "usuario.nombre",
        "usuario.email",
        "auditoria.entidad",
        "auditoria.id_entidad",
        "auditoria.accion",
        "auditoria.cambios",
      ])
      .orderBy("auditoria.creado_en", "desc")
      .orderBy("auditoria.id", "desc")
      .limit(pagina.pageSize)
      .offset((pagina.page - 1) * pagina.pageSize)
      .execute();
  }

  async contarActividad(f: FiltrosActividad): Promise<number> {
    const fila = await this.actividad(f)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(fila.n);
  }

  async entidades(): Promise<string[]> {
    const filas = await this.db
      .selectFrom("auditoria")
      .select("entidad")
      .distinct()
      .orderBy("entidad")
      .execute();
    return filas.map((f) => f.entidad);
  }

  /** Accounts that appear in the log as the person who did something. */
  async personas(): Promise<{ id: number; nombre: string }[]> {
    const filas = await this.db
      .selectFrom("usuario")
      .select(["id", "nombre", "email"])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("auditoria")
            .select("auditoria.id")
            .whereRef("auditoria.id_usuario", "=", "usuario.id"),
        ),
      )
      .orderBy("nombre")
      .execute();
    return filas.map((f) => ({ id: f.id, nombre: f.nombre || f.email }));
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
