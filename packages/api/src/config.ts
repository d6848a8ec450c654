import { isIP } from "node:net";
import path from "node:path";
import { ANUNCIO_DIAS_VIGENCIA } from "@fila/domain";
import { ErrorDeArranque } from "./bootstrap/fallo-arranque.js";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections to PostgreSQL in this process's pool (DATABASE_POOL_MAX; unset, the default). */
  databasePoolMax?: number;
  publicUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: string;
  demo: boolean;
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
  /** Days a market ad stays up after it is posted or renewed (ANUNCIOS_DIAS, default 90). */
  anunciosDias?: number;
  /**
   * Which reverse proxies' X-Forwarded-For/-Proto are believed (TRUST_PROXY): none (false), every
   * hop (true), the last n hops, or the proxies at these addresses/CIDRs. Fastify's own forms.
   */
  trustProxy?: ConfianzaProxy;
  /** Bearer token of GET /api/metricas (METRICS_TOKEN); without it the route answers 404. */
  metricsToken?: string | null;
};

export type ConfianzaProxy = boolean | number | string[];

export type ConfigOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login button: "Entrar con {label}". */
  label: string;
};

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
    databasePoolMax: conexionesDelPool(env.DATABASE_POOL_MAX),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || "Filà <no-responder@fila.local>",
    logLevel: env.LOG_LEVEL || "info",
    demo: argv.includes("--demo") || env.DEMO === "1" || env.DEMO === "true",
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
