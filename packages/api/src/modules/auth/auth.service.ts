import { type Idioma, validarPassword } from "@fila/domain";
import { DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { hashPassword, verificarPassword } from "../../lib/passwords.js";
import { hashToken, nuevoToken } from "../../lib/tokens.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { MailService } from "../../services/mail.js";
import { correoRestablecer } from "./auth.correos.js";
import type { AuthRepository, CuentaFila } from "./auth.repository.js";
import type { Limite, LimiteIntentos } from "./limite-intentos.js";
import { codigoIncorrecto, codigoRequerido, type TotpService } from "./totp.service.js";

const MINUTO = 60_000;
export const LIMITES_LOGIN = {
  ventanaMs: 15 * MINUTO,
  porCuenta: 5,
  porIp: 20,
} as const;
const DURACION_SESION_MS = 30 * 24 * 60 * MINUTO;
export const DURACION_ENLACE_RESET_MS = 60 * MINUTO;
export const ENLACES_RESET_POR_HORA = 3;

export type SesionUsuario = {
  id: number;
  nombre: string;
  email: string;
  rol: CuentaFila["rol"];
  socioId: number;
  condicionesAceptadas: "si" | "no";
  idioma: Idioma;
};

const credencialesInvalidas = () =>
  new DomainError("credenciales_invalidas", "auth.correo_contrasena_incorrectos");

const demasiadosIntentos = () =>
  new DomainError("demasiados_intentos", "auth.demasiados_intentos_fallidos_espera_15_minutos");

function comprobarPasswordNueva(nueva: string, campo = "nueva"): void {
  const problema = validarPassword(nueva);
  if (problema) {
    throw new DomainError("validacion", mensajeCon("dominio.texto", { texto: problema }), [
      { campo, mensaje: problema },
    ]);
  }
}

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly totp: TotpService,
    /** Sign-in attempts (window LIMITES_LOGIN.ventanaMs). */
    private readonly limite: LimiteIntentos,
  ) {}

  private async presentar(cuenta: CuentaFila): Promise<SesionUsuario> {
    const version = await this.repo.versionCondiciones();
    return {
      id: cuenta.id,
      nombre: cuenta.nombre,
      email: cuenta.email,
      rol: cuenta.rol,
      socioId: cuenta.idSocio ?? 0,
      condicionesAceptadas: cuenta.condicionesVersion === version ? "si" : "no",
      idioma: cuenta.idioma,
    };
  }

  async login(
    email: string,
    password: string,
    ip: string,
    codigo?: string,
  ): Promise<SesionUsuario & { accessToken: string }> {
    return this.entrada(email, ip, async () => {
      const cuenta = await this.repo.cuentaPorEmail(email);
      // Unknown accounts are verified against a dummy hash: same body, about the same time.
      const valida = await verificarPassword(cuenta?.passwordHash ?? null, password);
      if (!cuenta || !valida || !cuenta.activo) {
        await this.auditarEntrada("entrada fallida", cuenta?.id ?? 0, email, ip);
        throw credencialesInvalidas();
      }
      await this.segundoFactor(cuenta, codigo);
      return this.abrirSesion(cuenta, ip);
    });
  }

  /**
   * A sign-in attempt (password or OpenID Connect) under the limits of its account (when known)
   * and of its IP: taken before it is tried, so attempts arriving together never pass the limit;
   * refused with 429 (and in the activity log) once it is reached. A success clears the account's
   * failures.
   */
  async entrada<T>(email: string | null, ip: string, intento: () => Promise<T>): Promise<T> {
    const claveCuenta = email === null ? null : `cuenta:${email}`;
    const limites: Limite[] = [{ clave: `ip:${ip}`, maximo: LIMITES_LOGIN.porIp }];
    if (claveCuenta) limites.push({ clave: claveCuenta, maximo: LIMITES_LOGIN.porCuenta });
    const resultado = await this.limite.intentar(
      limites,
      {
        demasiados: demasiadosIntentos,
        alRechazar: async () => {
          const cuenta = email === null ? undefined : await this.repo.cuentaPorEmail(email);
          await this.auditarEntrada("entrada rechazada", cuenta?.id ?? 0, email ?? "", ip);
        },
      },
      intento,
    );
    if (claveCuenta) await this.repo.borrarIntentos(claveCuenta);
    return resultado;
  }

  private auditarEntrada(accion: string, idCuenta: number, email: string, ip: string) {
    return this.repo.auditar({
      idUsuario: null,
      entidad: "acceso",
      idEntidad: idCuenta,
      accion,
      cambios: [
        { campo: "email", antes: null, despues: email },
        { campo: "ip", antes: null, despues: ip },
      ],
    });
  }

  /**
   * With TOTP on, the sign-in needs a code: none → 401 codigo_requerido (nothing else told, and
   * not counted); a wrong or replayed one → 401 codigo_incorrecto, counted as a failed sign-in.
   */
  async segundoFactor(cuenta: CuentaFila, codigo: string | undefined): Promise<void> {
    if (!cuenta.totpActivo) return;
    if (!codigo) throw codigoRequerido();
    if (!(await this.totp.verificar(cuenta.id, cuenta.totpSecreto, codigo))) {
      throw codigoIncorrecto();
    }
  }

  /** The session of a sign-in (password or OpenID Connect): token and user fields. */
  async abrirSesion(
    cuenta: CuentaFila,
    ip: string,
  ): Promise<SesionUsuario & { accessToken: string }> {
    const { token, hash } = nuevoToken();
    await this.repo.crearSesion(cuenta.id, hash, new Date(Date.now() + DURACION_SESION_MS), ip);
    await this.repo.auditar({
      idUsuario: cuenta.id,
      entidad: "acceso",
      idEntidad: cuenta.id,
      accion: "entrada",
      cambios: [{ campo: "ip", antes: null, despues: ip }],
    });
    return { accessToken: token, ...(await this.presentar(cuenta)) };
  }

  /**
   * The session's account as the auth hook read it, in the same query that checked the token
   * (live session, active account, terms version): no second trip to the database.
   */
  sesion(usuario: UsuarioAutenticado): SesionUsuario {
    return {
      id: usuario.id,
      nombre: usuario.nombre,
      email: usuario.email,
      rol: usuario.rol,
      socioId: usuario.socioId,
      condicionesAceptadas: usuario.condicionesPendientes ? "no" : "si",
      idioma: usuario.idioma,
    };
  }

  /**
   * The account's language (issue 38): one statement, so two devices changing it at once leave
   * the last one's. Allowed while the terms or the TOTP set-up are pending (plugins/auth.ts).
   */
  async cambiarIdioma(actor: UsuarioAutenticado, idioma: Idioma): Promise<SesionUsuario> {
    await this.repo.cambiarIdioma(actor.id, idioma);
    return { ...this.sesion(actor), idioma };
  }

  logout(usuario: UsuarioAutenticado): Promise<void> {
    return this.repo.revocarSesion(usuario.idSesion);
  }

  /**
   * `idSocio` names the account by its member (0 = the caller's own account). `antigua` is always
   * the caller's current password: an administrator changing someone else's confirms with their own.
   */
  async cambiarPassword(
    actor: UsuarioAutenticado,
    datos: { idSocio: number; antigua: string; nueva: string },
  ): Promise<void> {
    const objetivo =
      datos.idSocio === 0 || datos.idSocio === actor.socioId
        ? await this.repo.cuentaPorId(actor.id)
        : await this.repo.cuentaPorSocio(datos.idSocio);
    if (!objetivo) {
      if (actor.rol !== "administrador") throw prohibido();
      throw noEncontrado("no_encontrado.cuenta_ese_socio");
    }
    const esPropia = objetivo.id === actor.id;
    if (!esPropia && actor.rol !== "administrador") throw prohibido();
    const propia = esPropia ? objetivo : await this.repo.cuentaPorId(actor.id);
    if (!(await verificarPassword(propia?.passwordHash ?? null, datos.antigua))) {
      throw new DomainError("password_incorrecta", "auth.contrasena_actual_no_correcta", [
        { campo: "antigua", clave: "auth.contrasena_actual_no_correcta" },
      ]);
    }
    comprobarPasswordNueva(datos.nueva);
    await this.repo.cambiarPassword(objetivo.id, await hashPassword(datos.nueva));
    await this.repo.revocarSesionesDe(objetivo.id, esPropia ? actor.idSesion : undefined);
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "acceso",
      idEntidad: objetivo.id,
      accion: "cambiar contraseña",
    });
  }

  async aceptarCondiciones(actor: UsuarioAutenticado, id: number): Promise<SesionUsuario> {
    if (id !== actor.id) throw prohibido();
    await this.repo.aceptarCondiciones(actor.id, await this.repo.versionCondiciones());
    // Read again: the session's own copy still has the terms pending.
    const cuenta = await this.repo.cuentaPorId(actor.id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    return this.presentar(cuenta);
  }

  /** Same answer whether the email exists or not; the email (if any) leaves in the background. */
  async solicitarReset(email: string, ip: string): Promise<void> {
    // Every request counts, taken and counted in one statement.
    const claveIp = `reset-ip:${ip}`;
    const pedidos = await this.repo.tomarIntentos([claveIp], LIMITES_LOGIN.ventanaMs);
    if ((pedidos.get(claveIp) ?? 0) > LIMITES_LOGIN.porIp) throw demasiadosIntentos();
    const cuenta = await this.repo.cuentaPorEmail(email);
    if (!cuenta?.activo) return;
    const { token, hash } = nuevoToken();
    // At most ENLACES_RESET_POR_HORA links an hour, even for requests arriving together.
    const creado = await this.repo.crearTokenAccesoSiCabe(
      {
        idUsuario: cuenta.id,
        tipo: "reset",
        tokenHash: hash,
        expira: new Date(Date.now() + DURACION_ENLACE_RESET_MS),
      },
      { desde: new Date(Date.now() - 60 * MINUTO), maximo: ENLACES_RESET_POR_HORA },
    );
    if (!creado) return;
    const enlace = `${this.publicUrl}/#/contrasenya-olvidada?token=${encodeURIComponent(token)}`;
    this.mail.encolar(correoRestablecer(cuenta, enlace));
  }

  async confirmarReset(token: string, nueva: string): Promise<void> {
    const hash = hashToken(token);
    if (!(await this.repo.tokenVigente(hash))) throw enlaceInvalido();
    comprobarPasswordNueva(nueva);
    const ok = await this.repo.consumirTokenYCambiarPassword(hash, await hashPassword(nueva));
    if (!ok) throw enlaceInvalido();
  }
}

const enlaceInvalido = () =>
  new DomainError("enlace_invalido", "auth.enlace_no_valido_ha_usado_ha");
