/**
 * Notificación push tal como la muestra la tarjeta en primer plano. Sin zod: la lee el marco de
 * la web (con sesión) en cada mensaje del canal de eventos, y zod no viaja con él.
 * `MensajePushSchema` (mensaje-push.schema.ts) describe lo mismo.
 */
export type MensajePush = {
  notification: { title: string; body: string; image: string };
  /** Set when the message is an alert: the app refreshes the bell and can open it. */
  data?: { idAlerta: number };
};

const esObjeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The message in `datos`, with body and image "" when missing; null if it is not one. */
export function leerMensajePush(datos: unknown): MensajePush | null {
  if (!esObjeto(datos) || !esObjeto(datos.notification)) return null;
  const { title, body = "", image = "" } = datos.notification;
  if (typeof title !== "string" || typeof body !== "string" || typeof image !== "string") {
    return null;
  }
  const mensaje: MensajePush = { notification: { title, body, image } };
  if (datos.data === undefined) return mensaje;
  if (!esObjeto(datos.data)) return null;
  const { idAlerta } = datos.data;
  if (!Number.isSafeInteger(idAlerta) || (idAlerta as number) <= 0) return null;
  return { ...mensaje, data: { idAlerta: idAlerta as number } };
}
