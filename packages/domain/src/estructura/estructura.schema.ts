import { z } from "zod";
import { booleanoQuery, FechaSchema, IdSchema, textoCorto } from "../comun/esquemas";

/** Año festero: el año natural de las fiestas. */
export const AnyoFestivoSchema = z
  .int({ error: "El año es un número entero" })
  .min(1900, { error: "El año no es válido" })
  .max(2999, { error: "El año no es válido" });

export const AnyoFestivoQuerySchema = z.coerce
  .number({ error: "El año es un número entero" })
  .pipe(AnyoFestivoSchema);

export const CLASES_GRUPO = ["escuadra", "junta", "comision", "otro"] as const;
export type ClaseGrupo = (typeof CLASES_GRUPO)[number];
/** Las clases de grupo que se gestionan en /api/grupos (las escuadras, en /api/escuadras). */
export const CLASES_GRUPO_LIBRE = ["junta", "comision", "otro"] as const;
export const TIPOS_ESCUADRA = ["ordinaria", "especial"] as const;

/** Un desfile: clave corta (`entrada`, `diana`, `procesion`…). */
export const DesfileSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/, { error: "El desfile es una clave corta (p. ej. entrada)" });

/** Un miembro de un grupo, tal como se presenta. */
export const MiembroGrupoSchema = z.object({
  idSocio: IdSchema,
  nombre: z.string(),
  apellidos: z.string(),
  matricula: z.int().nullable(),
  rol: z.string(),
  esCabo: z.boolean(),
});
export type MiembroGrupo = z.infer<typeof MiembroGrupoSchema>;

export const GrupoSchema = z.object({
  id: IdSchema,
  clase: z.enum(CLASES_GRUPO),
  anyo: z.int().nullable(),
  nombre: z.string(),
  /** Solo escuadras: `ordinaria` o `especial`; null en los demás grupos. */
  tipo: z.string().nullable(),
  traje: z.string(),
  banda: z.string(),
  descripcion: z.string(),
  idResponsable: IdSchema.nullable(),
  responsable: z.string().nullable(),
  orden: z.int(),
  activo: z.boolean(),
  /** Solo escuadras: el socio que es su cabo este año. */
  idCabo: IdSchema.nullable(),
  /** Solo escuadras: su puesto en cada desfile (clave del desfile → puesto, 1 abre). */
  desfiles: z.record(z.string(), z.int()),
  miembros: z.array(MiembroGrupoSchema),
});
export type Grupo = z.infer<typeof GrupoSchema>;

export const ListaGruposSchema = z.object({ items: z.array(GrupoSchema) });
export type ListaGrupos = z.infer<typeof ListaGruposSchema>;

export const EscuadraEntradaSchema = z.strictObject({
  anyo: AnyoFestivoSchema,
  nombre: textoCorto(120).min(1, { error: "El nombre es obligatorio" }),
  tipo: z.enum(TIPOS_ESCUADRA, { error: "El tipo es ordinaria o especial" }).default("ordinaria"),
  traje: textoCorto(200).default(""),
  banda: textoCorto(200).default(""),
  descripcion: textoCorto(2000).default(""),
  orden: z.int().min(0).max(10_000).default(0),
});
export type EscuadraEntrada = z.infer<typeof EscuadraEntradaSchema>;

/** Modificar una escuadra: su año no cambia (sus miembros y su cabo son de ese año). */
export const EscuadraCambioSchema = EscuadraEntradaSchema.omit({ anyo: true });
export type EscuadraCambio = z.infer<typeof EscuadraCambioSchema>;

export const GrupoEntradaSchema = z.strictObject({
  clase: z.enum(CLASES_GRUPO_LIBRE, { error: "La clase es junta, comision u otro" }),
  anyo: AnyoFestivoSchema.nullable().default(null),
  nombre: textoCorto(120).min(1, { error: "El nombre es obligatorio" }),
  descripcion: textoCorto(2000).default(""),
  idResponsable: IdSchema.nullable().default(null),
  orden: z.int().min(0).max(10_000).default(0),
  activo: z.boolean().default(true),
});
export type GrupoEntrada = z.infer<typeof GrupoEntradaSchema>;

export const ListaGruposQuerySchema = z.strictObject({
  clase: z.enum(CLASES_GRUPO).optional(),
  /** Con año: los grupos de ese año y los que no tienen año. */
  anyo: AnyoFestivoQuerySchema.optional(),
  /** Con miembros (por defecto sí). */
  miembros: booleanoQuery("miembros").default(true),
});
export type ListaGruposQuery = z.infer<typeof ListaGruposQuerySchema>;

export const ListaEscuadrasQuerySchema = z.strictObject({ anyo: AnyoFestivoQuerySchema });

/**
 * Meter a un socio en una escuadra. Si está en otra del mismo año: 409 que la nombra, salvo con
 * `mover` (arrastrar): entonces pasa de una a otra en una sola sentencia.
 */
export const MiembroEscuadraEntradaSchema = z.strictObject({
  idSocio: IdSchema,
  rol: textoCorto(80).default(""),
  mover: z.boolean().default(false),
});
export type MiembroEscuadraEntrada = z.infer<typeof MiembroEscuadraEntradaSchema>;

export const MiembroGrupoEntradaSchema = z.strictObject({
  idSocio: IdSchema,
  rol: textoCorto(80).default(""),
});
export type MiembroGrupoEntrada = z.infer<typeof MiembroGrupoEntradaSchema>;

export const RolMiembroSchema = z.strictObject({ rol: textoCorto(80) });

/** El cabo de una escuadra (null: sin cabo). Si no es miembro, entra (409 si está en otra). */
export const CaboEntradaSchema = z.strictObject({ idSocio: IdSchema.nullable() });
export type CaboEntrada = z.infer<typeof CaboEntradaSchema>;

/** El orden de un desfile del año: las escuadras de la primera a la última. */
export const OrdenDesfileSchema = z.strictObject({
  anyo: AnyoFestivoSchema,
  idsGrupo: z
    .array(IdSchema)
    .max(500, { error: "Como mucho 500 escuadras" })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: "Una escuadra no puede repetirse en el desfile",
    }),
});
export type OrdenDesfile = z.infer<typeof OrdenDesfileSchema>;

/** Copiar las escuadras de un año a otro, como punto de partida. */
export const CopiaEscuadrasSchema = z.strictObject({
  desde: AnyoFestivoSchema,
  hasta: AnyoFestivoSchema,
  /** También sus miembros (los activos; sin cabos: el cabo se elige cada año). */
  miembros: z.boolean().default(true),
});
export type CopiaEscuadras = z.infer<typeof CopiaEscuadrasSchema>;

export const CopiaEscuadrasResultadoSchema = z.object({
  escuadras: z.int(),
  miembros: z.int(),
  /** Escuadras que ya existían en el año de destino con ese nombre (se dejan como están). */
  omitidas: z.int(),
});
export type CopiaEscuadrasResultado = z.infer<typeof CopiaEscuadrasResultadoSchema>;

// ── Cargos ───────────────────────────────────────────────────────────────────────────────────

export const CodigoCargoSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/, { error: "El código es una clave corta (p. ej. capitan)" });

export const CargoSchema = z.object({
  id: IdSchema,
  codigo: z.string(),
  nombre: z.string(),
  nombreVa: z.string(),
  /** Años extra de antigüedad (para recompensas) por cada año en el cargo. */
  peso: z.int(),
  orden: z.int(),
  activo: z.boolean(),
});
export type Cargo = z.infer<typeof CargoSchema>;
export const ListaCargosSchema = z.object({ items: z.array(CargoSchema) });
export type ListaCargos = z.infer<typeof ListaCargosSchema>;

export const CargoCambioSchema = z.strictObject({
  nombre: textoCorto(120).min(1, { error: "El nombre es obligatorio" }),
  nombreVa: textoCorto(120).default(""),
  peso: z
    .int({ error: "El peso es un número entero de años" })
    .min(0, { error: "El peso va de 0 a 10 años" })
    .max(10, { error: "El peso va de 0 a 10 años" })
    .default(0),
  orden: z.int().min(0).max(10_000).default(0),
  activo: z.boolean().default(true),
});
export type CargoCambio = z.infer<typeof CargoCambioSchema>;
export const CargoEntradaSchema = CargoCambioSchema.extend({ codigo: CodigoCargoSchema });
export type CargoEntrada = z.infer<typeof CargoEntradaSchema>;

/** Un cargo de un socio, de `desde` a `hasta` (null: sigue). */
export const CargoSocioSchema = z.object({
  id: IdSchema,
  idSocio: IdSchema,
  nombreSocio: z.string(),
  apellidosSocio: z.string(),
  idCargo: IdSchema,
  codigo: z.string(),
  cargo: z.string(),
  cargoVa: z.string(),
  desde: z.string(),
  hasta: z.string().nullable(),
  /** El cargo de cabo: la escuadra de la que lo es. */
  idGrupo: IdSchema.nullable(),
  escuadra: z.string().nullable(),
  notas: z.string(),
});
export type CargoSocio = z.infer<typeof CargoSocioSchema>;
export const ListaCargosSocioSchema = z.object({ items: z.array(CargoSocioSchema) });
export type ListaCargosSocio = z.infer<typeof ListaCargosSocioSchema>;

export const CargoSocioEntradaSchema = z
  .strictObject({
    idCargo: IdSchema,
    desde: FechaSchema,
    hasta: FechaSchema.nullable().default(null),
    notas: textoCorto(500).default(""),
  })
  .refine((c) => c.hasta === null || c.hasta >= c.desde, {
    error: "La fecha de fin no puede ser anterior a la de inicio",
    path: ["hasta"],
  });
export type CargoSocioEntrada = z.infer<typeof CargoSocioEntradaSchema>;

export const CargosAnyoQuerySchema = z.strictObject({ anyo: AnyoFestivoQuerySchema });

/** La estructura de un socio año a año: escuadras, otros grupos y cargos. */
export const EstructuraSocioSchema = z.object({
  escuadras: z.array(
    z.object({
      anyo: z.int(),
      idGrupo: IdSchema,
      nombre: z.string(),
      rol: z.string(),
      esCabo: z.boolean(),
    }),
  ),
  grupos: z.array(
    z.object({
      idGrupo: IdSchema,
      clase: z.enum(CLASES_GRUPO),
      anyo: z.int().nullable(),
      nombre: z.string(),
      rol: z.string(),
      esResponsable: z.boolean(),
      activo: z.boolean(),
    }),
  ),
  cargos: z.array(CargoSocioSchema),
});
export type EstructuraSocio = z.infer<typeof EstructuraSocioSchema>;

/** El inicio del festero: su escuadra y su cabo este año (y los de quienes paga). */
export const MiEscuadraSchema = z.object({
  anyo: z.int(),
  items: z.array(
    z.object({
      idSocio: IdSchema,
      nombreSocio: z.string(),
      idGrupo: IdSchema,
      escuadra: z.string(),
      traje: z.string(),
      banda: z.string(),
      cabo: z.string().nullable(),
      esCabo: z.boolean(),
      miembros: z.int(),
    }),
  ),
});
export type MiEscuadra = z.infer<typeof MiEscuadraSchema>;
