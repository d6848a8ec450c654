import { z } from "zod";
import {
  EmailOpcionalSchema,
  EurosNoNegativoSchema,
  FechaSchema,
  SI_NO,
  textoCorto,
} from "../comun/esquemas";
import { hoyIso } from "./edad";
import {
  BicSocioSchema,
  IbanSocioSchema,
  MandatoIdSchema,
  NifSocioSchema,
  SEXOS,
  TIPOS_DERRAMA,
  TIPOS_PAGO,
  TIPOS_PAGO_RAMELL,
} from "./socio.schema";

const elige = (opciones: readonly string[]) => ({
  error: `Elige una de estas opciones: ${opciones.join(", ")}`,
});

const obligatorio = (mensaje: string, max: number) =>
  z
    .string({ error: mensaje })
    .trim()
    .min(1, { error: mensaje })
    .max(max, { error: `No puede tener más de ${max} caracteres` });

const entero = (max = 1_000_000) =>
  z
    .int({ error: "Introduce un número entero" })
    .min(0, { error: "No puede ser negativo" })
    .max(max, { error: `No puede ser mayor que ${max}` });

const anyo = z
  .int({ error: "Introduce un año válido" })
  .min(0, { error: "Introduce un año válido" })
  .max(9999, { error: "Introduce un año válido" });

const referencia = z
  .int({ error: "Elige un socio válido" })
  .positive({ error: "Elige un socio válido" })
  .nullable();
const referenciaMaestro = z
  .int({ error: "Elige un valor de la lista" })
  .positive({ error: "Elige un valor de la lista" })
  .nullable();

const fecha = FechaSchema.nullable();
const fechaNacimiento = FechaSchema.refine((v) => v <= hoyIso(), {
  error: "La fecha de nacimiento no puede ser futura",
}).nullable();

/**
 * Campos que se escriben de un socio (SPEC §3 sin `id`, sin los derivados ni `imagen`, que se
 * sube aparte), más la baja. `tipo` es el id del tipo de socio o null. Sin valores por defecto:
 * de aquí salen el alta/sustitución completa (con defectos) y la modificación parcial.
 */
export const camposSocioEntrada = {
  nombre: obligatorio("El nombre es obligatorio", 100),
  apellidos: obligatorio("Los apellidos son obligatorios", 150),
  direccion: textoCorto(200),
  poblacion: textoCorto(100),
  telefono: textoCorto(30),
  email: EmailOpcionalSchema,
  fechaNacimiento,
  nif: NifSocioSchema,
  anyoAlta: anyo,
  tipo: referenciaMaestro,
  tipoPago: z.enum(TIPOS_PAGO, elige(TIPOS_PAGO)),
  idFormaPago: referenciaMaestro,
  fechaAlta: fecha,
  activo: z.boolean({ error: "Indica sí o no" }),
  provincia: textoCorto(100),
  codPostal: textoCorto(10),
  /** 0 o null: sin matrícula. */
  matricula: entero(99_999_999).nullable(),
  idPagador: referencia,
  pagarDerrama: z.enum(SI_NO, elige(SI_NO)),
  tipoDerrama: z.enum(TIPOS_DERRAMA, elige(TIPOS_DERRAMA)),
  anyoDerrama: anyo,
  importeDerrama: EurosNoNegativoSchema,
  anyosPagoDerrama: entero(100),
  idPareja: referencia,
  nombreYerno: textoCorto(200),
  ramell: z.enum(SI_NO, elige(SI_NO)),
  tipoPagoRamell: z.enum(TIPOS_PAGO_RAMELL, elige(TIPOS_PAGO_RAMELL)),
  anyoRamell: anyo,
  ramellPago1: EurosNoNegativoSchema,
  ramellPago2: EurosNoNegativoSchema,
  ramellPago3: EurosNoNegativoSchema,
  ramellPago4: EurosNoNegativoSchema,
  ramellPago5: EurosNoNegativoSchema,
  sexo: z.enum(SEXOS, elige(SEXOS)),
  comentarios: z.string().max(5000, { error: "No puede tener más de 5000 caracteres" }),
  iban: IbanSocioSchema,
  bic: BicSocioSchema,
  /** Mandato SEPA del socio como pagador: referencia y fecha de firma. */
  mandatoId: MandatoIdSchema,
  mandatoFecha: fecha,
  idPadre: referencia,
  numDamas: entero(1000),
  edadFestera: entero(150),
  fechaBaja: fecha,
  motivoBaja: textoCorto(500),
};

type Campos = typeof camposSocioEntrada;
type CampoConDefecto = Exclude<keyof Campos, "nombre" | "apellidos">;

/** Valores de un socio nuevo (SPEC §3): pagarDerrama 'si', tipoDerrama 'no aplica', ramell 'si'… */
export const DEFECTOS_SOCIO_ENTRADA: { [K in CampoConDefecto]: z.output<Campos[K]> } = {
  direccion: "",
  poblacion: "",
  telefono: "",
  email: "",
  fechaNacimiento: null,
  nif: "",
  anyoAlta: 0,
  tipo: null,
  tipoPago: "anual",
  idFormaPago: null,
  fechaAlta: null,
  activo: true,
  provincia: "",
  codPostal: "",
  matricula: null,
  idPagador: null,
  pagarDerrama: "si",
  tipoDerrama: "no aplica",
  anyoDerrama: 0,
  importeDerrama: 0,
  anyosPagoDerrama: 0,
  idPareja: null,
  nombreYerno: "",
  ramell: "si",
  tipoPagoRamell: "completo",
  anyoRamell: 0,
  ramellPago1: 0,
  ramellPago2: 0,
  ramellPago3: 0,
  ramellPago4: 0,
  ramellPago5: 0,
  sexo: "hombre",
  comentarios: "",
  iban: "",
  bic: "",
  mandatoId: "",
  mandatoFecha: null,
  idPadre: null,
  numDamas: 0,
  edadFestera: 0,
  fechaBaja: null,
  motivoBaja: "",
};

function conDefectos<S extends Record<string, z.ZodType>>(
  campos: S,
  defectos: Partial<Record<keyof S, unknown>>,
): S {
  const resultado: Record<string, z.ZodType> = {};
  for (const [clave, esquema] of Object.entries(campos)) {
    resultado[clave] =
      clave in defectos ? (esquema as z.ZodType).default(defectos[clave] as never) : esquema;
  }
  return resultado as S;
}

/** Alta o sustitución completa (POST, PUT): lo que falte toma su valor por defecto. */
export const SocioEntradaSchema = z.object(conDefectos(camposSocioEntrada, DEFECTOS_SOCIO_ENTRADA));
export type SocioEntrada = z.output<typeof SocioEntradaSchema>;

/** Modificación parcial (PATCH): solo cambian los campos enviados. */
export const SocioCambiosSchema = z.object(camposSocioEntrada).partial();
export type SocioCambios = z.output<typeof SocioCambiosSchema>;

/**
 * Ficha propia (`PATCH /api/socios/yo`): cualquier otro campo enviado se ignora (no se
 * rechaza), así un formulario que manda la ficha entera no falla, pero no cambia nada más.
 */
export const SocioPropioCambiosSchema = z
  .object({
    direccion: camposSocioEntrada.direccion,
    poblacion: camposSocioEntrada.poblacion,
    provincia: camposSocioEntrada.provincia,
    codPostal: camposSocioEntrada.codPostal,
    telefono: camposSocioEntrada.telefono,
    email: camposSocioEntrada.email,
    iban: camposSocioEntrada.iban,
    bic: camposSocioEntrada.bic,
    /** «No quiero recibir envíos de la filà»: solo lo cambia el propio socio. */
    noEnvios: z.boolean({ error: "Indica sí o no" }),
  })
  .partial();
export type SocioPropioCambios = z.output<typeof SocioPropioCambiosSchema>;
