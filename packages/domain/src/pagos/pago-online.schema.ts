import { z } from "zod";
import { IdSchema } from "../comun/esquemas";
import type { Idioma } from "../sesion/usuario-sesion";

/** Cómo paga el festero en la pasarela del banco (Redsys): con tarjeta o con Bizum. */
export const METODOS_PAGO_ONLINE = ["tarjeta", "bizum"] as const;
export type MetodoPagoOnline = (typeof METODOS_PAGO_ONLINE)[number];

/** Estados de un pedido: a la espera de la notificación del banco, pagado o denegado. */
export const ESTADOS_PEDIDO_ONLINE = ["pendiente", "pagado", "denegado"] as const;
export type EstadoPedidoOnline = (typeof ESTADOS_PEDIDO_ONLINE)[number];

/**
 * `GET /api/pagos/pago-online`: si la junta ha configurado el TPV virtual, y si está en modo de
 * pruebas (los pagos no pagan ningún cargo).
 */
export const PagoOnlineDisponibleSchema = z.object({ activo: z.boolean(), prueba: z.boolean() });
export type PagoOnlineDisponible = z.infer<typeof PagoOnlineDisponibleSchema>;

/** `POST /api/pagos/pago-online`: los cargos a pagar (propios o de quien pago) y el método. */
export const PagoOnlineEntradaSchema = z.object({
  idsPago: z
    .array(IdSchema)
    .min(1, { error: "Elige al menos un cargo" })
    .max(100, { error: "Como mucho 100 cargos a la vez" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Hay cargos repetidos" }),
  metodo: z.enum(METODOS_PAGO_ONLINE, { error: "Elige «tarjeta» o «bizum»" }),
});
export type PagoOnlineEntrada = z.output<typeof PagoOnlineEntradaSchema>;

/** Lo que el navegador manda al banco en un formulario (POST a `url`). */
export const FormularioRedsysSchema = z.object({
  url: z.string(),
  Ds_SignatureVersion: z.string(),
  Ds_MerchantParameters: z.string(),
  Ds_Signature: z.string(),
  /** El número de pedido, para la página del resultado. */
  pedido: z.string(),
});
export type FormularioRedsys = z.infer<typeof FormularioRedsysSchema>;

/** La notificación del banco (`application/x-www-form-urlencoded`). */
export const NotificacionRedsysSchema = z.object({
  Ds_SignatureVersion: z.string().max(50),
  Ds_MerchantParameters: z.string().min(1).max(20_000),
  Ds_Signature: z.string().min(1).max(200),
});
export type NotificacionRedsys = z.infer<typeof NotificacionRedsysSchema>;

/** Un pedido de pago en línea, como lo ven el festero (el suyo) y la junta. */
export const PedidoOnlineSchema = z.object({
  numero: z.string(),
  fecha: z.string(),
  estado: z.enum(ESTADOS_PEDIDO_ONLINE),
  metodo: z.enum(METODOS_PAGO_ONLINE),
  importe: z.number(),
  /** null si el socio se borró después. */
  idSocio: z.int().nullable(),
  socio: z.string(),
  cargos: z.array(z.object({ id: z.int(), concepto: z.string(), importe: z.number() })),
  codigoAutorizacion: z.string(),
  /** Ds_Response del banco ("" hasta que llega la notificación). */
  respuesta: z.string(),
  /** El motivo de la respuesta del banco, en castellano ("" si no hay respuesta). */
  motivo: z.string(),
  /** Hecho en modo de pruebas de Redsys: su notificación no paga ningún cargo. */
  prueba: z.boolean(),
});
export type PedidoOnline = z.infer<typeof PedidoOnlineSchema>;

const entero = z.coerce.number().int({ error: "Introduce un número entero" });

/** Filtros de la lista de pedidos de la junta (y de su exportación). */
export const FiltrosPedidosOnlineSchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  estado: z
    .enum(ESTADOS_PEDIDO_ONLINE, { error: "Estado: pendiente, pagado o denegado" })
    .optional(),
  metodo: z.enum(METODOS_PAGO_ONLINE, { error: "Método: tarjeta o bizum" }).optional(),
});
export type FiltrosPedidosOnline = z.output<typeof FiltrosPedidosOnlineSchema>;

export const ListaPedidosOnlineQuerySchema = FiltrosPedidosOnlineSchema.extend({
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
});
export type ListaPedidosOnlineQuery = z.output<typeof ListaPedidosOnlineQuerySchema>;

export const ExportPedidosOnlineQuerySchema = FiltrosPedidosOnlineSchema.extend({
  formato: z.enum(["xlsx", "csv"], { error: "El formato es xlsx o csv" }).default("xlsx"),
});
export type ExportPedidosOnlineQuery = z.output<typeof ExportPedidosOnlineQuerySchema>;

export const ListaPedidosOnlineSchema = z.object({
  items: z.array(PedidoOnlineSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type ListaPedidosOnline = z.infer<typeof ListaPedidosOnlineSchema>;

/** Número de pedido de Redsys: 4 cifras y luego hasta 8 letras o cifras. */
export const NumeroPedidoSchema = z
  .string()
  .regex(/^\d{4}[0-9A-Za-z]{0,8}$/, { error: "El número de pedido no es válido" });

/** Ds_Response 0000–0099: operación autorizada. */
export function respuestaAutorizada(respuesta: string): boolean {
  return /^\d{1,4}$/.test(respuesta) && Number(respuesta) <= 99;
}

/**
 * El motivo de una respuesta de Redsys (Ds_Response), en castellano, de la tabla de códigos de
 * su guía de integración; los que no están aquí se leen como «denegada por el banco».
 */
const MOTIVOS: Record<string, string> = {
  "0101": "La tarjeta está caducada.",
  "0102": "La tarjeta está bloqueada temporalmente o bajo sospecha de fraude.",
  "0104": "Operación no permitida para esta tarjeta.",
  "0106": "Se han superado los intentos del PIN.",
  "0116": "No hay saldo suficiente.",
  "0118": "La tarjeta no está registrada.",
  "0125": "La tarjeta no es efectiva.",
  "0129": "El código de seguridad (CVV2/CVC2) no es correcto.",
  "0172": "Denegada: no repitas la operación.",
  "0173": "Denegada: no repitas la operación sin actualizar los datos de la tarjeta.",
  "0174": "Denegada: no repitas la operación antes de 72 horas.",
  "0180": "La tarjeta no es de este servicio.",
  "0184": "Error en la autenticación del titular.",
  "0190": "Denegada por el banco sin indicar el motivo.",
  "0191": "La fecha de caducidad no es correcta.",
  "0195": "Hace falta la autenticación reforzada (SCA).",
  "0202": "La tarjeta está bloqueada temporalmente o bajo sospecha de fraude.",
  "0904": "El comercio no está dado de alta en el sistema de la tarjeta.",
  "0909": "Error del sistema del banco.",
  "0912": "El banco emisor no está disponible.",
  "0913": "Pedido repetido.",
  "0944": "Sesión incorrecta.",
  "0950": "Operación de devolución no permitida.",
  "9064": "El número de dígitos de la tarjeta no es correcto.",
  "9078": "Esta tarjeta no admite este tipo de operación.",
  "9093": "La tarjeta no existe.",
  "9094": "Lo han rechazado los servidores internacionales.",
  "9104": "Comercio con «titular seguro» y titular sin clave de compra segura.",
  "9218": "El comercio no permite operaciones seguras por entrada.",
  "9253": "La tarjeta no cumple el check-digit.",
  "9256": "El comercio no puede hacer preautorizaciones.",
  "9257": "Esta tarjeta no permite hacer preautorizaciones.",
  "9261": "Operación detenida por superar el control de restricciones.",
  "9912": "El banco emisor no está disponible.",
  "9913": "Error en la confirmación que el comercio envía al TPV virtual.",
  "9914": "Confirmación «KO» del comercio.",
  "9915": "Has cancelado el pago.",
  "9928": "Anulación de autorización en diferido hecha por el banco.",
  "9929": "Anulación de autorización en diferido hecha por el comercio.",
  "9997": "Se está procesando otra operación con la misma tarjeta.",
  "9998": "Operación en proceso de solicitud de datos de tarjeta.",
  "9999": "Operación redirigida al emisor para autenticar.",
};

/** The same reasons in Valencian. */
const MOTIVOS_VA: Record<string, string> = {
  "0101": "La targeta està caducada.",
  "0102": "La targeta està bloquejada temporalment o davall sospita de frau.",
  "0104": "Operació no permesa per a esta targeta.",
  "0106": "S'han superat els intents del PIN.",
  "0116": "No hi ha prou saldo.",
  "0118": "La targeta no està registrada.",
  "0125": "La targeta no és efectiva.",
  "0129": "El codi de seguretat (CVV2/CVC2) no és correcte.",
  "0172": "Denegada: no repetisques l'operació.",
  "0173": "Denegada: no repetisques l'operació sense actualitzar les dades de la targeta.",
  "0174": "Denegada: no repetisques l'operació abans de 72 hores.",
  "0180": "La targeta no és d'este servici.",
  "0184": "Error en l'autenticació del titular.",
  "0190": "Denegada pel banc sense indicar el motiu.",
  "0191": "La data de caducitat no és correcta.",
  "0195": "Cal l'autenticació reforçada (SCA).",
  "0202": "La targeta està bloquejada temporalment o davall sospita de frau.",
  "0904": "El comerç no està donat d'alta en el sistema de la targeta.",
  "0909": "Error del sistema del banc.",
  "0912": "El banc emissor no està disponible.",
  "0913": "Comanda repetida.",
  "0944": "Sessió incorrecta.",
  "0950": "Operació de devolució no permesa.",
  "9064": "El nombre de dígits de la targeta no és correcte.",
  "9078": "Esta targeta no admet este tipus d'operació.",
  "9093": "La targeta no existix.",
  "9094": "L'han rebutjada els servidors internacionals.",
  "9104": "Comerç amb «titular segur» i titular sense clau de compra segura.",
  "9218": "El comerç no permet operacions segures per entrada.",
  "9253": "La targeta no complix el dígit de control.",
  "9256": "El comerç no pot fer preautoritzacions.",
  "9257": "Esta targeta no permet fer preautoritzacions.",
  "9261": "Operació detinguda per superar el control de restriccions.",
  "9912": "El banc emissor no està disponible.",
  "9913": "Error en la confirmació que el comerç envia al TPV virtual.",
  "9914": "Confirmació «KO» del comerç.",
  "9915": "Has cancel·lat el pagament.",
  "9928": "Anul·lació d'autorització en diferit feta pel banc.",
  "9929": "Anul·lació d'autorització en diferit feta pel comerç.",
  "9997": "S'està processant una altra operació amb la mateixa targeta.",
  "9998": "Operació en procés de sol·licitud de dades de targeta.",
  "9999": "Operació redirigida a l'emissor per a autenticar.",
};

/** The reason of a Redsys answer in `idioma` (Spanish by default). */
export function motivoRespuestaRedsys(respuesta: string, idioma: Idioma = "es"): string {
  if (respuesta === "") return "";
  const va = idioma === "va";
  if (respuestaAutorizada(respuesta)) return va ? "Operació autoritzada." : "Operación autorizada.";
  const codigo = respuesta.padStart(4, "0");
  return (
    (va ? MOTIVOS_VA[codigo] : MOTIVOS[codigo]) ??
    (va ? "El banc ha denegat l'operació." : "El banco ha denegado la operación.")
  );
}
