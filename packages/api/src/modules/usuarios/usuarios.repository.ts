import type { Rol } from "@fila/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type CuentaAdministrada = {
  id: number;
  email: string;
  nombre: string;
  rol: Rol;
  idSocio: number | null;
  activo: boolean;
  tienePassword: boolean;
  condicionesVersion: string | null;
  invitacionVigente: boolean;
  totpActivo: boolean;
  /** Its TOTP came from another installation's backup and must be set up again. */
  totpRenovar: boolean;
  /** The account's language: its mails are written in it. */
  idioma: "es" | "va";
};

export type FiltroCuentas = {
  idSocio?: number;
  q?: string;
  orden: { campo: "id" | "email" | "nombre" | "rol"; desc: boolean };
  limite: number;
  desplazamiento: number;
};

const ACENTOS = "áàäâéèëêíìïîóòöôúùüûñç";
const SIN_ACENTOS = "aaaaeeeeiiiioooouuuunc";

/** Lower-case and without accents, the same way the SQL side compares. */
export function normalizarBusqueda(texto: string): string {
  let r = texto.toLowerCase();
  for (let i = 0; i < ACENTOS.length; i++) r = r.replaceAll(ACENTOS[i], SIN_ACENTOS[i]);
  return r;
}

const sinAcentos = (columna: string) =>
  sql<string>`translate(lower(${sql.ref(columna)}), ${ACENTOS}, ${SIN_ACENTOS})`;

export class UsuariosRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaccion<T>(fn: (repo: UsuariosRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new UsuariosRepository(tx)));
  }

  private consultaCuentas() {
    return this.db
      .selectFrom("usuario")
      .select((eb) => [
        "usuario.id",
        "usuario.email",
        "usuario.nombre",
        "usuario.rol",
        "usuario.id_socio as idSocio",
        "usuario.activo",
        eb("usuario.password_hash", "is not", null).as("tienePassword"),
        "usuario.condiciones_version as condicionesVersion",
        "usuario.totp_activo as totpActivo",
        "usuario.totp_renovar as totpRenovar",
        "usuario.idioma",
        eb
          .exists(
            eb
              .selectFrom("token_acceso")
              .select("token_acceso.id")
              .whereRef("token_acceso.id_usuario", "=", "usuario.id")
              .where("token_acceso.tipo", "=", "invitacion")
              .where("token_acceso.usado_en", "is", null)
              .where("token_acceso.expira_en", ">", sql<Date>`now()`),
          )
          .as("invitacionVigente"),
      ]);
  }

  async listar(filtro: FiltroCuentas): Promise<{ filas: CuentaAdministrada[]; total: number }> {
    const condiciones = (eb: ExpressionBuilder<DB, "usuario">) => {
      const partes: Expression<SqlBool>[] = [];
      if (filtro.idSocio !== undefined) partes.push(eb("usuario.id_socio", "=", filtro.idSocio));
      const q = filtro.q ? normalizarBusqueda(filtro.q.trim()) : "";
      if (q) {
        const patron = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        partes.push(
          eb.or([
            eb(sinAcentos("usuario.email"), "like", patron),
            eb(sinAcentos("usuario.nombre"), "like", patron),
          ]),
        );
      }
      return eb.and(partes);
    };
    const [filas, cuenta] = await Promise.all([
      this.consultaCuentas()
        .where(condiciones)
        .orderBy(`usuario.${filtro.orden.campo}`, filtro.orden.desc ? "desc" : "asc")
        .orderBy("usuario.id", "asc")
        .limit(filtro.limite)
        .offset(filtro.desplazamiento)
        .execute(),
      this.db
        .selectFrom("usuario")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(condiciones)
        .executeTakeFirst(),
    ]);
    return { filas: filas.map(aCuenta), total: Number(cuenta?.n ?? 0) };
  }

  async porId(id: number): Promise<CuentaAdministrada | undefined> {
    const fila = await this.consultaCuentas().where("usuario.id", "=", id).executeTakeFirst();
    return fila ? aCuenta(fila) : undefined;
  }

  /** The account row locked until the end of the transaction (concurrent edits wait). */
  async bloquear(id: number): Promise<CuentaAdministrada | undefined> {
    const fila = await this.db
      .selectFrom("usuario")
      .select("id")
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    return fila ? this.porId(id) : undefined;
  }

  async existeEmail(email: string, salvoId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom("usuario")
      .select("id")
      .where(sql<string>`lower(email)`, "=", email.toLowerCase());
    if (salvoId !== undefined) q = q.where("id", "!=", salvoId);
    return Boolean(await q.executeTakeFirst());
  }

  /** The member row, locked so two accounts cannot be created for it at once. */
  bloquearSocio(
    idSocio: number,
  ): Promise<{ id: number; nombre: string; apellidos: string } | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos"])
      .where("id", "=", idSocio)
      .forUpdate()
      .executeTakeFirst();
  }

  async cuentaDeSocio(idSocio: number): Promise<number | undefined> {
    const fila = await this.db
      .selectFrom("usuario")
      .select("id")
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
    return fila?.id;
  }

  /** Locks every active administrator and returns their ids (guards the last one). */
  async bloquearAdministradoresActivos(): Promise<number[]> {
    const filas = await this.db
      .selectFrom("usuario")
      .select("id")
      .where("rol", "=", "administrador")
      .where("activo", "=", true)
      .orderBy("id")
      .forUpdate()
      .execute();
    return filas.map((f) => f.id);
  }

  async crear(datos: {
    email: string;
    nombre: string;
    rol: Rol;
    idSocio: number;
  }): Promise<number> {
    const fila = await this.db
      .insertInto("usuario")
      .values({
        email: datos.email,
        nombre: datos.nombre,
        rol: datos.rol,
        id_socio: datos.idSocio,
        password_hash: null,
        activo: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(
    id: number,
    cambios: { rol?: Rol; activo?: boolean; email?: string },
  ): Promise<void> {
    if (Object.keys(cambios).length === 0) return;
    await this.db.updateTable("usuario").set(cambios).where("id", "=", id).execute();
  }

  async revocarSesiones(idUsuario: number): Promise<void> {
    await this.db
      .updateTable("sesion")
      .set({ revocada_en: new Date() })
      .where("id_usuario", "=", idUsuario)
      .where("revocada_en", "is", null)
      .execute();
  }

  /** Pending links of that kind stop working (a resent invitation replaces the old one). */
  async invalidarTokens(idUsuario: number, tipo: "reset" | "invitacion"): Promise<void> {
    await this.db
      .updateTable("token_acceso")
      .set({ usado_en: new Date() })
      .where("id_usuario", "=", idUsuario)
      .where("tipo", "=", tipo)
      .where("usado_en", "is", null)
      .execute();
  }

  async crearToken(
    idUsuario: number,
    tipo: "reset" | "invitacion",
    tokenHash: string,
    expira: Date,
  ): Promise<void> {
    await this.db
      .insertInto("token_acceso")
      .values({ id_usuario: idUsuario, tipo, token_hash: tokenHash, expira_en: expira })
      .execute();
  }

  async versionCondiciones(): Promise<string> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select("version_condiciones")
      .where("id", "=", 1)
      .executeTakeFirst();
    return fila?.version_condiciones ?? "1";
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}

function aCuenta(fila: {
  id: number;
  email: string;
  nombre: string;
  rol: Rol;
  idSocio: number | null;
  activo: boolean;
  tienePassword: unknown;
  condicionesVersion: string | null;
  invitacionVigente: unknown;
  totpActivo: boolean;
  totpRenovar: boolean;
  idioma: "es" | "va";
}): CuentaAdministrada {
  return {
    ...fila,
    tienePassword: Boolean(fila.tienePassword),
    invitacionVigente: Boolean(fila.invitacionVigente),
  };
}
