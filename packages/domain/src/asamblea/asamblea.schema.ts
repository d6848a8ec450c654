import { z } from "zod";
import { ActoSchema } from "../actos/acto.schema";
import { IdSchema, textoCorto } from "../comun/esquemas";
import { MOTIVOS_FUERA_CENSO } from "./reglas";

export const CARACTERES_ASAMBLEA = ["ordinaria", "extraordinaria"] as const;
export const MODOS_VOTACION = ["secreta", "publica"] as const;
export const MAYORIAS = ["simple", "absoluta", "dos_tercios", "tres_cuartos"] as const;
export const BASES_MAYORIA = ["emitidos", "censo"] as const;
export const OPCIONES_VOTO = ["si", "no", "abstencion"] as const;
export const ESTADOS_PUNTO = ["pendiente", "abierta", "cerrada"] as const;

const FechaHoraSchema = z.iso.datetime({
  offset: true,
  error: "Introduce una fecha y hora válidas (ISO 8601)",
});

/** Las reglas de los estatutos (`GET/PUT /api/asociacion/asambleas`). */
export const ReglasAsambleaSchema = z.object({
  preavisoDias: z.int().min(0).max(365),
  quorumPrimera: z.number().min(0).max(1),
  edadMinima: z.int().min(0).max(120),
  antiguedadMinima: z.int().min(0).max(120),
  tiposSocio: z.array(IdSchema).max(100),
  excluirDeudores: z.boolean(),
  maxDelegaciones: z.int().min(0).max(100),
});

export const VotacionSchema = z.object({
  modo: z.enum(MODOS_VOTACION),
  mayoria: z.enum(MAYORIAS),
  base: z.enum(BASES_MAYORIA).default("emitidos"),
});

export const PuntoEntradaSchema = z.object({
  titulo: textoCorto(300).min(1, { error: "El título del punto es obligatorio" }),
  descripcion: z.string().max(10_000).default(""),
  votacion: VotacionSchema.nullable().default(null),
});

/** Alta de una asamblea para un acto. */
export const AsambleaEntradaSchema = z.object({
  idActo: IdSchema,
  caracter: z.enum(CARACTERES_ASAMBLEA),
  primeraConvocatoria: FechaHoraSchema,
  segundaConvocatoria: FechaHoraSchema.nullable().default(null),
  puntos: z.array(PuntoEntradaSchema).max(100).default([]),
});

/** Cambios de una asamblea (el acto no cambia; los puntos, solo antes de convocar). */
export const AsambleaCambioSchema = AsambleaEntradaSchema.omit({ idActo: true });

export const RecuentoSchema = z.object({
  si: z.int().nonnegative(),
  no: z.int().nonnegative(),
  abstencion: z.int().nonnegative(),
});

export const PuntoSchema = z.object({
  id: z.int(),
  orden: z.int(),
  titulo: z.string(),
  descripcion: z.string(),
  votacion: z
    .object({
      modo: z.enum(MODOS_VOTACION),
      mayoria: z.enum(MAYORIAS),
      base: z.enum(BASES_MAYORIA),
      estado: z.enum(ESTADOS_PUNTO),
    })
    .nullable(),
  /** Solo cuando la votación está cerrada (o para la junta). */
  resultado: z
    .object({
      recuento: RecuentoSchema,
      votantes: z.int(),
      aprobado: z.boolean(),
      necesarios: z.int(),
    })
    .nullable(),
});

export const AsambleaSchema = z.object({
  id: z.int(),
  idActo: z.int(),
  nombreActo: z.string(),
  fecha: z.string(),
  lugar: z.string(),
  caracter: z.enum(CARACTERES_ASAMBLEA),
  primeraConvocatoria: z.string(),
  segundaConvocatoria: z.string().nullable(),
  convocadaEn: z.string().nullable(),
  iniciadaEn: z.string().nullable(),
  puntos: z.array(PuntoSchema),
});

export const ConvocatoriaResultadoSchema = z.object({
  censo: z.int(),
  fuera: z.int(),
  porEmail: z.int(),
  porCarta: z.int(),
  porAlerta: z.int(),
  idEnvio: z.int().nullable(),
});

export const CensoFilaSchema = z.object({
  idSocio: z.int(),
  matricula: z.int().nullable(),
  nombre: z.string(),
  apellidos: z.string(),
  nif: z.string(),
  incluido: z.boolean(),
  motivo: z.enum([...MOTIVOS_FUERA_CENSO, ""]),
  manual: z.boolean(),
  porEmail: z.boolean(),
  porCarta: z.boolean(),
  porAlerta: z.boolean(),
});

export const CensoAsambleaSchema = z.object({
  convocadaEn: z.string(),
  incluidos: z.int(),
  items: z.array(CensoFilaSchema),
});

export const CensoManualSchema = z.object({ idSocio: IdSchema });

export const DelegacionEntradaSchema = z.object({
  idDelegante: IdSchema,
  idDelegado: IdSchema,
  /** Solo la junta: una delegación firmada en papel. */
  enPapel: z.boolean().default(false),
});

export const DelegacionSchema = z.object({
  id: z.int(),
  idDelegante: z.int(),
  nombreDelegante: z.string(),
  idDelegado: z.int(),
  nombreDelegado: z.string(),
  enPapel: z.boolean(),
  creadoEn: z.string(),
  revocadaEn: z.string().nullable(),
});
export const ListaDelegacionesSchema = z.object({ items: z.array(DelegacionSchema) });

export const AsistenteEntradaSchema = z.union([
  z.strictObject({ codigo: z.string().min(1).max(2000) }),
  z.strictObject({ idSocio: IdSchema }),
]);

export const AsistenteSchema = z.object({
  idSocio: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  nuevo: z.boolean(),
  /** Delegaciones suyas que ha recuperado al venir. */
  recupera: z.boolean(),
});

export const QuorumSchema = z.object({
  censo: z.int(),
  presentes: z.int(),
  representados: z.int(),
  quorum: z.int(),
  alcanzado: z.boolean(),
  convocatoria: z.enum(["primera", "segunda"]),
});

export const VotoEntradaSchema = z.object({
  opcion: z.enum(OPCIONES_VOTO),
  enNombreDe: IdSchema.optional(),
});

export const VotoResultadoSchema = z.object({ votado: z.literal(true) });

export const RecuentoPapelSchema = z.object({
  /** Los socios presentes que han votado en papel (o a mano alzada). */
  votantes: z.array(IdSchema).max(5000).default([]),
  si: z.int().nonnegative().max(100_000),
  no: z.int().nonnegative().max(100_000),
  abstencion: z.int().nonnegative().max(100_000),
});

/** La tarjeta de voto del socio: lo que hay abierto y por quién puede votar aún. */
export const MiVotacionSchema = z.object({
  idAsamblea: z.int(),
  /** The member whose card this is. */
  idSocio: z.int(),
  punto: z
    .object({
      id: z.int(),
      titulo: z.string(),
      modo: z.enum(MODOS_VOTACION),
      pendientes: z.array(z.object({ idSocio: z.int(), nombre: z.string(), propio: z.boolean() })),
    })
    .nullable(),
  presente: z.boolean(),
  enCenso: z.boolean(),
  delegadoEn: z.object({ idSocio: z.int(), nombre: z.string() }).nullable(),
});

export const ActaSchema = z.object({
  idAsamblea: z.int(),
  contenido: z.string(),
  aprobadaEn: z.string().nullable(),
  hash: z.string().nullable(),
});
export const ActaEntradaSchema = z.object({ contenido: z.string().max(500_000) });
export const AprobacionActaSchema = z.object({
  fecha: z.iso.date({ error: "Introduce una fecha válida (AAAA-MM-DD)" }),
});

export const LibroRegistroQuerySchema = z.object({
  formato: z.enum(["pdf", "xlsx"]).default("pdf"),
});

export type AsambleaEntrada = z.infer<typeof AsambleaEntradaSchema>;
export type AsambleaCambio = z.infer<typeof AsambleaCambioSchema>;
export type Asamblea = z.infer<typeof AsambleaSchema>;
export type PuntoAsamblea = z.infer<typeof PuntoSchema>;
export type Delegacion = z.infer<typeof DelegacionSchema>;
export type DelegacionEntrada = z.infer<typeof DelegacionEntradaSchema>;
export type Quorum = z.infer<typeof QuorumSchema>;
export type VotoEntrada = z.infer<typeof VotoEntradaSchema>;
export type RecuentoPapel = z.infer<typeof RecuentoPapelSchema>;
export type MiVotacion = z.infer<typeof MiVotacionSchema>;
export type Acta = z.infer<typeof ActaSchema>;
export type CensoFila = z.infer<typeof CensoFilaSchema>;
export type OpcionVoto = (typeof OPCIONES_VOTO)[number];

/** `GET /api/actos/:id`: the event with the id of its assembly (null if it has none). */
export const ActoConAsambleaSchema = ActoSchema.extend({ idAsamblea: z.int().nullable() });
