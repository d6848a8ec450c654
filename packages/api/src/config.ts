import { isIP } from "node:net";
import path from "node:path";
import { ANUNCIO_DIAS_VIGENCIA } from "@fila/domain";
import { ErrorDeArranque } from "./bootstrap/fallo-arranque.js";
import { type TamanyoDemo, tamanyoDemo } from "./demo/tamanyo.js";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * The embedded database when DATABASE_URL is not set (BASE_EMBEBIDA): PGlite in this process, or
   * real PostgreSQL binaries started by it (ADR 0028).
   */
  baseEmbebida: BaseEmbebida;
  /** BASE_EMBEBIDA was not set: `postgres` by default gives way to PGlite without its binaries. */
  baseEmbebidaPorDefecto?: boolean;
  /** Connections to PostgreSQL in this process's pool (DATABASE_POOL_MAX; unset, the default). */
  databasePoolMax?: number;
  publicUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: string;
  demo: boolean;
  /** Size of the demo filà (DEMO_SOCIOS × DEMO_ANYOS, issue 51); unset, 300 × 1. */
  demoTamanyo?: TamanyoDemo;
  webDist: string | null;
  /** Minimum time a login answer takes, so a wrong email and a wrong password look alike. */
  loginMinMs: number;
  /** VAPID key pair for Web Push; when unset, one is generated once and kept in the database. */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  vapidSubject: string;
  /** Runs the push delivery worker inside this process (tests turn it off and drive the queue). */
  pushWorker: boolean;
  /** Accepts http push endpoints on loopback (development and tests, never in production). */
  pushPermiteLoopback: boolean;
  /** Sign-in with an OpenID Connect provider; null when OIDC_ISSUER/CLIENT_ID are not set. */
  oidc: ConfigOidc | null;
  /** The installation key given by FILA_CLAVE (lib/clave-instalacion.ts); else DATA_DIR/clave. */
  filaClave?: string | null;
  /**
   * FILA_CLAVE_NUEVA=1: start although the data were written under another installation key
   * (the key was lost for good); without it such a start stops (docs/adr/0015).
   */
  claveNueva?: boolean;
  /** Days a market ad stays up after it is posted or renewed (ANUNCIOS_DIAS, default 90). */
  anunciosDias?: number;
  /**
   * Which reverse proxies' X-Forwarded-For/-Proto are believed (TRUST_PROXY): none (false), every
   * hop (true), the last n hops, or the proxies at these addresses/CIDRs. Fastify's own forms.
   */
  trustProxy?: ConfianzaProxy;
  /** Bearer token of GET /api/metricas (METRICS_TOKEN); without it the route answers 404. */
  metricsToken?: string | null;
  /** The bank's virtual POS (REDSYS_*); null when not configured: no online payment. */
  redsys?: ConfigRedsys | null;
};

export type ConfigRedsys = {
  /** Ds_Merchant_MerchantCode (FUC), up to 9 digits. */
  merchantCode: string;
  /** Ds_Merchant_Terminal, 1 to 3 digits. */
  terminal: string;
  /** The SHA-256 key of the terminal, base64, as the bank gives it (24 bytes once decoded). */
  secretKey: string;
  /** The bank's form (…/sis/realizarPago), test or production. */
  url: string;
};

export type ConfianzaProxy = boolean | number | string[];

export type ConfigOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login button: "Entrar con {label}". */
  label: string;
};

export type BaseEmbebida = "pglite" | "postgres";

/** The embedded database of `npm start` without BASE_EMBEBIDA (ADR 0028). */
export const BASE_EMBEBIDA_POR_DEFECTO: BaseEmbebida = "postgres";

/** BASE_EMBEBIDA: `pglite` or `postgres`; unset, the default; anything else stops the start. */
export function baseEmbebida(valor: string | undefined): BaseEmbebida {
  const texto = valor?.trim() ?? "";
  if (texto === "") return BASE_EMBEBIDA_POR_DEFECTO;
  if (texto === "pglite" || texto === "postgres") return texto;
  throw new ErrorDeArranque(
    `BASE_EMBEBIDA no es válida («${texto}»): usa pglite o postgres (o quítala para la predeterminada, ${BASE_EMBEBIDA_POR_DEFECTO}).`,
  );
}

const raiz = path.resolve(import.meta.dirname, "../../..");

export function leerConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: string[] = process.argv.slice(2),
): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    baseEmbebida: baseEmbebida(env.BASE_EMBEBIDA),
    baseEmbebidaPorDefecto: !env.BASE_EMBEBIDA?.trim(),
    databasePoolMax: conexionesDelPool(env.DATABASE_POOL_MAX),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || "Filà <no-responder@fila.local>",
    logLevel: env.LOG_LEVEL || "info",
    demo: argv.includes("--demo") || env.DEMO === "1" || env.DEMO === "true",
    demoTamanyo: tamanyoDemo(env),
    webDist: path.join(raiz, "packages/web/dist"),
    loginMinMs: 250,
    vapidPublicKey: env.VAPID_PUBLIC_KEY || null,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || null,
    vapidSubject: env.VAPID_SUBJECT || sujetoVapid(env.PUBLIC_URL, env.MAIL_FROM),
    pushWorker: env.PUSH_WORKER !== "0",
    pushPermiteLoopback: env.NODE_ENV !== "production",
    oidc: leerOidc(env),
    anunciosDias: diasAnuncios(env.ANUNCIOS_DIAS),
    trustProxy: confianzaProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    filaClave: env.FILA_CLAVE || null,
    claveNueva: env.FILA_CLAVE_NUEVA === "1",
    redsys: leerRedsys(env),
  };
}

/**
 * TRUST_PROXY: unset or `false`, `true`, a number of hops, or a comma-separated list of addresses
 * and CIDRs. Anything else stops the start: guessing would either lock everyone out behind a
 * proxy or let any client forge its address.
 */
export function confianzaProxy(valor: string | undefined): ConfianzaProxy {
  const texto = valor?.trim() ?? "";
  if (texto === "" || texto === "false") return false;
  if (texto === "true") return true;
  if (/^\d+$/.test(texto)) {
    const saltos = Number(texto);
    if (saltos >= 1 && saltos <= 10) return saltos;
  } else {
    const direcciones = texto.split(",").map((d) => d.trim());
    if (direcciones.every(esDireccionOCidr)) return direcciones;
  }
  throw new ErrorDeArranque(
    `TRUST_PROXY no es válida («${texto}»): usa false, true, un número de saltos (de 1 a 10) o una lista de direcciones o redes separadas por comas (127.0.0.1,10.0.0.0/8).`,
  );
}

function esDireccionOCidr(texto: string): boolean {
  const [direccion = "", prefijo, ...resto] = texto.split("/");
  const version = isIP(direccion);
  if (version === 0 || resto.length > 0) return false;
  if (prefijo === undefined) return true;
  const bits = Number(prefijo);
  return /^\d+$/.test(prefijo) && bits <= (version === 4 ? 32 : 128);
}

const VARIABLES_REDSYS = [
  "REDSYS_MERCHANT_CODE",
  "REDSYS_TERMINAL",
  "REDSYS_SECRET_KEY",
  "REDSYS_URL",
] as const;

/**
 * The bank's virtual POS: all four variables, or none (online payment off). Half a configuration
 * or a malformed value stops the start: the festero would otherwise reach a bank page that fails.
 */
export function leerRedsys(env: NodeJS.ProcessEnv): ConfigRedsys | null {
  const valores = VARIABLES_REDSYS.map((v) => env[v]?.trim() ?? "");
  if (valores.every((v) => v === "")) return null;
  const faltan = VARIABLES_REDSYS.filter((_v, i) => valores[i] === "");
  const fallo = (motivo: string) =>
    new ErrorDeArranque(`El pago en línea (Redsys) está mal configurado: ${motivo}`);
  if (faltan.length > 0) throw fallo(`faltan ${faltan.join(", ")}.`);
  const [merchantCode = "", terminal = "", secretKey = "", url = ""] = valores;
  if (!/^\d{1,9}$/.test(merchantCode)) {
    throw fallo("REDSYS_MERCHANT_CODE es el número de comercio (FUC): hasta 9 cifras.");
  }
  if (!/^\d{1,3}$/.test(terminal)) throw fallo("REDSYS_TERMINAL es un número de 1 a 3 cifras.");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secretKey) || Buffer.from(secretKey, "base64").length !== 24) {
    throw fallo(
      "REDSYS_SECRET_KEY es la clave SHA-256 del terminal tal como la da el banco (32 caracteres en base64).",
    );
  }
  let direccion: URL;
  try {
    direccion = new URL(url);
  } catch {
    throw fallo("REDSYS_URL no es una dirección.");
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(direccion.hostname);
  if (direccion.protocol !== "https:" && !(direccion.protocol === "http:" && local)) {
    throw fallo("REDSYS_URL debe ser https (la de pruebas o la real de Redsys).");
  }
  if (secretKey === CLAVE_PUBLICA_PRUEBAS_REDSYS && direccion.hostname === HOST_REAL_REDSYS) {
    throw fallo(
      `REDSYS_SECRET_KEY es la clave de pruebas que Redsys publica en su guía y REDSYS_URL es la dirección real (${HOST_REAL_REDSYS}): con esa clave cualquiera puede firmar una notificación y dar por pagado un cargo. Pon la clave SHA-256 de tu terminal que te ha dado el banco, o la dirección de pruebas (${HOST_PRUEBAS_REDSYS}) para probar.`,
    );
  }
  return { merchantCode, terminal, secretKey, url: direccion.toString() };
}

/** Redsys's published test key (its integration guide): anyone can sign with it. */
export const CLAVE_PUBLICA_PRUEBAS_REDSYS = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";
/** The hosts of Redsys's test and real payment pages. */
export const HOST_PRUEBAS_REDSYS = "sis-t.redsys.es";
export const HOST_REAL_REDSYS = "sis.redsys.es";

/**
 * Test mode: Redsys's test host or its published key. Orders are marked `prueba` and their
 * notifications are recorded without paying any charge: on a live installation, a payment with
 * the public test card, or a notification forged with the published key, pays nothing.
 */
export function redsysEnPruebas(c: Pick<ConfigRedsys, "secretKey" | "url">): boolean {
  return (
    c.secretKey === CLAVE_PUBLICA_PRUEBAS_REDSYS || new URL(c.url).hostname === HOST_PRUEBAS_REDSYS
  );
}

/** The start-up warning of test mode. */
export const AVISO_REDSYS_EN_PRUEBAS =
  "El pago en línea (Redsys) está en modo de pruebas (dirección de pruebas o clave pública de pruebas): los pedidos se marcan como de prueba y sus notificaciones se guardan sin dar por pagado ningún cargo. Para cobrar de verdad, pon la clave y la dirección reales del banco (README, «Pago en línea»).";

function leerOidc(env: NodeJS.ProcessEnv): ConfigOidc | null {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!issuer || !clientId) return null;
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET ?? "",
    label: env.OIDC_LABEL?.trim() || "tu proveedor de identidad",
  };
}

/** VAPID needs an https: URL or a mailto: address to identify the sender to push services. */
function sujetoVapid(publicUrl: string | undefined, mailFrom: string | undefined): string {
  if (publicUrl?.startsWith("https://")) return publicUrl.replace(/\/+$/, "");
  const correo = /[^\s<>]+@[^\s<>]+/.exec(mailFrom ?? "")?.[0];
  return `mailto:${correo ?? "no-responder@fila.local"}`;
}

/** A whole number of days from 1 to 3650; anything else keeps the default. */
function diasAnuncios(valor: string | undefined): number {
  const dias = Number(valor);
  return Number.isInteger(dias) && dias >= 1 && dias <= 3650 ? dias : ANUNCIO_DIAS_VIGENCIA;
}

/** A whole number of connections from 1 to 100; anything else keeps the default (database.ts). */
function conexionesDelPool(valor: string | undefined): number | undefined {
  const n = Number(valor);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : undefined;
}

export const VERSION_APP: string = process.env.npm_package_version ?? "0.1.0";
