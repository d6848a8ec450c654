import { z } from "zod";
import { COLOR_POR_DEFECTO } from "../color/luma";
import {
  ColorHexSchema,
  EmailOpcionalSchema,
  EurosNoNegativoSchema,
  EurosSchema,
  FechaOpcionalSchema,
  IdEntidadSchema,
  IdReferenciaSchema,
  SiNoSchema,
  textoCorto,
} from "../comun/esquemas";
import { esTextoSepa, MAX_SEPA } from "../sepa/texto-sepa";
import { esBicValido, esIbanValido, normalizarBic, normalizarIban } from "../validacion/iban";
import { esDocumentoValido } from "../validacion/nif";

export const TIPOS_PAGO = ["anual", "semestral", "trimestral", "mensual"] as const;
export type TipoPago = (typeof TIPOS_PAGO)[number];
export const TipoPagoSchema = z.enum(TIPOS_PAGO);

export const TIPOS_DERRAMA = ["no aplica", "completa", "reducida"] as const;
export type TipoDerrama = (typeof TIPOS_DERRAMA)[number];
export const TipoDerramaSchema = z.enum(TIPOS_DERRAMA);

export const TIPOS_PAGO_RAMELL = ["completo", "fraccionado"] as const;
export type TipoPagoRamell = (typeof TIPOS_PAGO_RAMELL)[number];
export const TipoPagoRamellSchema = z.enum(TIPOS_PAGO_RAMELL);

export const SEXOS = ["hombre", "mujer"] as const;
export type Sexo = (typeof SEXOS)[number];
export const SexoSchema = z.enum(SEXOS);

export const MENSAJE_NIF_INVALIDO = "El NIF o NIE no es válido";
export const MENSAJE_IBAN_INVALIDO = "El IBAN no es válido";
export const MENSAJE_BIC_INVALIDO = "El BIC no es válido";

export const TipoSocioSchema = z.object({
  id: IdEntidadSchema,
  nombre: textoCorto(100).min(1, { error: "El nombre es obligatorio" }),
  descripcion: textoCorto(500).default(""),
  color: ColorHexSchema.default(COLOR_POR_DEFECTO),
});
export type TipoSocio = z.infer<typeof TipoSocioSchema>;

const AnyoSchema = z.int().min(0).max(9999).default(0);

/** NIF o NIE de la persona, en mayúsculas; vacío si no tiene (p. ej. un menor). */
export const NifSocioSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || esDocumentoValido(v), { error: MENSAJE_NIF_INVALIDO });

/** IBAN sin espacios y en mayúsculas; vacío si no domicilia. */
export const IbanSocioSchema = z
  .string()
  .overwrite(normalizarIban)
  .refine((v) => v === "" || esIbanValido(v), { error: MENSAJE_IBAN_INVALIDO });

export const BicSocioSchema = z
  .string()
  .overwrite(normalizarBic)
  .refine((v) => v === "" || esBicValido(v), { error: MENSAJE_BIC_INVALIDO });

export const MENSAJE_MANDATO_INVALIDO =
  "La referencia del mandato tiene como mucho 35 caracteres: letras sin tilde, números y / - ? : ( ) . , ' +";

/** Referencia del mandato SEPA (juego de caracteres SEPA, ≤35); vacío si no hay mandato. */
export const MandatoIdSchema = z
  .string()
  .trim()
  .refine((v) => esTextoSepa(v, MAX_SEPA.id), { error: MENSAJE_MANDATO_INVALIDO });

/** Socio (festero) con los campos de SPEC §3 en su orden, más la baja. */
export const SocioSchema = z.object({
  id: IdEntidadSchema,
  nombre: textoCorto(100).default(""),
  apellidos: textoCorto(150).default(""),
  direccion: textoCorto(200).default(""),
  poblacion: textoCorto(100).default(""),
  telefono: textoCorto(30).default(""),
  email: EmailOpcionalSchema.default(""),
  fechaNacimiento: FechaOpcionalSchema,
  nif: NifSocioSchema.default(""),
  anyoAlta: AnyoSchema,
  tipo: TipoSocioSchema.nullable().default(null),
  tipoPago: TipoPagoSchema.default("anual"),
  idFormaPago: IdReferenciaSchema,
  fechaAlta: FechaOpcionalSchema,
  activo: z.boolean().default(true),
  provincia: textoCorto(100).default(""),
  codPostal: textoCorto(10).default(""),
  matricula: z.int().nonnegative().default(0),
  idPagador: IdReferenciaSchema,
  pagarDerrama: SiNoSchema.default("si"),
  tipoDerrama: TipoDerramaSchema.default("no aplica"),
  anyoDerrama: AnyoSchema,
  importeDerrama: EurosNoNegativoSchema.default(0),
  anyosPagoDerrama: z.int().min(0).max(100).default(0),
  derramaAnual: EurosSchema.default(0),
  derramaPagada: EurosSchema.default(0),
  derramaPendiente: EurosSchema.default(0),
  idPareja: IdReferenciaSchema,
  nombreYerno: textoCorto(200).default(""),
  ramell: SiNoSchema.default("si"),
  tipoPagoRamell: TipoPagoRamellSchema.default("completo"),
  anyoRamell: AnyoSchema,
  ramellPago1: EurosNoNegativoSchema.default(0),
  ramellPago2: EurosNoNegativoSchema.default(0),
  ramellPago3: EurosNoNegativoSchema.default(0),
  ramellPago4: EurosNoNegativoSchema.default(0),
  ramellPago5: EurosNoNegativoSchema.default(0),
  sexo: SexoSchema.default("hombre"),
  comentarios: z.string().max(5000).default(""),
  iban: IbanSocioSchema.default(""),
  bic: BicSocioSchema.default(""),
  mandatoId: MandatoIdSchema.default(""),
  mandatoFecha: FechaOpcionalSchema,
  idPadre: IdReferenciaSchema,
  numDamas: z.int().nonnegative().default(0),
  edadFestera: z.int().nonnegative().default(0),
  imagen: z.string().nullable().default(null),
  fechaBaja: FechaOpcionalSchema,
  motivoBaja: textoCorto(500).default(""),
});
export type Socio = z.infer<typeof SocioSchema>;

export function socioPorDefecto(): Socio {
  return SocioSchema.parse({});
}
