import { homeDeRol } from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import type { ClaveMensaje } from "../../errors/mensajes.js";
import type { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { hashToken, nuevoToken } from "../../lib/tokens.js";
import {
  esCodigoTotp,
  hashCodigoRecuperacionAntiguo,
  normalizarCodigoRecuperacion,
  nuevoSecretoTotp,
  nuevosCodigosRecuperacion,
  pasoDelCodigo,
  urlOtpauth,
} from "../../lib/totp.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { MailService } from "../../services/mail.js";
import { correoPruebaTotp, correoTotpRestablecido } from "./auth.correos.js";
import type { AuthRepository } from "./auth.repository.js";
import type { LimiteIntentos } from "./limite-intentos.js";
import type { TotpRepository } from "./totp.repository.js";

const MINUTO = 60_000;
export const VENTANA_INTENTOS_MS = 15 * MINUTO;
const INTENTOS_POR_CUENTA = 5;
/** The proof link of an account whose TOTP came from another installation (docs/adr/0015). */
export const DURACION_PRUEBA_MS = 30 * MINUTO;
const PRUEBAS_POR_HORA = 3;

export type EstadoTotp = {
  activo: boolean;
  /** The association requires TOTP of administrators. */
  obligatorio: boolean;
  /**
   * This account must turn it on before going on: an administrator without it, or an account
   * whose TOTP came from another installation's backup (`renovar`).
   */
  pendiente: boolean;
  /** It was on, but the restored data came from another installation: set it up again. */
  renovar: boolean;
  /**
   * With `renovar`, the proof asked before a new authenticator: a link mailed to the account
   * (`correo`), or, without SMTP, an administrator who removes the old one (`administrador`).
   */
  prueba: "correo" | "administrador" | null;
  codigosRestantes: number;
};

export const codigoRequerido = () =>
  new DomainError("codigo_requerido", "auth.escribe_codigo_6_cifras_tu_aplicacion");

/** 401 at sign-in; 400 in the account section, where a 401 would mean the session ended. */
export const codigoIncorrecto = (enSesion = false) =>
  new DomainError(
    enSesion ? "codigo_incorrecto_en_sesion" : "codigo_incorrecto",
    "auth.codigo_no_correcto_ha_usado_escribe",
    [{ campo: "codigo", clave: "auth.codigo_incorrecto_breve" }],
  );

const demasiadosIntentos = () =>
  new DomainError("demasiados_intentos", "auth.demasiados_codigos_incorrectos_espera_15_minutos");

const conflicto = (m: ClaveMensaje) => new DomainError("conflicto", m);

export class TotpService {
  constructor(
    private readonly repo: TotpRepository,
    private readonly intentos: AuthRepository,
    private readonly mail: MailService,
    private readonly clave: ClaveInstalacion,
    /** Codes typed in the account section (window VENTANA_INTENTOS_MS). */
    private readonly limite: LimiteIntentos,
    private readonly publicUrl: string,
  ) {}

  async estado(actor: UsuarioAutenticado): Promise<EstadoTotp> {
    const cuenta = await this.repo.cuenta(actor.id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    const obligatorio = await this.repo.obligatorioParaAdministradores();
    return {
      activo: cuenta.totpActivo,
      obligatorio,
      pendiente:
        cuenta.totpRenovar || (obligatorio && cuenta.rol === "administrador" && !cuenta.totpActivo),
      renovar: cuenta.totpRenovar,
      prueba: cuenta.totpRenovar ? (this.mail.conSmtp ? "correo" : "administrador") : null,
      codigosRestantes: cuenta.totpActivo ? await this.repo.codigosRestantes(actor.id) : 0,
    };
  }

  /**
   * A new secret for the authenticator app; TOTP is not on until `confirmar`. An account whose
   * TOTP came from another installation (`renovar`) spends a mailed proof link first: the
   * password alone does not enrol a new authenticator.
   */
  async iniciar(
    actor: UsuarioAutenticado,
    prueba?: string,
  ): Promise<{ secreto: string; otpauthUrl: string }> {
    const cuenta = await this.repo.cuenta(actor.id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    if (cuenta.totpActivo) {
      throw conflicto("auth.tienes_activada_verificacion_dos_pasos_desactiva");
    }
    if (cuenta.totpRenovar) {
      if (!prueba) throw new DomainError("prohibido", "auth.totp_renovar_pide_enlace");
      if (!(await this.repo.consumirPrueba(actor.id, hashToken(prueba), new Date()))) {
        throw new DomainError("enlace_invalido", "auth.enlace_no_valido_ha_usado_ha");
      }
    }
    const secreto = nuevoSecretoTotp();
    await this.repo.guardarSecretoPendiente(
      actor.id,
      this.clave.cifrar(secreto, contextoSecreto(actor.id)),
    );
    return { secreto, otpauthUrl: urlOtpauth(secreto, "Filà", cuenta.email) };
  }

  /**
   * Mails the account whose TOTP came from another installation a single-use link, valid
   * DURACION_PRUEBA_MS, that lets it set up a new authenticator. Without SMTP, 409: an
   * administrator removes the old one instead (`restablecer`).
   */
  async enviarPrueba(actor: UsuarioAutenticado): Promise<void> {
    const cuenta = await this.repo.cuenta(actor.id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    if (!cuenta.totpRenovar) throw conflicto("auth.totp_no_pide_enlace");
    if (!this.mail.conSmtp) throw conflicto("auth.totp_enlace_sin_correo");
    const ahora = new Date();
    const haceUnaHora = new Date(ahora.getTime() - 60 * MINUTO);
    const { token, hash } = nuevoToken();
    // Count and create under the account's lock: requests at the same moment take turns, so no
    // more than PRUEBAS_POR_HORA links go out however many arrive together.
    const creada = await this.repo.transaccion(async (tx) => {
      await tx.bloquearCuenta(actor.id);
      if ((await tx.contarPruebasDesde(actor.id, haceUnaHora)) >= PRUEBAS_POR_HORA) return false;
      await tx.crearPrueba(actor.id, hash, ahora, new Date(ahora.getTime() + DURACION_PRUEBA_MS));
      return true;
    });
    if (!creada) throw new DomainError("demasiados_intentos", "auth.totp_demasiados_enlaces");
    const enlace = `${this.publicUrl}/#/${homeDeRol(cuenta.rol)}?totp=configurar&prueba=${encodeURIComponent(token)}`;
    this.mail.encolar(correoPruebaTotp(cuenta, enlace));
  }

  async confirmar(
    actor: UsuarioAutenticado,
    codigo: string,
  ): Promise<{ codigosRecuperacion: string[] }> {
    return this.conLimite(actor.id, () => this.confirmarCodigo(actor, codigo));
  }

  private async confirmarCodigo(actor: UsuarioAutenticado, codigo: string) {
    const cuenta = await this.repo.cuenta(actor.id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    if (cuenta.totpActivo) throw conflicto("auth.verificacion_dos_pasos_esta_activada");
    const secreto = this.descifrar(cuenta.id, cuenta.totpSecreto);
    if (!secreto) {
      throw conflicto("auth.primero_pide_codigo_qr_nuevo_para");
    }
    const paso = esCodigoTotp(codigo) ? pasoDelCodigo(secreto, codigo) : null;
    if (paso === null) throw codigoIncorrecto(true);
    const codigos = nuevosCodigosRecuperacion();
    await this.repo.transaccion(async (tx) => {
      await tx.activar(
        actor.id,
        paso,
        codigos.map((c) => this.hashRecuperacion(actor.id, c)),
      );
      await tx.auditar({
        idUsuario: actor.id,
        entidad: "usuario",
        idEntidad: actor.id,
        accion: "activar_totp",
      });
    });
    return { codigosRecuperacion: codigos };
  }

  async desactivar(actor: UsuarioAutenticado, codigo: string): Promise<void> {
    await this.conLimite(actor.id, () => this.desactivarConCodigo(actor, codigo));
  }

  private async desactivarConCodigo(actor: UsuarioAutenticado, codigo: string): Promise<void> {
    const cuenta = await this.repo.cuenta(actor.id);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    if (!cuenta.totpActivo) throw conflicto("auth.verificacion_dos_pasos_no_esta_activada");
    if (!(await this.verificar(cuenta.id, cuenta.totpSecreto, codigo))) {
      throw codigoIncorrecto(true);
    }
    await this.repo.transaccion(async (tx) => {
      await tx.desactivar(actor.id);
      await tx.auditar({
        idUsuario: actor.id,
        entidad: "usuario",
        idEntidad: actor.id,
        accion: "desactivar_totp",
      });
    });
  }

  /** An administrator turns off another account's TOTP (lost phone); the account is told. */
  async restablecer(actor: UsuarioAutenticado, idUsuario: number): Promise<void> {
    const cuenta = await this.repo.cuenta(idUsuario);
    if (!cuenta) throw noEncontrado("no_encontrado.cuenta");
    if (!cuenta.totpActivo && !cuenta.totpSecreto && !cuenta.totpRenovar) {
      throw conflicto("auth.esa_cuenta_no_tiene_activada_verificacion");
    }
    await this.repo.transaccion(async (tx) => {
      await tx.desactivar(idUsuario);
      await tx.auditar({
        idUsuario: actor.id,
        entidad: "usuario",
        idEntidad: idUsuario,
        accion: "restablecer_totp",
      });
    });
    this.mail.encolar(correoTotpRestablecido(cuenta, actor.nombre));
  }

  async fijarObligatorio(actor: UsuarioAutenticado, obligatorio: boolean): Promise<void> {
    const antes = await this.repo.obligatorioParaAdministradores();
    if (antes === obligatorio) return;
    await this.repo.transaccion(async (tx) => {
      await tx.fijarObligatorio(obligatorio);
      await tx.auditar({
        idUsuario: actor.id,
        entidad: "asociacion",
        idEntidad: 1,
        accion: "modificar",
        cambios: [{ campo: "totpObligatorioAdmin", antes, despues: obligatorio }],
      });
    });
  }

  /**
   * A TOTP code (±1 step, each step accepted once) or an unused recovery code (then spent).
   * Used by the sign-in and by turning TOTP off.
   */
  async verificar(idUsuario: number, guardado: string | null, codigo: string): Promise<boolean> {
    const secreto = this.descifrar(idUsuario, guardado);
    if (!secreto) return false;
    if (esCodigoTotp(codigo)) {
      const paso = pasoDelCodigo(secreto, codigo);
      return paso !== null && (await this.repo.tomarPaso(idUsuario, paso));
    }
    return this.repo.consumirRecuperacion(idUsuario, [
      this.hashRecuperacion(idUsuario, codigo),
      hashCodigoRecuperacionAntiguo(codigo),
    ]);
  }

  /** The stored secret in clear; null when there is none or it is not this installation's. */
  private descifrar(idUsuario: number, guardado: string | null): string | null {
    return guardado ? this.clave.descifrar(guardado, contextoSecreto(idUsuario)) : null;
  }

  /** Salted with the account and keyed with the installation key. */
  private hashRecuperacion(idUsuario: number, codigo: string): string {
    return this.clave.resumen(
      "totp-recuperacion",
      `${idUsuario}:${normalizarCodigoRecuperacion(codigo)}`,
    );
  }

  /** Codes typed in the account section, five wrong ones per window; a right one clears them. */
  private async conLimite<T>(idUsuario: number, intento: () => Promise<T>): Promise<T> {
    const clave = `totp:${idUsuario}`;
    const resultado = await this.limite.intentar(
      [{ clave, maximo: INTENTOS_POR_CUENTA }],
      { demasiados: demasiadosIntentos },
      intento,
    );
    await this.intentos.borrarIntentos(clave);
    return resultado;
  }
}

/** What a TOTP secret is encrypted for: it does not decrypt in another account's row. */
export const contextoSecreto = (idUsuario: number) => `totp:${idUsuario}`;
