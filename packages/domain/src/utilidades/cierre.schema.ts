import { z } from "zod";
import { IdSchema } from "../comun/esquemas";
import { CopiaProductosResultadoSchema } from "../pagos/producto.schema";

const anyo = z.coerce
  .number({ error: "El año debe estar entre 2000 y 2099" })
  .int({ error: "El año debe estar entre 2000 y 2099" })
  .min(2000, { error: "El año debe estar entre 2000 y 2099" })
  .max(2099, { error: "El año debe estar entre 2000 y 2099" });

/** `/api/utilidades/cierre/:anyo`: el año que se cierra (el nuevo es el siguiente). */
export const AnyoCierreParamsSchema = z.object({ anyo });

const SocioCierreSchema = z.object({
  idSocio: IdSchema,
  nombre: z.string(),
  matricula: z.int().nullable(),
});

/** Un plazo de derrama que el cierre emitirá en el año nuevo (importe en euros). */
export const CargoDerramaCierreSchema = SocioCierreSchema.extend({
  producto: z.string(),
  concepto: z.string(),
  importe: z.number(),
  plazo: z.int(),
  plazos: z.int(),
});

/** Lo que aún debe un socio del año que se cierra: se queda pendiente, nunca se toca. */
export const PendienteCierreSchema = SocioCierreSchema.extend({
  numCargos: z.int(),
  importe: z.number(),
});

/** Socio que paga en el año cerrado el último plazo de su derrama. */
export const DerramaTerminaSchema = SocioCierreSchema.extend({
  importeDerrama: z.number(),
  anyoDerrama: z.int(),
  anyosPagoDerrama: z.int(),
});

/** Vista previa del cierre: nada se escribe. Importes en euros. */
export const VistaPreviaCierreSchema = z.object({
  anyo: z.int(),
  anyoNuevo: z.int(),
  /** Socios activos, dados de alta como muy tarde en el año que se cierra: edad festera +1. */
  edadFestera: z.object({
    numSocios: z.int(),
    altasPosteriores: z.int(),
    /** Con su edad festera actual (la nueva es uno más). */
    socios: z.array(SocioCierreSchema.extend({ edadFestera: z.int() })),
  }),
  productos: CopiaProductosResultadoSchema,
  derrama: z.object({
    numCargos: z.int(),
    importe: z.number(),
    cargos: z.array(CargoDerramaCierreSchema),
  }),
  pendientes: z.object({
    numCargos: z.int(),
    importe: z.number(),
    socios: z.array(PendienteCierreSchema),
  }),
  derramaTermina: z.array(DerramaTerminaSchema),
  avisos: z.array(z.string()),
});
export type VistaPreviaCierre = z.infer<typeof VistaPreviaCierreSchema>;

/** Cifras guardadas de un cierre (importes en euros). */
export const CifrasCierreSchema = z.object({
  sociosEdadFestera: z.int(),
  productosCopiados: z.int(),
  cargosDerrama: z.int(),
  importeDerrama: z.number(),
  cargosPendientes: z.int(),
  importePendiente: z.number(),
  sociosDerramaTermina: z.int(),
});
export type CifrasCierre = z.infer<typeof CifrasCierreSchema>;

export const CierreAnyoSchema = z.object({
  id: IdSchema,
  anyo: z.int(),
  cerradoEn: z.string(),
  usuario: z.string(),
  cifras: CifrasCierreSchema,
});
export type CierreAnyo = z.infer<typeof CierreAnyoSchema>;

export const ListaCierresSchema = z.object({
  items: z.array(CierreAnyoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type ListaCierres = z.infer<typeof ListaCierresSchema>;
