import { z } from "zod";
import { booleanoQuery, SI_NO } from "../comun/esquemas";
import { SEXOS, TIPOS_DERRAMA, TIPOS_PAGO, TIPOS_PAGO_RAMELL } from "./socio.schema";

/**
 * Lo que la API devuelve de un socio. Solo tipos, sin las comprobaciones de escritura (letra del
 * NIF, IBAN…): un dato antiguo que ya no las pase se sigue pudiendo leer y corregir.
 */
export const TipoSocioVistaSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  descripcion: z.string(),
  color: z.string(),
});

const fecha = z.string().nullable();
const ref = z.int().nullable();

/**
 * La ficha de un socio como la ve un socio (la suya o la de alguien a quien paga): sin
 * `comentarios`, las notas internas de la junta (issue 32). Solo las lleva la descarga de sus
 * propios datos (`/api/socios/yo/datos`, el derecho de acceso).
 */
export const SocioPropioVistaSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  direccion: z.string(),
  poblacion: z.string(),
  telefono: z.string(),
  email: z.string(),
  fechaNacimiento: fecha,
  nif: z.string(),
  anyoAlta: z.int(),
  tipo: TipoSocioVistaSchema.nullable(),
  tipoPago: z.enum(TIPOS_PAGO),
  idFormaPago: ref,
  fechaAlta: fecha,
  activo: z.boolean(),
  provincia: z.string(),
  codPostal: z.string(),
  matricula: z.int(),
  idPagador: ref,
  pagarDerrama: z.enum(SI_NO),
  tipoDerrama: z.enum(TIPOS_DERRAMA),
  anyoDerrama: z.int(),
  importeDerrama: z.number(),
  anyosPagoDerrama: z.int(),
  derramaAnual: z.number(),
  derramaPagada: z.number(),
  derramaPendiente: z.number(),
  idPareja: ref,
  nombreYerno: z.string(),
  ramell: z.enum(SI_NO),
  tipoPagoRamell: z.enum(TIPOS_PAGO_RAMELL),
  anyoRamell: z.int(),
  ramellPago1: z.number(),
  ramellPago2: z.number(),
  ramellPago3: z.number(),
  ramellPago4: z.number(),
  ramellPago5: z.number(),
  sexo: z.enum(SEXOS),
  iban: z.string(),
  bic: z.string(),
  mandatoId: z.string(),
  mandatoFecha: fecha,
  idPadre: ref,
  numDamas: z.int(),
  edadFestera: z.int(),
  imagen: z.string().nullable(),
  fechaBaja: fecha,
  motivoBaja: z.string(),
  /** Años cumplidos hoy; null sin fecha de nacimiento. */
  edad: z.int().nullable(),
  /**
   * «No quiero recibir envíos de la filà» (issue 36): lo decide el socio en Mis datos o con el
   * enlace de baja de un envío; la junta lo ve, pero no lo cambia.
   */
  noEnvios: z.boolean(),
});
export type SocioPropioVista = z.infer<typeof SocioPropioVistaSchema>;

/** La ficha como la ve la junta (administrador): con sus notas internas. */
export const SocioVistaSchema = SocioPropioVistaSchema.extend({ comentarios: z.string() });
export type SocioVista = z.infer<typeof SocioVistaSchema>;

export const SocioResumenSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  matricula: z.int(),
  tipo: TipoSocioVistaSchema.nullable(),
});
export type SocioResumen = z.infer<typeof SocioResumenSchema>;

export const FamiliaSocioSchema = z.object({
  pareja: SocioResumenSchema.nullable(),
  padre: SocioResumenSchema.nullable(),
  pagador: SocioResumenSchema.nullable(),
  hijos: z.array(SocioResumenSchema),
  pagaA: z.array(SocioResumenSchema),
});
export type FamiliaSocio = z.infer<typeof FamiliaSocioSchema>;

export const ORDENES_SOCIOS = [
  "apellidos",
  "nombre",
  "matricula",
  "fechaAlta",
  "fechaNacimiento",
  "edad",
  "anyoAlta",
  "edadFestera",
  "id",
] as const;
export type OrdenSocios = (typeof ORDENES_SOCIOS)[number];

const uno = z.coerce.number().int();

/** Filtros de la lista (y de la exportación): `?q&tipo&activo&sexo&edadMin&edadMax&grupo`. */
export const FiltrosSociosSchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  tipo: uno.positive({ error: "Elige un tipo de socio válido" }).optional(),
  activo: booleanoQuery("activo").optional(),
  sexo: z.enum(SEXOS, { error: `Elige una de estas opciones: ${SEXOS.join(", ")}` }).optional(),
  edadMin: uno.min(0, { error: "La edad no puede ser negativa" }).max(150).optional(),
  edadMax: uno.min(0, { error: "La edad no puede ser negativa" }).max(150).optional(),
  /** Con algún cargo suyo por cobrar (pendiente o devuelto), o sin ninguno (issue 51). */
  conDeuda: booleanoQuery("conDeuda").optional(),
  /** Los miembros (y el responsable) de un grupo o escuadra (issue 49). */
  grupo: uno
    .positive({ error: "Elige un grupo válido" })
    .max(2_147_483_647, { error: "Elige un grupo válido" })
    .optional(),
});
export type FiltrosSocios = z.output<typeof FiltrosSociosSchema>;

const ordenes = [...ORDENES_SOCIOS, ...ORDENES_SOCIOS.map((o) => `-${o}` as const)] as const;

export const ListaSociosQuerySchema = FiltrosSociosSchema.extend({
  page: uno.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: uno
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
  sort: z
    .enum(ordenes, {
      error: `Ordena por: ${ORDENES_SOCIOS.join(", ")} (con - delante para descendente)`,
    })
    .default("apellidos"),
});
export type ListaSociosQuery = z.output<typeof ListaSociosQuerySchema>;
