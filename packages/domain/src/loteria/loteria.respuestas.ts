import { z } from "zod";
import { booleanoQuery, EmailOpcionalSchema, IdSchema, textoCorto } from "../comun/esquemas";
import { EstadoPagoSchema } from "../pagos/pago.schema";
import { ESTADOS_PARTICIPACION, PremioParticipacionSchema } from "./loteria.schema";

/**
 * Lo que responde la API de la lotería (issue 46, docs/CONTRATO-LOTERIA.md) y las consultas de
 * sus listas. Importes en euros.
 */

const entero = z.coerce.number().int();
const pagina = {
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
};
const formato = z.enum(["xlsx", "csv"], { error: "El formato es xlsx o csv" }).default("xlsx");

const lista = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });

export const ContadoresLoteriaSchema = z.object({
  decimos: z.int(),
  cubiertas: z.int(),
  emitidas: z.int(),
  asignadas: z.int(),
  vendidas: z.int(),
  devueltas: z.int(),
  anuladas: z.int(),
  digitales: z.int(),
  disponibles: z.int(),
  importeLiquidado: z.number(),
  importeJugadoLiquidado: z.number(),
  donativos: z.number(),
  importePendiente: z.number(),
  importeCobrado: z.number(),
  premiosTotal: z.number(),
  premiosPagados: z.number(),
});
export type ContadoresLoteria = z.infer<typeof ContadoresLoteriaSchema>;

export const LoteriaSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  sorteo: z.string(),
  fechaSorteo: z.string(),
  fechaLimiteDevolucion: z.string(),
  precioDecimo: z.number(),
  importeJugado: z.number(),
  donativo: z.number(),
  /** Importe jugado + donativo: lo que paga quien compra una participación. */
  precio: z.number(),
  autorizacionRecargo: z.string(),
  idProducto: z.int(),
  numeros: z.array(
    z.object({
      numero: z.string(),
      decimos: z.int(),
      cubiertas: z.int(),
      premioDecimo: z.number().nullable(),
    }),
  ),
  premiosAnotados: z.boolean(),
  plazoAbierto: z.boolean(),
  liquidacionAutomatica: z.string().nullable(),
  contadores: ContadoresLoteriaSchema,
});
export type Loteria = z.infer<typeof LoteriaSchema>;
export const ListaLoteriasSchema = lista(LoteriaSchema);
export type ListaLoterias = z.infer<typeof ListaLoteriasSchema>;

export const ListaLoteriasQuerySchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  ...pagina,
});
export type ListaLoteriasQuery = z.output<typeof ListaLoteriasQuerySchema>;
/** `GET /api/loterias/export`: las loterías que encuentra `q`, todas, en un fichero. */
export const ExportLoteriasQuerySchema = z.object({
  q: ListaLoteriasQuerySchema.shape.q,
  formato,
});
export type ExportLoteriasQuery = z.output<typeof ExportLoteriasQuerySchema>;

export const ESTADOS_TALONARIO = ["pendiente", "liquidado"] as const;
export const LIQUIDADO_POR = ["titular", "junta", "trabajo"] as const;

export const TalonarioSchema = z.object({
  id: z.int(),
  idLoteria: z.int(),
  serieDesde: z.int(),
  serieHasta: z.int(),
  participaciones: z.int(),
  socio: z.object({ id: z.int(), nombre: z.string(), apellidos: z.string() }).nullable(),
  estado: z.enum(ESTADOS_TALONARIO),
  /** `titular`, `junta` o `trabajo` (null sin liquidar): texto, un enum con null no cabe en OpenAPI 3.0. */
  liquidadoPor: z
    .string()
    .nullable()
    .describe(`Quién lo liquidó: ${LIQUIDADO_POR.join(", ")}; null sin liquidar`),
  liquidadoEn: z.string().nullable(),
  vendidas: z.int(),
  devueltas: z.int(),
  anuladas: z.int(),
  digitales: z.int(),
  importeJugado: z.number(),
  donativo: z.number(),
  total: z.number(),
  cargo: z.object({ id: z.int(), estado: EstadoPagoSchema, importe: z.number() }).nullable(),
});
export type Talonario = z.infer<typeof TalonarioSchema>;
export const ListaTalonariosSchema = lista(TalonarioSchema);
export type ListaTalonarios = z.infer<typeof ListaTalonariosSchema>;
export const TalonariosCreadosSchema = z.object({ items: z.array(TalonarioSchema) });

const filtrosTalonarios = {
  estado: z.enum(ESTADOS_TALONARIO, { error: "El estado es pendiente o liquidado" }).optional(),
  idSocio: entero.positive({ error: "El id del socio no es válido" }).max(2_147_483_647).optional(),
  /** Nombre o apellidos del titular. */
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
};
export const ListaTalonariosQuerySchema = z.object({ ...filtrosTalonarios, ...pagina });
export type ListaTalonariosQuery = z.output<typeof ListaTalonariosQuerySchema>;
export const ExportTalonariosQuerySchema = z.object({ ...filtrosTalonarios, formato });
export type ExportTalonariosQuery = z.output<typeof ExportTalonariosQuerySchema>;

/** `PUT /api/loterias/:id/talonarios/:idTalonario`: a quién se asigna (null: la junta). */
export const AsignacionTalonarioSchema = z.object({ idSocio: IdSchema.nullable() });
export type AsignacionTalonario = z.output<typeof AsignacionTalonarioSchema>;

/** El comprador de una participación digital. */
export const CompradorSchema = z.object({
  nombre: textoCorto(200).min(1, { error: "Indica el nombre del comprador" }),
  email: EmailOpcionalSchema.default(""),
  telefono: textoCorto(30).default(""),
});
export type Comprador = z.output<typeof CompradorSchema>;

/** `POST /api/loterias/:id/participaciones`: una participación digital. */
export const ParticipacionDigitalEntradaSchema = z.object({
  comprador: CompradorSchema,
  /** El talonario del que sale; sin él, el primero sin liquidar de quien la emite. */
  idTalonario: IdSchema.optional(),
});
export type ParticipacionDigitalEntrada = z.output<typeof ParticipacionDigitalEntradaSchema>;

export const ParticipacionSchema = z.object({
  id: z.int(),
  serie: z.int(),
  idTalonario: z.int(),
  estado: z.enum(ESTADOS_PARTICIPACION),
  digital: z.boolean(),
  comprador: z.object({ nombre: z.string(), email: z.string(), telefono: z.string() }).nullable(),
  motivoAnulacion: z.string(),
  /** El código firmado de su QR (la verificación pública). */
  codigo: z.string(),
  premio: PremioParticipacionSchema.nullable(),
  premioPagadoEn: z.string().nullable(),
});
export type Participacion = z.infer<typeof ParticipacionSchema>;
export const ListaParticipacionesSchema = lista(ParticipacionSchema);
export type ListaParticipaciones = z.infer<typeof ListaParticipacionesSchema>;

const filtrosParticipaciones = {
  estado: z
    .enum(ESTADOS_PARTICIPACION, { error: "El estado es valida, anulada o devuelta" })
    .optional(),
  digital: booleanoQuery("digital").optional(),
  /** Solo las que tienen premio (válidas, con premios anotados). */
  premiadas: booleanoQuery("premiadas").optional(),
  /** Solo las de premio ya pagado (true) o sin pagar (false). */
  pagadas: booleanoQuery("pagadas").optional(),
};
export const ListaParticipacionesQuerySchema = z.object({ ...filtrosParticipaciones, ...pagina });
export type ListaParticipacionesQuery = z.output<typeof ListaParticipacionesQuerySchema>;
export const ExportParticipacionesQuerySchema = z.object({ ...filtrosParticipaciones, formato });
export type ExportParticipacionesQuery = z.output<typeof ExportParticipacionesQuerySchema>;

/** Lo que responde el pago de un premio. */
export const PagoPremioSchema = z.object({
  serie: z.int(),
  bruto: z.number(),
  retencion: z.number(),
  neto: z.number(),
  pagadoEn: z.string(),
});
export type PagoPremio = z.infer<typeof PagoPremioSchema>;

/** Un talonario en «mis talonarios», con su lotería y sus participaciones digitales. */
export const MiTalonarioSchema = TalonarioSchema.extend({
  loteria: z.object({
    id: z.int(),
    nombre: z.string(),
    sorteo: z.string(),
    fechaSorteo: z.string(),
    fechaLimiteDevolucion: z.string(),
    precio: z.number(),
    importeJugado: z.number(),
    donativo: z.number(),
    plazoAbierto: z.boolean(),
  }),
  /** Sus participaciones digitales (`digitales` es cuántas). */
  participacionesDigitales: z.array(
    z.object({ serie: z.int(), codigo: z.string(), comprador: z.object({ nombre: z.string() }) }),
  ),
});
export type MiTalonario = z.infer<typeof MiTalonarioSchema>;
export const MisTalonariosSchema = lista(MiTalonarioSchema);
export type MisTalonarios = z.infer<typeof MisTalonariosSchema>;
export const MisTalonariosQuerySchema = z.object(pagina);
export type MisTalonariosQuery = z.output<typeof MisTalonariosQuerySchema>;

/** Un código de participación en la ruta (firmado; uno alterado es 404). */
export const CodigoParticipacionSchema = z.string().max(200, { error: "El código no es válido" });
