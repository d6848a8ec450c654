import { z } from "zod";
import { FechaSchema } from "../comun/esquemas";
import {
  DISPOSITIVOS,
  type Dispositivo,
  EVENTOS_ANALITICA,
  MAX_EVENTOS_LOTE,
  MAX_VISTAS_LOTE,
  RUTAS_ANALITICA,
} from "./analitica";

/** Un lote de `POST /api/analitica`. */
export const LoteAnaliticaSchema = z.object({
  vistas: z
    .array(z.enum(RUTAS_ANALITICA))
    .max(MAX_VISTAS_LOTE, { error: `Como mucho ${MAX_VISTAS_LOTE} vistas por envío` })
    .default([]),
  eventos: z
    .array(z.enum(EVENTOS_ANALITICA))
    .max(MAX_EVENTOS_LOTE, { error: `Como mucho ${MAX_EVENTOS_LOTE} eventos por envío` })
    .default([]),
});
export type LoteAnalitica = z.infer<typeof LoteAnaliticaSchema>;

/** Días que abarca como mucho un resumen (los datos se guardan 13 meses). */
export const MAX_DIAS_RESUMEN = 400;

export const ResumenAnaliticaQuerySchema = z.object({
  /** Por defecto, los 28 días que acaban en `hasta`. */
  desde: FechaSchema.optional(),
  /** Por defecto, hoy. */
  hasta: FechaSchema.optional(),
});

const DiaAnaliticaSchema = z.object({
  fecha: z.string(),
  /** Visitantes únicos de ese día (un visitante no se reconoce de un día a otro). */
  visitantes: z.int(),
  vistas: z.int(),
});

export const ResumenAnaliticaSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** Un elemento por día del periodo, también los días sin visitas. */
  porDia: z.array(DiaAnaliticaSchema),
  /**
   * Por semana (lunes a domingo, `fecha` es el lunes): suma de los visitantes únicos de cada
   * día, porque la sal diaria impide reconocer al mismo visitante en dos días.
   */
  porSemana: z.array(DiaAnaliticaSchema),
  /** Las páginas más vistas del periodo, de más a menos. */
  paginas: z.array(z.object({ ruta: z.string(), vistas: z.int() })),
  /** Visitantes por clase de dispositivo. */
  dispositivos: z.array(z.object({ dispositivo: z.enum(DISPOSITIVOS), visitantes: z.int() })),
  eventos: z.array(z.object({ nombre: z.enum(EVENTOS_ANALITICA), total: z.int() })),
  /** Alertas push entregadas por el servicio de push y abiertas desde la notificación. */
  push: z.object({ entregadas: z.int(), abiertas: z.int() }),
});
export type ResumenAnalitica = z.infer<typeof ResumenAnaliticaSchema>;

/** Clase de dispositivo a partir del User-Agent (que no se guarda). */
export function claseDeDispositivo(userAgent: string): Dispositivo {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tableta";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "movil";
  return "ordenador";
}

/**
 * Robots que se anuncian como tales. Los que no ejecutan JavaScript ya no llegan a contar (solo
 * la web manda vistas); estos tampoco cuentan aunque lo ejecuten.
 */
export function esRobot(userAgent: string): boolean {
  return (
    userAgent.trim() === "" ||
    /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|preview|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-requests|httpclient/i.test(
      userAgent,
    )
  );
}
