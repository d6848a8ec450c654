import { z } from "zod";
import type { Idioma } from "./mensajes.js";

/**
 * A field the request left out (a text, a number, one of a list): zod would say «Entrada
 * inválida: se esperaba texto, recibido undefined».
 */
const FALTA: Record<Idioma, string> = { es: "Falta este dato", va: "Falta aquesta dada" };

/** zod's own texts in each language (Valencian: zod's Catalan, the same written language). */
const LOCALES: Record<Idioma, () => { localeError: z.core.$ZodErrorMap }> = {
  es: z.locales.es,
  va: z.locales.ca,
};

/**
 * zod's messages in `idioma`, except a missing field, which says so plainly. The schemas' own
 * texts still win (they are the schema's error, above this map).
 */
export function erroresZodEn(idioma: Idioma): z.core.$ZodErrorMap {
  const propio = LOCALES[idioma]().localeError;
  return (issue) =>
    issue.input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_value")
      ? FALTA[idioma]
      : propio(issue);
}
