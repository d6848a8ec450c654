import { z } from "zod";
import { ENTERO_MAX, textoCorto } from "../comun/esquemas";
import { ActoSchema, INVITADOS_MAX } from "./acto.schema";
import { AcompananteSchema, DIETAS, DietasSchema, RecuentoDietasSchema } from "./cena";

/** Por qué un acto no admite inscribirse ni cancelar ahora (`motivoCierre`). */
export const MOTIVOS_CIERRE = ["cancelado", "celebrado", "cerrada"] as const;
export type MotivoCierre = (typeof MOTIVOS_CIERRE)[number];

/** Estado del cargo de una inscripción (tabla `pago`); null = acto gratuito o sin cargo. */
export const ESTADOS_PAGO_INSCRIPCION = ["pendiente", "pagado", "anulado", "devuelto"] as const;

/** `confirmada`: tiene plaza; `en_espera`: en la lista de espera del acto, sin plaza ni cargo. */
export const ESTADOS_INSCRIPCION = ["confirmada", "en_espera"] as const;
export type EstadoInscripcion = (typeof ESTADOS_INSCRIPCION)[number];

const TipoBadgeSchema = z.object({ id: z.int(), nombre: z.string(), color: z.string() });

/** Una inscripción tal como la devuelve la API (importe en euros). */
export const InscripcionSchema = z.object({
  id: z.int(),
  idActo: z.int(),
  idSocio: z.int(),
  socio: z.object({
    nombre: z.string(),
    apellidos: z.string(),
    tipo: TipoBadgeSchema.nullable(),
  }),
  invitados: z.int(),
  menu: z.string(),
  alergias: z.string(),
  importe: z.number(),
  asistio: z.boolean(),
  idPago: z.int().nullable(),
  /** Estado del cargo enlazado (`pendiente`, `pagado`, `anulado`…); null sin cargo. */
  estadoPago: z.string().nullable(),
  estado: z.enum(ESTADOS_INSCRIPCION),
  /** Puesto actual en la lista de espera (1 = la siguiente); null si está confirmada. */
  puestoEspera: z.int().positive().nullable(),
  /** Issue 50: dietas del socio y sus acompañantes con nombre. */
  dietas: z.array(z.enum(DIETAS)),
  acompanantes: z.array(AcompananteSchema),
  /** Socios con quienes pidió sentarse. */
  sentarCon: z.array(z.int()),
  /** Hasta cuándo (instante ISO) puede pagar antes de perder la plaza; null = sin plazo. */
  plazoPago: z.string().nullable(),
  idMesa: z.int().nullable(),
  /** Número de su mesa; null = sin sentar. */
  mesa: z.int().nullable(),
});
export type Inscripcion = z.infer<typeof InscripcionSchema>;

const SOCIO_NO_VALIDO = { error: "Elige un socio válido" };

/** Cuerpo de `POST /api/actos/:id/inscripciones`. */
export const InscripcionEntradaSchema = z.object({
  // Up to the largest id the database holds: enrolments that arrive together are read in one
  // query, where one value out of range would fail them all.
  idSocio: z.int(SOCIO_NO_VALIDO).positive(SOCIO_NO_VALIDO).max(ENTERO_MAX, SOCIO_NO_VALIDO),
  invitados: z
    .int({ error: "Los invitados son un número entero" })
    .min(0, { error: "Los invitados no pueden ser negativos" })
    .max(INVITADOS_MAX, { error: `Como mucho ${INVITADOS_MAX} invitados` })
    .default(0),
  menu: textoCorto(100).default(""),
  alergias: textoCorto(500).default(""),
  dietas: DietasSchema.default([]),
  /** Invitados con nombre: como mucho `invitados` (exactamente, en una cena con mesas). */
  acompanantes: z.array(AcompananteSchema).max(INVITADOS_MAX).default([]),
  /** Socios con quienes pide sentarse (cena con mesas). */
  sentarCon: z
    .array(z.int().positive().max(ENTERO_MAX))
    .max(20, { error: "Como mucho 20 socios" })
    .default([]),
});
export type InscripcionEntrada = z.output<typeof InscripcionEntradaSchema>;

/**
 * Cuerpo de `PATCH /api/actos/:id/inscripciones/:idInscripcion`: solo los campos que cambian
 * (al menos uno).
 */
export const InscripcionCambioSchema = z
  .object({
    invitados: InscripcionEntradaSchema.shape.invitados.unwrap().optional(),
    menu: textoCorto(100).optional(),
    alergias: textoCorto(500).optional(),
    dietas: DietasSchema.optional(),
    acompanantes: z.array(AcompananteSchema).max(INVITADOS_MAX).optional(),
    sentarCon: z.array(z.int().positive().max(ENTERO_MAX)).max(20).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    error: "Indica qué cambia: invitados, menú o alergias",
  });
export type InscripcionCambio = z.output<typeof InscripcionCambioSchema>;

/** Cuerpo de `PUT /api/actos/:id/inscripciones/:idInscripcion/asistencia`. */
export const AsistenciaSchema = z.object({
  asistio: z.boolean({ error: "Indica si asistió (true o false)" }),
});

/** Respuesta de `DELETE /api/actos/:id/inscripciones/:idInscripcion`. */
export const InscripcionCanceladaSchema = z.object({
  ok: z.literal(true),
  /**
   * Qué pasó con el cargo: sin cargo, anulado, ya pagado o en una remesa (se conserva), o
   * `pagado_en_parte`: se anula lo que quedaba y lo pagado se conserva (la junta lo devuelve).
   */
  cargo: z.enum(["sin_cargo", "anulado", "pagado", "en_remesa", "pagado_en_parte"]),
  mensaje: z.string(),
});
export type InscripcionCancelada = z.infer<typeof InscripcionCanceladaSchema>;

/** Un miembro de la familia (yo o alguien a quien pago) frente a un acto, en `GET /api/actos/mios`. */
export const FamiliarActoSchema = z.object({
  idSocio: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  /** true para el socio de la propia cuenta. */
  esYo: z.boolean(),
  inscrito: z.boolean(),
  idInscripcion: z.int().nullable(),
  /** Precio para su tipo de socio, en euros (sin invitados). */
  precio: z.number(),
  invitados: z.int(),
  menu: z.string(),
  alergias: z.string(),
  /** Importe de la inscripción (con invitados) en euros; 0 si no está inscrito. */
  importe: z.number(),
  idPago: z.int().nullable(),
  estadoPago: z.string().nullable(),
  /** `confirmada` o `en_espera`; null si no está inscrito. */
  estado: z.string().nullable(),
  puestoEspera: z.int().positive().nullable(),
  dietas: z.array(z.string()),
  acompanantes: z.array(AcompananteSchema),
  /** Fin del plazo para pagar (instante ISO); null = sin plazo. */
  plazoPago: z.string().nullable(),
  /** Cuándo abre su turno (instante ISO; el móvil cuenta atrás con su reloj); null = sin turnos. */
  turno: z.string().nullable(),
  /** Su mesa (número y código para que otros se unan); null = sin mesa. */
  mesa: z.object({ id: z.int(), numero: z.int(), codigo: z.string() }).nullable(),
});
export type FamiliarActo = z.infer<typeof FamiliarActoSchema>;

/** Un acto próximo para mí y los míos. */
export const MiActoSchema = ActoSchema.extend({
  /** Se puede inscribir o cancelar ahora (antes de la fecha máxima, no cancelado). */
  abierta: z.boolean(),
  /** Por qué no está abierta (en español); null si lo está. */
  /**
   * Por qué está cerrada, un código de `MOTIVOS_CIERRE` (cada cliente lo dice en su idioma); null
   * si está abierta. Texto en el contrato, como `estado`: un enum que admite null no cabe en
   * OpenAPI 3.0.
   */
  motivoCierre: z
    .string()
    .nullable()
    .describe(
      "cancelado, celebrado o cerrada (un código que la web traduce); null si está abierta",
    ),
  familia: z.array(FamiliarActoSchema),
});
export type MiActo = z.infer<typeof MiActoSchema>;

export const MisActosSchema = z.object({
  items: z.array(MiActoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type MisActos = z.infer<typeof MisActosSchema>;

/** Totales del listado de inscritos: solo las inscripciones confirmadas. */
export const TotalesInscritosSchema = z.object({
  /** Socios inscritos + invitados. */
  personas: z.int(),
  socios: z.int(),
  invitados: z.int(),
  /** Suma de importes, en euros. */
  importe: z.number(),
  porMenu: z.array(z.object({ menu: z.string(), personas: z.int() })),
  porTipoSocio: z.array(
    z.object({
      idTipoSocio: z.int().nullable(),
      nombre: z.string(),
      color: z.string(),
      socios: z.int(),
      invitados: z.int(),
    }),
  ),
});
export type TotalesInscritos = z.infer<typeof TotalesInscritosSchema>;

/**
 * `GET /api/actos/:id/inscripciones` (issue 51): sin `page` ni `pageSize` ni filtros, la lista
 * entera (confirmadas y después la lista de espera), como siempre; con cualquiera de ellos, una
 * página de `pageSize` (50 por defecto) de las que cumplen `estado` y `q` (cada palabra, un trozo
 * del nombre, apellidos, NIF, correo o matrícula sin tildes, como la lista de socios), en el mismo
 * orden. Los totales son siempre los del acto entero.
 */
export const ListadoInscritosQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: "La página empieza en 1" }).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .optional(),
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  estado: z
    .enum(ESTADOS_INSCRIPCION, { error: "El estado es «confirmada» o «en_espera»" })
    .optional(),
});
export type ListadoInscritosQuery = z.output<typeof ListadoInscritosQuerySchema>;

/** `GET /api/actos/:id/inscripciones`. */
export const ListadoInscritosSchema = z.object({
  acto: ActoSchema,
  /** La página pedida, o todas si no se pidió página. */
  items: z.array(InscripcionSchema),
  /** Cuántas cumplen los filtros (todas las del acto sin filtros). */
  total: z.int(),
  /** Solo cuando se pidió una página. */
  page: z.int().optional(),
  pageSize: z.int().optional(),
  totales: TotalesInscritosSchema,
});
export type ListadoInscritos = z.infer<typeof ListadoInscritosSchema>;

/** Una fila del ranking de puntos. */
export const PuntosSocioSchema = z.object({
  idSocio: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  puntos: z.int(),
});
export type PuntosSocio = z.infer<typeof PuntosSocioSchema>;

export const RankingPuntosSchema = z.object({
  /** null = clasificación total (todos los años). */
  anyo: z.int().nullable(),
  items: z.array(PuntosSocioSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type RankingPuntos = z.infer<typeof RankingPuntosSchema>;

const uno = z.coerce.number().int();
export const RankingPuntosQuerySchema = z.object({
  anyo: uno.min(1900, { error: "Introduce un año válido" }).max(9999).optional(),
  page: uno.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: uno
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
});

/** `GET /api/actos/puntos/mios`: mis puntos (socio enlazado a la cuenta). */
export const MisPuntosSchema = z.object({
  /** null si la cuenta no está enlazada a un socio. */
  idSocio: z.int().nullable(),
  anyo: z.int(),
  puntosAnyo: z.int(),
  puntosTotal: z.int(),
});
export type MisPuntos = z.infer<typeof MisPuntosSchema>;

/** Restauración: un acto próximo con recuentos por menú y alergias (solo nombres de pila). */
export const ActoRestauracionSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  fecha: z.string(),
  hora: z.string(),
  lugar: z.string(),
  /** Socios + invitados con plaza (confirmados). */
  personas: z.int(),
  porMenu: z.array(z.object({ menu: z.string(), personas: z.int() })),
  alergias: z.array(z.object({ nombre: z.string(), alergias: z.string() })),
  /** Socios + invitados en la lista de espera: aparte, no se cuentan arriba. */
  personasEnEspera: z.int(),
  /** Menús por dieta (issue 50) de los confirmados, en total y por mesa (`mesa` null = sin mesa). */
  dietas: RecuentoDietasSchema.extend({
    porMesa: z.array(RecuentoDietasSchema.extend({ mesa: z.int().nullable() })),
  }),
});
export type ActoRestauracion = z.infer<typeof ActoRestauracionSchema>;

export const RestauracionSchema = z.object({ items: z.array(ActoRestauracionSchema) });
export type Restauracion = z.infer<typeof RestauracionSchema>;

export const EnlaceRestauracionEntradaSchema = z.object({
  dias: z
    .int({ error: "Los días son un número entero" })
    .min(1, { error: "El enlace debe durar al menos 1 día" })
    .max(365, { error: "El enlace no puede durar más de 365 días" })
    .default(30),
});

export const EnlaceRestauracionSchema = z.object({
  id: z.int(),
  creadoEn: z.string(),
  expiraEn: z.string(),
  revocadoEn: z.string().nullable(),
  creadoPor: z.string(),
  activo: z.boolean(),
});
export type EnlaceRestauracion = z.infer<typeof EnlaceRestauracionSchema>;

/** Respuesta al crear un enlace: el token solo se ve esta vez. */
export const EnlaceRestauracionCreadoSchema = z.object({
  id: z.int(),
  token: z.string(),
  url: z.string(),
  expiraEn: z.string(),
});

/** `GET|POST /api/calendario/enlace`. */
export const EnlaceCalendarioSchema = z.object({ url: z.string() });
