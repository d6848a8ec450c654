import { z } from "zod";

/** Panel del administrador (`GET /api/informes/resumen`). Importes en euros. */

export const ResumenSociosSchema = z.object({
  activos: z.int(),
  bajas: z.int(),
  /** Socios activos por tipo; `idTipoSocio` null agrupa a los socios sin tipo. */
  porTipo: z.array(
    z.object({
      idTipoSocio: z.int().nullable(),
      nombre: z.string(),
      color: z.string(),
      activos: z.int(),
    }),
  ),
});

export const ResumenDeudaSchema = z.object({
  /** Cargos en estado pendiente. */
  pendiente: z.number(),
  /** Cargos devueltos por el banco, aún por cobrar. */
  devuelto: z.number(),
  numCargosPendientes: z.int(),
  /** Parte de `pendiente` cuyo vencimiento ya ha pasado. */
  vencida: z.number(),
});

export const ProximoActoResumenSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  fecha: z.string(),
  hora: z.string(),
  /** null = sin límite de plazas. */
  aforo: z.int().nullable(),
  /** Socios inscritos más sus invitados. */
  numInscritos: z.int(),
  plazasLibres: z.int().nullable(),
});

export const AlertaResumenSchema = z.object({
  id: z.int(),
  titulo: z.string(),
  creadaEn: z.string(),
  destinatarios: z.int(),
  leidas: z.int(),
});

export const ResumenAdminSchema = z.object({
  socios: ResumenSociosSchema,
  deuda: ResumenDeudaSchema,
  /** Cobrado (cargos pagados) con fecha de pago en el año en curso. */
  cobradoAnyo: z.number(),
  proximosActos: z.array(ProximoActoResumenSchema),
  ultimasAlertas: z.array(AlertaResumenSchema),
  /** Remesas generadas que aún no se han marcado como cobradas. */
  remesasPendientes: z.int(),
});

export type ResumenAdmin = z.infer<typeof ResumenAdminSchema>;
export type ProximoActoResumen = z.infer<typeof ProximoActoResumenSchema>;
export type AlertaResumen = z.infer<typeof AlertaResumenSchema>;
