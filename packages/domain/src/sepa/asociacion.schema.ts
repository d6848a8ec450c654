import { z } from "zod";
import { EmailOpcionalSchema, textoCorto } from "../comun/esquemas";
import { esBicValido, esIbanValido, normalizarBic, normalizarIban } from "../validacion/iban";
import { esCifValido, esDocumentoValido } from "../validacion/nif";

/** Datos de la asociación para las remesas SEPA y los recibos. */

export const AsociacionEntradaSchema = z.object({
  nombre: z
    .string({ error: "El nombre es obligatorio" })
    .trim()
    .min(1, { error: "El nombre es obligatorio" })
    .max(70, { error: "No puede tener más de 70 caracteres" }),
  cif: z
    .string({ error: "El CIF es obligatorio" })
    .trim()
    .toUpperCase()
    .refine((v) => esCifValido(v) || esDocumentoValido(v), {
      error: "Introduce un CIF o NIF válido",
    }),
  direccion: textoCorto(200).default(""),
  poblacion: textoCorto(100).default(""),
  codPostal: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, { error: "El código postal tiene 5 dígitos" })
    .default(""),
  provincia: textoCorto(100).default(""),
  telefono: textoCorto(30).default(""),
  email: EmailOpcionalSchema.default(""),
  iban: z
    .string({ error: "Introduce un IBAN válido" })
    .trim()
    .overwrite(normalizarIban)
    .refine(esIbanValido, { error: "Introduce un IBAN válido" }),
  bic: z
    .string()
    .trim()
    .overwrite(normalizarBic)
    .refine((v) => v === "" || esBicValido(v), {
      error: "Introduce un BIC válido (8 u 11 caracteres)",
    })
    .default(""),
  sufijoAcreedor: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{3}$/, { error: "El sufijo son 3 letras o números (normalmente 000)" })
    .default("000"),
  /** Name under the home-screen icon of the installed app; omitted = unchanged. */
  nombreCorto: textoCorto(12).optional(),
  /** Colour of the installed app (manifest theme/background); omitted = unchanged. */
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, { error: "El color es un código como #c92a2a" })
    .optional(),
});
export type AsociacionEntrada = z.infer<typeof AsociacionEntradaSchema>;

export const AsociacionSchema = z.object({
  nombre: z.string(),
  cif: z.string(),
  direccion: z.string(),
  poblacion: z.string(),
  codPostal: z.string(),
  provincia: z.string(),
  telefono: z.string(),
  email: z.string(),
  iban: z.string(),
  bic: z.string(),
  sufijoAcreedor: z.string(),
  /** Calculado a partir del CIF y el sufijo; vacío si el CIF no sirve. */
  identificadorAcreedor: z.string(),
  nombreCorto: z.string(),
  color: z.string(),
});
export type Asociacion = z.infer<typeof AsociacionSchema>;
