import { createCipheriv, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Redsys's signature (HMAC_SHA256_V1), with node:crypto: the terminal's key is diversified per
 * order (3DES-CBC of the order number, IV of zeros, zero padding), and that key signs the
 * base64 JSON of the parameters with HMAC-SHA256. The notification signs the same way; its
 * signature comes in URL-safe base64.
 */
export const VERSION_FIRMA = "HMAC_SHA256_V1";

/** The per-order key: 3DES-CBC (des-ede3-cbc) of the order with the decoded secret. */
export function clavePedido(claveSecreta: string, pedido: string): Buffer {
  const clave = Buffer.from(claveSecreta, "base64");
  const texto = Buffer.from(pedido, "utf8");
  const relleno = Buffer.alloc(Math.ceil(texto.length / 8) * 8 || 8);
  texto.copy(relleno);
  const cifrador = createCipheriv("des-ede3-cbc", clave, Buffer.alloc(8));
  cifrador.setAutoPadding(false);
  return Buffer.concat([cifrador.update(relleno), cifrador.final()]);
}

/** Standard base64 of HMAC-SHA256(per-order key, Ds_MerchantParameters). */
export function firmar(claveSecreta: string, pedido: string, parametros: string): string {
  return createHmac("sha256", clavePedido(claveSecreta, pedido))
    .update(parametros)
    .digest("base64");
}

export function codificarParametros(parametros: Record<string, string>): string {
  return Buffer.from(JSON.stringify(parametros), "utf8").toString("base64");
}

/** The parameters of a notification (base64, standard or URL-safe), or null when unreadable. */
export function decodificarParametros(parametros: string): Record<string, string> | null {
  try {
    const objeto: unknown = JSON.parse(Buffer.from(parametros, "base64").toString("utf8"));
    if (!objeto || typeof objeto !== "object" || Array.isArray(objeto)) return null;
    return Object.fromEntries(
      Object.entries(objeto as Record<string, unknown>).map(([k, v]) => [k, String(v ?? "")]),
    );
  } catch {
    return null;
  }
}

/** URL-safe base64 to standard, with its padding. */
function normalizar(firma: string): string {
  const estandar = firma.trim().replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  return estandar + "=".repeat((4 - (estandar.length % 4)) % 4);
}

/** Whether `recibida` signs `parametros` for `pedido`, compared in constant time. */
export function firmaValida(
  claveSecreta: string,
  pedido: string,
  parametros: string,
  recibida: string,
): boolean {
  const esperada = Buffer.from(firmar(claveSecreta, pedido, parametros), "utf8");
  const dada = Buffer.from(normalizar(recibida), "utf8");
  return esperada.length === dada.length && timingSafeEqual(esperada, dada);
}

/** A parameter of the notification, whatever the case the bank wrote its name in (Ds_Order, DS_ORDER). */
export function parametro(parametros: Record<string, string>, nombre: string): string {
  const buscado = nombre.toLowerCase();
  for (const [k, v] of Object.entries(parametros)) if (k.toLowerCase() === buscado) return v;
  return "";
}
