import type { Rol } from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type ClaveMensaje, texto } from "../../errors/mensajes.js";
import { nuevoToken } from "../../lib/tokens.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias } from "../../services/auditoria.js";
import type { MailService } from "../../services/mail.js";
import { correoInvitacion, correoRestablecer } from "../auth/auth.correos.js";
import { DURACION_ENLACE_RESET_MS } from "../auth/auth.service.js";
import type { CuentaAdministrada, UsuariosRepository } from "./usuarios.repository.js";

export const DURACION_INVITACION_MS = 7 * 24 * 60 * 60_000;

const CLAVES_USUARIOS = {
  emailDuplicado: "usuarios.email_duplicado",
  socioInexistente: "usuarios.socio_inexistente",
  socioConCuenta: "usuarios.socio_con_cuenta",
  ultimoAdministrador: "usuarios.ultimo_administrador",
  desactivarseASiMismo: "usuarios.desactivarse_a_si_mismo",
  yaActivada: "usuarios.ya_activada",
  desactivada: "usuarios.desactivada",
} as const satisfies Record<string, ClaveMensaje>;

/** The Spanish texts of the refusals above (the tests compare answers with them). */
export const MENSAJES_USUARIOS = Object.fromEntries(
  Object.entries(CLAVES_USUARIOS).map(([nombre, clave]) => [nombre, texto(clave)]),
) as Record<keyof typeof CLAVES_USUARIOS, string>;

export type CuentaPresentada = {
  id: number;
  email: string;
  nombre: string;
  rol: Rol;
  idSocio: number | null;
  activo: boolean;
  condicionesAceptadas: "si" | "no";
  /** The member has not chosen a password yet (invitation sent, not yet used). */
  invitacionPendiente: boolean;
  /** Two-factor codes are on (an administrator can turn them off for a lost phone). */
  totpActivo: boolean;
  /**
   * Its codes came from another installation's backup: it must set them up again, after a mailed
   * proof or, without mail, once an administrator removes the old ones (docs/adr/0015).
   */
  totpRenovar: boolean;
};

export type ConsultaCuentas = {
  idSocio?: number;
  q?: string;
  page: number;
  pageSize: number;
  sort: string;
};

const conflicto = (clave: ClaveMensaje, campo?: string) =>
  new DomainError("conflicto", clave, campo ? [{ campo, clave }] : []);

/** Unique violation of PostgreSQL: two requests raced past the email check. */
function esDuplicado(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "23505";
}

export class UsuariosService {
  constructor(
    private readonly repo: UsuariosRepository,
    private readonly mail: MailService,
    private readonly publicUrl: string,
  ) {}

  private presentar(cuenta: CuentaAdministrada, version: string): CuentaPresentada {
    return {
      id: cuenta.id,
      email: cuenta.email,
      nombre: cuenta.nombre,
      rol: cuenta.rol,
      idSocio: cuenta.idSocio,
      activo: cuenta.activo,
      condicionesAceptadas: cuenta.condicionesVersion === version ? "si" : "no",
      invitacionPendiente: !cuenta.tienePassword,
      totpActivo: cuenta.totpActivo,
      totpRenovar: cuenta.totpRenovar,
    };
  }

  /** Who a mail of the account goes to, with the account's language. */
  private async destinatario(id: number, cuenta: CuentaPresentada) {
    const fila = await this.repo.porId(id);
    return { email: cuenta.email, nombre: cuenta.nombre, idioma: fila?.idioma ?? "es" } as const;
  }

  private async presentarPorId(id: number): Promise<CuentaPresentada> {
    const cuenta = await this.repo.porId(id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    return this.presentar(cuenta, await this.repo.versionCondiciones());
  }

  async listar(consulta: ConsultaCuentas) {
    const desc = consulta.sort.startsWith("-");
    const campo = (desc ? consulta.sort.slice(1) : consulta.sort) as
      | "id"
      | "email"
      | "nombre"
      | "rol";
    const [{ filas, total }, version] = await Promise.all([
      this.repo.listar({
        idSocio: consulta.idSocio,
        q: consulta.q,
        orden: { campo, desc },
        limite: consulta.pageSize,
        desplazamiento: (consulta.page - 1) * consulta.pageSize,
      }),
      this.repo.versionCondiciones(),
    ]);
    return {
      items: filas.map((f) => this.presentar(f, version)),
      total,
      page: consulta.page,
      pageSize: consulta.pageSize,
    };
  }

  obtener(id: number): Promise<CuentaPresentada> {
    return this.presentarPorId(id);
  }

  async crear(
    actor: UsuarioAutenticado,
    datos: { idSocio: number; email: string; rol: Rol },
  ): Promise<CuentaPresentada> {
    let enlace = "";
    let id: number;
    try {
      id = await this.repo.transaccion(async (tx) => {
        const socio = await tx.bloquearSocio(datos.idSocio);
        if (!socio) {
          throw new DomainError("validacion", CLAVES_USUARIOS.socioInexistente, [
            { campo: "idSocio", clave: CLAVES_USUARIOS.socioInexistente },
          ]);
        }
        if ((await tx.cuentaDeSocio(socio.id)) !== undefined) {
          throw conflicto(CLAVES_USUARIOS.socioConCuenta, "idSocio");
        }
        if (await tx.existeEmail(datos.email)) {
          throw conflicto(CLAVES_USUARIOS.emailDuplicado, "email");
        }
        const nombre = `${socio.nombre} ${socio.apellidos}`.trim();
        const nuevo = await tx.crear({ ...datos, nombre });
        await tx.auditar({
          idUsuario: actor.id,
          entidad: "usuario",
          idEntidad: nuevo,
          accion: "crear",
          cambios: diferencias(null, {
            email: datos.email,
            nombre,
            rol: datos.rol,
            idSocio: socio.id,
            activo: true,
          }),
        });
        enlace = await this.nuevaInvitacion(tx, nuevo);
        return nuevo;
      });
    } catch (err) {
      if (esDuplicado(err)) throw conflicto(CLAVES_USUARIOS.emailDuplicado, "email");
      throw err;
    }
    const cuenta = await this.presentarPorId(id);
    this.mail.encolar(correoInvitacion(await this.destinatario(id, cuenta), enlace));
    return cuenta;
  }

  async modificar(
    actor: UsuarioAutenticado,
    id: number,
    cambios: { rol?: Rol; activo?: boolean; email?: string },
  ): Promise<CuentaPresentada> {
    try {
      await this.repo.transaccion(async (tx) => {
        // Administrators first, then the account: every writer takes the locks in that order.
        const administradores = await tx.bloquearAdministradoresActivos();
        const antes = await tx.bloquear(id);
        if (!antes) throw noEncontrado("no_encontrado.cuenta");
        if (cambios.activo === false && antes.activo && id === actor.id) {
          throw conflicto(CLAVES_USUARIOS.desactivarseASiMismo, "activo");
        }
        const eraAdministrador = antes.activo && antes.rol === "administrador";
        const seraAdministrador =
          (cambios.activo ?? antes.activo) && (cambios.rol ?? antes.rol) === "administrador";
        if (eraAdministrador && !seraAdministrador) {
          if (administradores.filter((a) => a !== id).length === 0) {
            throw conflicto(
              CLAVES_USUARIOS.ultimoAdministrador,
              cambios.activo === false ? "activo" : "rol",
            );
          }
        }
        if (cambios.email !== undefined && (await tx.existeEmail(cambios.email, id))) {
          throw conflicto(CLAVES_USUARIOS.emailDuplicado, "email");
        }
        const registro = diferencias(
          { rol: antes.rol, activo: antes.activo, email: antes.email },
          cambios,
        );
        if (registro.length === 0) return;
        await tx.actualizar(id, cambios);
        if (cambios.activo === false && antes.activo) await tx.revocarSesiones(id);
        const emailCambiado = cambios.email !== undefined && cambios.email !== antes.email;
        if ((cambios.activo === false && antes.activo) || emailCambiado) {
          // A link already sent (possibly to the old address) must not open the account.
          await tx.invalidarTokens(id, "invitacion");
          await tx.invalidarTokens(id, "reset");
        }
        await tx.auditar({
          idUsuario: actor.id,
          entidad: "usuario",
          idEntidad: id,
          accion: "modificar",
          cambios: registro,
        });
      });
    } catch (err) {
      if (esDuplicado(err)) throw conflicto(CLAVES_USUARIOS.emailDuplicado, "email");
      throw err;
    }
    return this.presentarPorId(id);
  }

  async reenviarInvitacion(actor: UsuarioAutenticado, id: number): Promise<CuentaPresentada> {
    const enlace = await this.repo.transaccion(async (tx) => {
      const cuenta = await tx.bloquear(id);
      if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
      if (!cuenta.activo) throw conflicto(CLAVES_USUARIOS.desactivada);
      if (cuenta.tienePassword) throw conflicto(CLAVES_USUARIOS.yaActivada);
      await tx.invalidarTokens(id, "invitacion");
      const nuevo = await this.nuevaInvitacion(tx, id);
      await tx.auditar({
        idUsuario: actor.id,
        entidad: "usuario",
        idEntidad: id,
        accion: "reenviar_invitacion",
      });
      return nuevo;
    });
    const cuenta = await this.presentarPorId(id);
    this.mail.encolar(correoInvitacion(await this.destinatario(id, cuenta), enlace));
    return cuenta;
  }

  /** Closes every session and emails a reset link; the current password keeps working until used. */
  async forzarRestablecimiento(actor: UsuarioAutenticado, id: number): Promise<CuentaPresentada> {
    const enlace = await this.repo.transaccion(async (tx) => {
      const cuenta = await tx.bloquear(id);
      if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
      if (!cuenta.activo) throw conflicto(CLAVES_USUARIOS.desactivada);
      await tx.revocarSesiones(id);
      await tx.invalidarTokens(id, "reset");
      const { token, hash } = nuevoToken();
      await tx.crearToken(id, "reset", hash, new Date(Date.now() + DURACION_ENLACE_RESET_MS));
      await tx.auditar({
        idUsuario: actor.id,
        entidad: "usuario",
        idEntidad: id,
        accion: "forzar_restablecimiento",
      });
      return `${this.publicUrl}/#/contrasenya-olvidada?token=${encodeURIComponent(token)}`;
    });
    const cuenta = await this.presentarPorId(id);
    this.mail.encolar(correoRestablecer(await this.destinatario(id, cuenta), enlace));
    return cuenta;
  }

  private async nuevaInvitacion(tx: UsuariosRepository, idUsuario: number): Promise<string> {
    const { token, hash } = nuevoToken();
    await tx.crearToken(
      idUsuario,
      "invitacion",
      hash,
      new Date(Date.now() + DURACION_INVITACION_MS),
    );
    return `${this.publicUrl}/#/contrasenya-olvidada?token=${encodeURIComponent(token)}&invitacion=1`;
  }
}
