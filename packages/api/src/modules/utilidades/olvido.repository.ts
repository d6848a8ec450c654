import { type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { CambioAuditado } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

/** What erasing one member needs to know of them (their personal data, to find it anywhere). */
export type PersonaOlvido = {
  id: number;
  nombre: string;
  apellidos: string;
  email: string;
  telefono: string;
  nif: string | null;
  iban: string;
  direccion: string;
  comentarios: string;
  nombreYerno: string;
  motivoBaja: string;
  mandatoId: string;
  activo: boolean;
  fechaBaja: string | null;
  anonimizado: boolean;
  cuentas: { id: number; email: string; nombre: string }[];
  pagaAActivos: number;
};

export const ANONIMIZADO = "[anonimizado]";

export type ColumnaDeTexto = { tabla: string; columna: string; tipo: "texto" | "json" | "jsonb" };

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class OlvidoRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: OlvidoRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new OlvidoRepository(trx)));
  }

  async anyos(): Promise<number> {
    const f = await this.db.selectFrom("asociacion").select("anyos_olvido").executeTakeFirst();
    return f?.anyos_olvido ?? 5;
  }

  async guardarAnyos(anyos: number): Promise<void> {
    await this.db.updateTable("asociacion").set({ anyos_olvido: anyos }).execute();
  }

  private elegibles(bajaHasta: string) {
    return this.db
      .selectFrom("socio")
      .where("activo", "=", false)
      .where("anonimizado_en", "is", null)
      .where("fecha_baja", "<=", bajaHasta);
  }

  async listarElegibles(bajaHasta: string, page: number, pageSize: number) {
    const [filas, cuenta] = await Promise.all([
      this.elegibles(bajaHasta)
        .select([
          "id",
          "matricula",
          "fecha_baja",
          sql<string>`trim(nombre || ' ' || apellidos)`.as("nombre"),
        ])
        .orderBy("fecha_baja")
        .orderBy("id")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.elegibles(bajaHasta)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: filas.map((f) => ({
        id: f.id,
        nombre: f.nombre,
        matricula: f.matricula,
        fechaBaja: String(f.fecha_baja),
      })),
      total: Number(cuenta.n),
    };
  }

  /** The members, locked for the rest of the transaction. */
  async personas(ids: number[]): Promise<PersonaOlvido[]> {
    const filas = await this.db
      .selectFrom("socio")
      .select([
        "id",
        "nombre",
        "apellidos",
        "email",
        "telefono",
        "nif",
        "iban",
        "direccion",
        "comentarios",
        "nombre_yerno",
        "motivo_baja",
        "mandato_id",
        "activo",
        "fecha_baja",
        "anonimizado_en",
        (eb) =>
          eb
            .selectFrom("socio as pagado")
            .select((e2) => e2.fn.countAll<number>().as("n"))
            .whereRef("pagado.id_pagador", "=", "socio.id")
            .whereRef("pagado.id", "<>", "socio.id")
            .where("pagado.activo", "=", true)
            .as("paga_a_activos"),
      ])
      .where("id", "in", ids)
      .forUpdate()
      .execute();
    const cuentas = await this.db
      .selectFrom("usuario")
      .select(["id", "email", "nombre", "id_socio"])
      .where("id_socio", "in", ids)
      .execute();
    return filas.map((f) => ({
      id: f.id,
      nombre: f.nombre,
      apellidos: f.apellidos,
      email: f.email,
      telefono: f.telefono,
      nif: f.nif,
      iban: f.iban,
      direccion: f.direccion,
      comentarios: f.comentarios,
      nombreYerno: f.nombre_yerno,
      motivoBaja: f.motivo_baja,
      mandatoId: f.mandato_id,
      activo: f.activo,
      fechaBaja: f.fecha_baja === null ? null : String(f.fecha_baja),
      anonimizado: f.anonimizado_en !== null,
      cuentas: cuentas
        .filter((c) => c.id_socio === f.id)
        .map((c) => ({ id: c.id, email: c.email, nombre: c.nombre })),
      pagaAActivos: Number(f.paga_a_activos ?? 0),
    }));
  }

  /** Name, contact, NIF, bank data, photo and notes erased; dates, type and links to charges stay. */
  async anonimizarSocio(id: number): Promise<void> {
    await this.db
      .updateTable("socio")
      .set({
        nombre: `Socio anonimizado nº ${id}`,
        apellidos: "",
        direccion: "",
        poblacion: "",
        provincia: "",
        cod_postal: "",
        telefono: "",
        email: "",
        fecha_nacimiento: null,
        nif: null,
        iban: "",
        bic: "",
        comentarios: "",
        nombre_yerno: "",
        motivo_baja: "",
        imagen: null,
        mandato_id: "",
        mandato_fecha: null,
        id_pareja: null,
        id_padre: null,
        anonimizado_en: new Date(),
        actualizado_en: new Date(),
      })
      .where("id", "=", id)
      .execute();
  }

  /** Allergies are health data: the enrolment (and its amount) stays, they go. */
  async limpiarInscripciones(idSocio: number): Promise<void> {
    await this.db
      .updateTable("inscripcion")
      .set({ alergias: "" })
      .where("id_socio", "=", idSocio)
      .execute();
  }

  /** The debits of old remittances keep their amounts, not the account they came from. */
  async limpiarAdeudos(idSocio: number): Promise<void> {
    await this.db
      .updateTable("remesa_adeudo")
      .set({ iban: "", bic: "", mandato_id: ANONIMIZADO })
      .where("id_pagador", "=", idSocio)
      .execute();
  }

  async borrarCorreos(emails: string[]): Promise<void> {
    if (emails.length === 0) return;
    await this.db.deleteFrom("correo_saliente").where("para", "in", emails).execute();
  }

  /** Addresses the accounts signed in from (sessions and sign-ins in the activity log). */
  async ipsDeCuentas(idsCuentas: number[]): Promise<string[]> {
    if (idsCuentas.length === 0) return [];
    const { rows } = await sql<{ ip: string }>`
      select ip from sesion where id_usuario = any(${idsCuentas}::integer[]) and ip <> ''
      union
      select c->>'despues' from auditoria a, jsonb_array_elements(a.cambios) c
      where a.entidad = 'acceso' and a.id_entidad = any(${idsCuentas}::integer[])
        and c->>'campo' = 'ip' and coalesce(c->>'despues', '') <> ''
    `.execute(this.db);
    return rows.map((r) => r.ip);
  }

  /** Rate-limit counters of the sign-in: those of the person's email and addresses go. */
  async borrarIntentos(claves: string[]): Promise<void> {
    if (claves.length === 0) return;
    await this.db.deleteFrom("limite_intento").where("clave", "in", claves).execute();
  }

  /** Deletes the member's login accounts (sessions, push and alerts go with them). */
  async borrarCuentas(idSocio: number): Promise<number> {
    const r = await this.db
      .deleteFrom("usuario")
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Audit entries about the member or their accounts: every value becomes «[anonimizado]». */
  async anonimizarAuditoria(idSocio: number, idsCuentas: number[]): Promise<void> {
    const filas = await this.db
      .selectFrom("auditoria")
      .select(["id", "cambios"])
      .where((eb) =>
        eb.or([
          eb.and([eb("entidad", "=", "socio"), eb("id_entidad", "=", idSocio)]),
          ...(idsCuentas.length > 0
            ? [
                eb.and([
                  eb("entidad", "in", ["usuario", "acceso"]),
                  eb("id_entidad", "in", idsCuentas),
                ]),
              ]
            : []),
        ]),
      )
      .execute();
    const tapar = (v: unknown) => (v === null || v === undefined || v === "" ? v : ANONIMIZADO);
    for (const f of filas) {
      const cambios: CambioAuditado[] = f.cambios.map((c) => ({
        campo: c.campo,
        antes: tapar(c.antes),
        despues: tapar(c.despues),
      }));
      await this.db
        .updateTable("auditoria")
        .set({ cambios: JSON.stringify(cambios) })
        .where("id", "=", f.id)
        .execute();
    }
  }

  /** Every text and JSON column of every table (not the generated ones). */
  async columnasDeTexto(): Promise<ColumnaDeTexto[]> {
    const { rows } = await sql<{ tabla: string; columna: string; tipo: string }>`
      select c.table_name as tabla, c.column_name as columna, c.data_type as tipo
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json')
        and c.is_generated = 'NEVER' and c.table_name not like 'kysely_%'
      order by c.table_name, c.column_name
    `.execute(this.db);
    return rows.map((r) => ({
      tabla: r.tabla,
      columna: r.columna,
      tipo: r.tipo === "json" || r.tipo === "jsonb" ? r.tipo : "texto",
    }));
  }

  /**
   * Replaces each of `cadenas` by «[anonimizado]» wherever it appears in a column (inside JSON
   * too: the strings given here carry no quote or backslash, so the JSON stays valid).
   */
  async barrer({ tabla, columna, tipo }: ColumnaDeTexto, cadenas: string[]): Promise<void> {
    if (cadenas.length === 0) return;
    const json = tipo !== "texto";
    const col = sql.ref(columna);
    const comoTexto: RawBuilder<string> = json ? sql<string>`${col}::text` : sql<string>`${col}`;
    const reemplazado = cadenas.reduce<RawBuilder<string>>(
      (expr, c) => sql<string>`replace(${expr}, ${c}, ${ANONIMIZADO})`,
      comoTexto,
    );
    const patrones = cadenas.map((c) => `%${escaparLike(c)}%`);
    await sql`
      update ${sql.table(tabla)}
      set ${col} = ${json ? sql`(${reemplazado})::${sql.raw(tipo)}` : reemplazado}
      where ${comoTexto} like any(${patrones}::text[])
    `.execute(this.db);
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
