import type { FastifyBaseLogger } from "fastify";
import * as cliente from "openid-client";
import type { ConfigOidc } from "../../config.js";
import { DomainError } from "../../errors/domain-error.js";
import { hashToken, nuevoToken } from "../../lib/tokens.js";
import type { AuthRepository } from "./auth.repository.js";
import type { AuthService, SesionUsuario } from "./auth.service.js";
import type { OidcRepository } from "./oidc.repository.js";

const DURACION_VALE_MS = 5 * 60_000;

/** Why a sign-in with the provider was refused; the SPA shows each in Spanish (es.json). */
export const MOTIVOS_RECHAZO_OIDC = [
  "no_configurado",
  "estado",
  "proveedor",
  "respuesta",
  "no_verificado",
  "sin_cuenta",
  "desactivada",
  "otra_identidad",
] as const;
export type MotivoRechazoOidc = (typeof MOTIVOS_RECHAZO_OIDC)[number];

class RechazoOidc extends Error {
  constructor(readonly motivo: MotivoRechazoOidc) {
    super(motivo);
  }
}

const valeInvalido = () =>
  new DomainError("vale_invalido", "auth.inicio_sesion_ha_caducado_ha_usado");

export type OpcionesOidc = {
  config: ConfigOidc | null;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Tests put a network in between (a forged ID token); production uses fetch. */
  fetchPersonalizado?: cliente.CustomFetch;
};

const esLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/**
 * Sign-in with an OpenID Connect provider (authorization code + PKCE, state and nonce). The
 * provider never creates accounts: it signs in an active account whose email it says is
 * verified, and the (issuer, sub) link is kept at first use. The SPA gets the session by
 * exchanging a one-time code, never the token in a URL.
 */
export class OidcService {
  private configuracion: Promise<cliente.Configuration> | null = null;

  constructor(
    private readonly repo: OidcRepository,
    private readonly cuentas: AuthRepository,
    private readonly auth: AuthService,
    private readonly opciones: OpcionesOidc,
  ) {}

  get activo(): boolean {
    return this.opciones.config !== null;
  }

  get etiqueta(): string {
    return this.opciones.config?.label ?? "";
  }

  get uriRetorno(): string {
    return `${this.opciones.publicUrl}/api/login/oidc/retorno`;
  }

  private destino(parametro: "oidc" | "oidcError", valor: string): string {
    return `${this.opciones.publicUrl}/#/login?${parametro}=${encodeURIComponent(valor)}`;
  }

  /** Discovery once; a failure is retried at the next sign-in. */
  private obtenerConfiguracion(config: ConfigOidc): Promise<cliente.Configuration> {
    if (!this.configuracion) {
      const emisor = new URL(config.issuer);
      const ejecutar = [cliente.enableNonRepudiationChecks];
      // Plain http only for a provider on this machine (development and tests).
      if (emisor.protocol === "http:" && esLoopback(emisor)) {
        ejecutar.push(cliente.allowInsecureRequests);
      }
      const fetchPersonalizado = this.opciones.fetchPersonalizado;
      this.configuracion = cliente
        .discovery(emisor, config.clientId, config.clientSecret || undefined, undefined, {
          execute: ejecutar,
          ...(fetchPersonalizado ? { [cliente.customFetch]: fetchPersonalizado } : {}),
        })
        .then((configuracion) => {
          if (fetchPersonalizado) configuracion[cliente.customFetch] = fetchPersonalizado;
          return configuracion;
        })
        .catch((err) => {
          this.configuracion = null;
          throw err;
        });
    }
    return this.configuracion;
  }

  /** Where the browser goes to sign in, and the state its cookie must carry back. */
  async inicio(): Promise<{ url: string; estado: string | null }> {
    const config = this.opciones.config;
    if (!config) return { url: this.destino("oidcError", "no_configurado"), estado: null };
    try {
      const configuracion = await this.obtenerConfiguracion(config);
      const verificador = cliente.randomPKCECodeVerifier();
      const estado = cliente.randomState();
      const nonce = cliente.randomNonce();
      await this.repo.guardarPeticion(estado, nonce, verificador);
      const url = cliente.buildAuthorizationUrl(configuracion, {
        redirect_uri: this.uriRetorno,
        scope: "openid email profile",
        code_challenge: await cliente.calculatePKCECodeChallenge(verificador),
        code_challenge_method: "S256",
        state: estado,
        nonce,
      });
      return { url: url.href, estado };
    } catch (err) {
      this.opciones.log.warn({ err }, "OIDC: no se pudo preparar el inicio de sesión");
      return { url: this.destino("oidcError", "proveedor"), estado: null };
    }
  }

  /**
   * The provider's return: checks state (and that this browser started it), exchanges the code,
   * verifies the ID token, finds the account and answers where to send the browser.
   */
  async retorno(parametros: URLSearchParams, estadoCookie: string | undefined): Promise<string> {
    try {
      const idUsuario = await this.identificar(parametros, estadoCookie);
      const { token, hash } = nuevoToken();
      await this.repo.crearVale(idUsuario, hash, new Date(Date.now() + DURACION_VALE_MS));
      return this.destino("oidc", token);
    } catch (err) {
      if (err instanceof RechazoOidc) {
        this.opciones.log.info({ motivo: err.motivo }, "OIDC: inicio de sesión rechazado");
        return this.destino("oidcError", err.motivo);
      }
      this.opciones.log.warn({ err }, "OIDC: respuesta del proveedor no válida");
      return this.destino("oidcError", "respuesta");
    }
  }

  private async identificar(
    parametros: URLSearchParams,
    estadoCookie: string | undefined,
  ): Promise<number> {
    const config = this.opciones.config;
    if (!config) throw new RechazoOidc("no_configurado");
    const estado = parametros.get("state");
    if (!estado || estado !== estadoCookie) throw new RechazoOidc("estado");
    const peticion = await this.repo.consumirPeticion(estado);
    if (!peticion) throw new RechazoOidc("estado");
    if (parametros.has("error")) throw new RechazoOidc("proveedor");

    const configuracion = await this.obtenerConfiguracion(config);
    const url = new URL(this.uriRetorno);
    url.search = parametros.toString();
    const tokens = await cliente.authorizationCodeGrant(configuracion, url, {
      pkceCodeVerifier: peticion.verificador,
      expectedState: estado,
      expectedNonce: peticion.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new RechazoOidc("respuesta");
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
    // Microsoft Entra ID says it with its optional claim xms_edov (domain owner verified).
    const verificado = claims.email_verified === true || claims.xms_edov === true;
    if (!email || !verificado) throw new RechazoOidc("no_verificado");

    const proveedor = config.issuer;
    const enlazada = await this.repo.cuentaEnlazada(proveedor, claims.sub);
    if (enlazada !== undefined) {
      const cuenta = await this.cuentas.cuentaPorId(enlazada);
      if (!cuenta) throw new RechazoOidc("sin_cuenta");
      if (!cuenta.activo) throw new RechazoOidc("desactivada");
      return cuenta.id;
    }
    const cuenta = await this.cuentas.cuentaPorEmail(email);
    if (!cuenta) throw new RechazoOidc("sin_cuenta");
    if (!cuenta.activo) throw new RechazoOidc("desactivada");
    // Another identity of this provider already signs in this account: never a second one.
    if ((await this.repo.subEnlazado(proveedor, cuenta.id)) !== undefined) {
      throw new RechazoOidc("otra_identidad");
    }
    if (!(await this.repo.enlazar(proveedor, claims.sub, cuenta.id))) {
      throw new RechazoOidc("otra_identidad");
    }
    return cuenta.id;
  }

  /**
   * The SPA exchanges the one-time code for the session, as POST /api/login gives it. With
   * TOTP on, the code is asked first (the one-time code stays valid until it expires).
   */
  async canjear(
    vale: string,
    codigo: string | undefined,
    ip: string,
  ): Promise<SesionUsuario & { accessToken: string }> {
    const hash = hashToken(vale);
    const idUsuario = await this.repo.cuentaDelVale(hash);
    const cuenta = idUsuario === undefined ? undefined : await this.cuentas.cuentaPorId(idUsuario);
    return this.auth.entrada(cuenta?.email ?? null, ip, async () => {
      if (!cuenta?.activo) throw valeInvalido();
      await this.auth.segundoFactor(cuenta, codigo);
      if (!(await this.repo.consumirVale(hash))) throw valeInvalido();
      return this.auth.abrirSesion(cuenta, ip);
    });
  }
}
