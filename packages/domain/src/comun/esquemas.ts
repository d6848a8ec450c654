import { z } from "zod";
import { SI_NO } from "./si-no";

/**
 * Piezas de esquema compartidas por las entidades.
 *
 * Nada aquí usa `.transform()`: la API serializa las respuestas con `z.encode`, que
 * no admite transformaciones de un solo sentido. Para normalizar se usan `.trim()`,
 * `.toLowerCase()` u `.overwrite()`, que sí funcionan en ambos sentidos.
 */

export { SI_NO, type SiNo } from "./si-no";
export const SiNoSchema = z.enum(SI_NO);

/**
 * Booleano de la query string: `true`/`false` o `1`/`0` (sin distinguir mayúsculas), como
 * cualquier cliente lo adivinaría. Un códec en los dos sentidos: vale también para `z.encode`.
 */
export const booleanoQuery = (campo: string) =>
  z.stringbool({
    truthy: ["true", "1"],
    falsy: ["false", "0"],
    case: "insensitive",
    error: `${campo} es true o false (o 1 o 0)`,
  });

/** El mayor `integer` de PostgreSQL: ningún identificador ni contador pasa de aquí. */
export const ENTERO_MAX = 2_147_483_647;

/** Identificador de una fila ya guardada. */
export const IdSchema = z.int().positive().max(ENTERO_MAX);

/** Identificador propio de una entidad: 0 mientras aún no se ha guardado. */
export const IdEntidadSchema = z.int().nonnegative().default(0);

/** Referencia a otra entidad que puede no existir (pagador, pareja, padre…). */
export const IdReferenciaSchema = IdSchema.nullable().default(null);

/** Fecha de calendario `YYYY-MM-DD` (sin hora ni zona). */
export const FechaSchema = z.iso.date({ error: "Introduce una fecha válida (AAAA-MM-DD)" });

export const FechaOpcionalSchema = FechaSchema.nullable().default(null);

/** Hora `HH:mm` de 00:00 a 23:59; la cadena vacía significa «sin hora». */
export const HoraSchema = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, { error: "Introduce una hora válida (HH:mm)" });

export const ColorHexSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "Introduce un color válido (#rrggbb)" });

/**
 * Límite de cualquier importe en euros: cabe en céntimos en un `integer` de PostgreSQL
 * (2.147.483.647) con margen.
 */
export const EUROS_MAX = 10_000_000;

/** Importe en euros con como mucho dos decimales (la API habla en euros). */
export const EurosSchema = z
  .number({ error: "Introduce un importe válido" })
  .multipleOf(0.01, { error: "El importe no puede tener más de dos decimales" })
  .min(-EUROS_MAX, { error: "El importe es demasiado grande" })
  .max(EUROS_MAX, { error: "El importe es demasiado grande" });

export const EurosNoNegativoSchema = EurosSchema.min(0, {
  error: "El importe no puede ser negativo",
});

/** Texto libre corto (nombres, direcciones…), sin espacios en los extremos. */
export const textoCorto = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `No puede tener más de ${max} caracteres` });

/** Correo electrónico normalizado: sin espacios en los extremos y en minúsculas. */
export const MENSAJE_EMAIL_INVALIDO = "Introduce un correo electrónico válido";

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MENSAJE_EMAIL_INVALIDO }).max(254, { error: MENSAJE_EMAIL_INVALIDO }));

/** Correo electrónico o cadena vacía (p. ej. un socio menor sin correo). */
export const EmailOpcionalSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    // El mensaje va en cada opción: la unión informa de los fallos de la opción que
    // más se acercó, no siempre del suyo propio.
    z.union(
      [
        z.literal("", { error: MENSAJE_EMAIL_INVALIDO }),
        z.email({ error: MENSAJE_EMAIL_INVALIDO }).max(254, { error: MENSAJE_EMAIL_INVALIDO }),
      ],
      { error: MENSAJE_EMAIL_INVALIDO },
    ),
  );
