import type { FastifyReply } from "fastify";

/** A generated file the API hands over as a download (exports, receipts, remittances). */
export type FicheroDescarga = { nombre: string; tipo: string; contenido: Buffer | string };

/**
 * Sends `fichero` as an attachment that no cache keeps (`private` for files about one person,
 * such as a receipt, so no shared cache stores them either).
 */
export function enviarDescarga(
  reply: FastifyReply,
  { nombre, tipo, contenido }: FicheroDescarga,
  { privado = false }: { privado?: boolean } = {},
) {
  return reply
    .header("Content-Type", tipo)
    .header("Content-Disposition", `attachment; filename="${nombre}"`)
    .header("Cache-Control", privado ? "private, no-store" : "no-store")
    .send(contenido);
}
