import { z } from "zod";
import { booleanoQuery } from "../comun/esquemas";
import { FiltrosSociosSchema } from "../socios/socio-vista.schema";
import { CAMPOS_PAGINA } from "../utilidades/registros.schema";

/** El contrato de los envíos (issue 36): la API lo valida y la web lo usa tal cual. */

const booleano = z.union([z.boolean(), booleanoQuery("valor")]);

/** Los filtros de la lista de socios más `conDeuda`, `idActo`, `sinCuenta` e `idsSocio` (Y). */
export const FiltroEnvioSchema = z.strictObject({
  activo: booleano.optional(),
  tipo: FiltrosSociosSchema.shape.tipo,
  sexo: FiltrosSociosSchema.shape.sexo,
  edadMin: FiltrosSociosSchema.shape.edadMin,
  edadMax: FiltrosSociosSchema.shape.edadMax,
  /** Quien debe algo (pendiente o devuelto), suyo o de quien paga. */
  conDeuda: booleano.optional(),
  idActo: z.int().positive({ error: "Elige un acto válido" }).optional(),
  sinCuenta: booleano.optional(),
  idsSocio: z.array(z.int().positive()).max(5000).optional(),
  /** Miembros (o responsables) de alguno de estos grupos o escuadras (issue 49). */
  idsGrupo: z.array(z.int().positive().max(2_147_483_647)).max(200).optional(),
});
export type FiltroEnvio = z.output<typeof FiltroEnvioSchema>;

/** Asunto y cuerpo (HTML, con `{{nombre}}`, `{{apellidos}}`, `{{matricula}}`, `{{deuda}}`). */
export const EnvioEntradaSchema = z.strictObject({
  asunto: z.string().trim().min(1, { error: "Escribe el asunto" }).max(200),
  cuerpo: z.string().min(1, { error: "Escribe el mensaje" }).max(200_000),
  filtro: FiltroEnvioSchema.default({}),
});
export type EntradaEnvio = z.output<typeof EnvioEntradaSchema>;

/** `POST /api/envios/vista-previa`: cuántos lo recibirán y el mensaje de uno de ellos. */
export const VistaPreviaEnvioSchema = z.object({
  total: z.int(),
  conEmail: z.int(),
  sinEmail: z.int(),
  omitidos: z.int(),
  ejemplo: z.object({ asunto: z.string(), html: z.string() }),
});
export type VistaPreviaEnvio = z.infer<typeof VistaPreviaEnvioSchema>;

export const ESTADOS_ENVIO = ["en_curso", "terminado", "fallido"] as const;
export type EstadoEnvio = (typeof ESTADOS_ENVIO)[number];

/** Un envío del historial; `cuerpo`, el HTML saneado tal como se guardó. */
export const EnvioSchema = z.object({
  id: z.int(),
  asunto: z.string(),
  cuerpo: z.string(),
  /** El filtro con que se lanzó, tal como se guardó. */
  filtro: z.record(z.string(), z.unknown()),
  estado: z.enum(ESTADOS_ENVIO),
  enviados: z.int(),
  fallidos: z.int(),
  omitidos: z.int(),
  sinEmail: z.int(),
  creadoPor: z.string().nullable(),
  creadoEn: z.string(),
});
export type Envio = Omit<z.infer<typeof EnvioSchema>, "filtro"> & { filtro: FiltroEnvio };

/** Lo que responde el trabajo de un envío al terminar. */
export type ResultadoEnvio = Pick<Envio, "enviados" | "fallidos" | "omitidos" | "sinEmail">;

/**
 * Cada destinatario, fijado al lanzar el envío: `enviando` mientras su correo está en manos del
 * servidor SMTP (un envío cortado ahí lo deja `fallido`: nunca dos correos).
 */
export const ESTADOS_DESTINATARIO = [
  "pendiente",
  "enviando",
  "enviado",
  "fallido",
  "omitido",
  "sin_email",
] as const;
export type EstadoDestinatario = (typeof ESTADOS_DESTINATARIO)[number];

export const DestinatariosEnvioQuerySchema = z.strictObject({
  ...CAMPOS_PAGINA,
  estado: z.enum(ESTADOS_DESTINATARIO, { error: "Elige un estado válido" }).optional(),
});

export const DestinatarioEnvioSchema = z.object({
  idSocio: z.int().nullable(),
  nombre: z.string(),
  apellidos: z.string(),
  matricula: z.int().nullable(),
  email: z.string().nullable(),
  estado: z.enum(ESTADOS_DESTINATARIO),
});
export type DestinatarioEnvio = z.infer<typeof DestinatarioEnvioSchema>;
