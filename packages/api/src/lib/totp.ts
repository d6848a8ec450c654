import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** What every authenticator app reads: SHA-1, 6 digits, 30 s. */
const PERIODO = 30;
const DIGITOS = 6;
export const NUM_CODIGOS_RECUPERACION = 10;
const ALFABETO_RECUPERACION = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function totp(secreto: string, emisor = "Filà", etiqueta = ""): TOTP {
  return new TOTP({
    issuer: emisor,
    label: etiqueta,
    algorithm: "SHA1",
    digits: DIGITOS,
    period: PERIODO,
    secret: Secret.fromBase32(secreto),
  });
}

/** A new secret of 160 random bits, in base32. */
export function nuevoSecretoTotp(): string {
  return new Secret({ size: 20 }).base32;
}

export function urlOtpauth(secreto: string, emisor: string, etiqueta: string): string {
  return totp(secreto, emisor, etiqueta).toString();
}

export function esCodigoTotp(codigo: string): boolean {
  return /^\d{6}$/.test(codigo.replace(/\s+/g, ""));
}

/**
 * The time step the code belongs to when it is valid now, one step before or one after;
 * null otherwise. The caller keeps the last step accepted, so a code is accepted once.
 */
export function pasoDelCodigo(secreto: string, codigo: string, ahora = Date.now()): number | null {
  const delta = totp(secreto).validate({
    token: codigo.replace(/\s+/g, ""),
    timestamp: ahora,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIODO, timestamp: ahora }) + delta;
}

/** The code of a given moment (tests and the demo compute codes like an authenticator app). */
export function codigoTotp(secreto: string, ahora = Date.now()): string {
  return totp(secreto).generate({ timestamp: ahora });
}

/** Ten codes like «K7M2Q-9XHPA» (50 random bits each). */
export function nuevosCodigosRecuperacion(): string[] {
  return Array.from({ length: NUM_CODIGOS_RECUPERACION }, () => {
    let codigo = "";
    for (let i = 0; i < 10; i++) codigo += ALFABETO_RECUPERACION[randomInt(32)];
    return `${codigo.slice(0, 5)}-${codigo.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function normalizarCodigoRecuperacion(codigo: string): string {
  return codigo.toUpperCase().replace(/[\s-]+/g, "");
}

/**
 * How recovery codes were hashed before issue 32 (one unsalted SHA-256 for every account): still
 * accepted for the codes given then, until the account gets new ones.
 */
export function hashCodigoRecuperacionAntiguo(codigo: string): string {
  return createHash("sha256")
    .update(`totp-recuperacion:${normalizarCodigoRecuperacion(codigo)}`)
    .digest("hex");
}
