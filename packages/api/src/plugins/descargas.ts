import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * A generated file the API hands over as a download (exports, receipts, remittances); a stream
 * for the long ones, sent as it is written.
 */
export type FicheroDescarga = {
  nombre: string;
  tipo: string;
  contenido: Buffer | string | Readable;
};

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
