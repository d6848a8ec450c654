import { type Acceso, type AccesoEntrada, ErrorHttp } from "@fila/domain";
import type { AccesoPendiente } from "./accesos-pendientes";

/**
 * What became of a scan sent from the queue of the door:
 * - `enviado`: the server answered it (whatever the outcome): it leaves the queue.
 * - `rechazado`: the server refused this very scan (400, 404, 409: a bad code, an event gone or
 *   cancelled); sending it again would give the same: it leaves the queue.
 * - `sin_sesion`: the session is closed or not allowed (401, 403) or the app is out of date
 *   (426): the scan stays, and nothing more is sent until the page is opened again (signed in).
 * - `sin_senal`: no answer (network, 5xx, anything else): the scan stays and is retried.
 */
export type Envio =
  | { tipo: "enviado"; acceso: Acceso }
  | { tipo: "rechazado"; error: unknown }
  | { tipo: "sin_sesion" }
  | { tipo: "sin_senal" };

const RECHAZOS = [400, 404, 409];
const SIN_SESION = [401, 403, 426];

/** What a failed send means for the scan (see `Envio`). */
export function desenlaceDe(error: unknown): "rechazado" | "sin_sesion" | "sin_senal" {
  if (!(error instanceof ErrorHttp)) return "sin_senal";
  if (RECHAZOS.includes(error.status)) return "rechazado";
  if (SIN_SESION.includes(error.status)) return "sin_sesion";
  return "sin_senal";
}

/** The body of a scan: its code and when it was read, so the server decides the day by it. */
export const cuerpoDe = (p: AccesoPendiente): AccesoEntrada => ({
  codigo: p.codigo,
  leidoEn: new Date(p.leidoEn).toISOString(),
});

/** How the queue reaches the server and its store (IndexedDB in the app). */
export type Cola = {
  enviar: (p: AccesoPendiente) => Promise<Acceso>;
  quitar: (clave: string) => Promise<void>;
};

/** Sends one queued scan; it leaves the queue only once answered or refused for good. */
export async function enviarPendiente(p: AccesoPendiente, cola: Cola): Promise<Envio> {
  try {
    const acceso = await cola.enviar(p);
    await cola.quitar(p.clave).catch(() => undefined);
    return { tipo: "enviado", acceso };
  } catch (error) {
    const tipo = desenlaceDe(error);
    if (tipo !== "rechazado") return { tipo };
    await cola.quitar(p.clave).catch(() => undefined);
    return { tipo, error };
  }
}

/**
 * Sends the queued scans in reading order, telling each outcome; stops at the first that could
 * not be sent (the rest would fail the same way). Answers how it stopped.
 */
export async function vaciarCola(
  pendientes: AccesoPendiente[],
  cola: Cola,
  alEnviar: (p: AccesoPendiente, envio: Envio) => void,
): Promise<"vacia" | "sin_sesion" | "sin_senal"> {
  for (const p of pendientes) {
    const envio = await enviarPendiente(p, cola);
    alEnviar(p, envio);
    if (envio.tipo === "sin_sesion" || envio.tipo === "sin_senal") return envio.tipo;
  }
  return "vacia";
}
