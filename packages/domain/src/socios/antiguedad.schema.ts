import { z } from "zod";
import { FechaSchema, IdSchema } from "../comun/esquemas";

/** Alta o edición de un periodo del socio en la filà (junta). */
export const PeriodoEntradaSchema = z
  .object({
    desde: FechaSchema,
    /** El día de la baja; null: sigue. */
    hasta: FechaSchema.nullable().default(null),
    /** El tipo de socio en ese periodo (null: sin tipo, cuenta como festero). */
    idTipoSocio: IdSchema.nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.hasta !== null && p.hasta < p.desde) {
      ctx.addIssue({
        code: "custom",
        path: ["hasta"],
        message: "Un periodo no puede acabar antes de empezar",
      });
    }
  });
export type PeriodoEntrada = z.infer<typeof PeriodoEntradaSchema>;

export const PeriodoSchema = z.object({
  id: IdSchema,
  desde: z.string(),
  hasta: z.string().nullable(),
  tipo: z.object({ id: IdSchema, nombre: z.string() }).nullable(),
  /** Su tipo «cuenta como infantil»: sus años van aparte. */
  infantil: z.boolean(),
});
export type Periodo = z.infer<typeof PeriodoSchema>;

export const ListaPeriodosSchema = z.object({ items: z.array(PeriodoSchema) });

export const RecompensaConcedidaSchema = z.object({
  id: IdSchema,
  idRecompensa: IdSchema,
  nombre: z.string(),
  anyos: z.int(),
  anyo: z.int(),
  concedidaEn: z.iso.datetime(),
});
export type RecompensaConcedida = z.infer<typeof RecompensaConcedidaSchema>;

/** `GET /api/socios/:id/antiguedad`. */
export const AntiguedadSocioSchema = z.object({
  idSocio: IdSchema,
  /** La fecha de cálculo (hoy). */
  fecha: z.string(),
  festero: z.int(),
  infantil: z.int(),
  recompensas: z.int(),
  desde: z.string().nullable(),
  primeraEntrada: z.string().nullable(),
  /** El contador del SPEC (el cierre de año lo incrementa), para compararlo. */
  edadFestera: z.int(),
  /** Sin periodos, la antigüedad es `edadFestera` (ADR 0031). */
  porPeriodos: z.boolean(),
  periodos: z.array(PeriodoSchema),
  concedidas: z.array(RecompensaConcedidaSchema),
});
export type AntiguedadSocio = z.infer<typeof AntiguedadSocioSchema>;

/** Qué tipos de socio «cuentan como infantil» (la marca del maestro de tipos de socio). */
export const AjustesAntiguedadSchema = z.object({
  idsTipoInfantil: z.array(IdSchema).max(200),
});
export type AjustesAntiguedad = z.infer<typeof AjustesAntiguedadSchema>;
