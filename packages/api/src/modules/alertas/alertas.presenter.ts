import type { Idioma } from "@fila/domain";
import { z } from "zod";
import type { FilaAlerta, FilaAlertaMia } from "./alertas.repository.js";

export const AlertaSchema = z.object({
  id: z.int(),
  titulo: z.string(),
  mensaje: z.string(),
  imagen: z.string(),
  enlace: z.string(),
  destino: z.record(z.string(), z.unknown()),
  email: z.boolean(),
  creadaEn: z.string(),
  destinatarios: z.int(),
  leidas: z.int(),
  /** The alert in Valencian ("" = only Spanish). */
  tituloVa: z.string(),
  mensajeVa: z.string(),
});
export type AlertaVista = z.infer<typeof AlertaSchema>;

export const AlertaMiaSchema = z.object({
  id: z.int(),
  titulo: z.string(),
  mensaje: z.string(),
  imagen: z.string(),
  enlace: z.string(),
  creadaEn: z.string(),
  leida: z.boolean(),
  leidaEn: z.string().nullable(),
});
export type AlertaMiaVista = z.infer<typeof AlertaMiaSchema>;

/** Administrators' view: who it went to and how many read it (never who the author is by id). */
export function presentarAlerta(fila: FilaAlerta): AlertaVista {
  return {
    id: fila.id,
    titulo: fila.titulo,
    mensaje: fila.mensaje,
    imagen: fila.imagen,
    enlace: fila.enlace,
    destino: (fila.destino ?? {}) as Record<string, unknown>,
    email: fila.porEmail,
    creadaEn: fila.creadaEn.toISOString(),
    destinatarios: fila.destinatarios,
    leidas: fila.leidas,
    tituloVa: fila.tituloVa,
    mensajeVa: fila.mensajeVa,
  };
}

/** The alert's text in a language: Valencian when written, Spanish otherwise (issue 38). */
export function textoAlerta(
  fila: { titulo: string; mensaje: string; tituloVa: string; mensajeVa: string },
  idioma: Idioma,
): { titulo: string; mensaje: string } {
  if (idioma === "va" && fila.tituloVa.trim() !== "") {
    return { titulo: fila.tituloVa, mensaje: fila.mensajeVa };
  }
  return { titulo: fila.titulo, mensaje: fila.mensaje };
}

/**
 * A recipient's view: the message (in their language) and its own read state, nothing about
 * other recipients.
 */
export function presentarAlertaMia(fila: FilaAlertaMia, idioma: Idioma = "es"): AlertaMiaVista {
  return {
    id: fila.id,
    ...textoAlerta(fila, idioma),
    imagen: fila.imagen,
    enlace: fila.enlace,
    creadaEn: fila.creadaEn.toISOString(),
    leida: fila.leidaEn !== null,
    leidaEn: fila.leidaEn ? fila.leidaEn.toISOString() : null,
  };
}
