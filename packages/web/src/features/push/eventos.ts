import { ErrorHttp, leerMensajePush, type MensajePush } from "@fila/domain";
import { peticion } from "../../lib/api";
import { EVENTO_ASAMBLEA } from "../asamblea/evento";
import { esperaReintento, leerSse } from "./sse";

export type { MensajePush };

function dormir(ms: number, senal: AbortSignal): Promise<void> {
  return new Promise((resolver) => {
    const id = window.setTimeout(resolver, ms);
    senal.addEventListener(
      "abort",
      () => {
        window.clearTimeout(id);
        resolver();
      },
      { once: true },
    );
  });
}

/**
 * Listens to GET /api/eventos (server-sent events) with the Authorization header — fetch, not
 * EventSource, so the token never goes in the URL — and reconnects with backoff until the
 * signal aborts (logout) or the server answers 401/403.
 */
export async function escucharEventos(
  alMensaje: (mensaje: MensajePush) => void,
  senal: AbortSignal,
): Promise<void> {
  let intento = 0;
  while (!senal.aborted) {
    try {
      const respuesta = await peticion("/eventos", {
        senal,
        cabeceras: { Accept: "text/event-stream", "Cache-Control": "no-cache" },
      });
      intento = 0;
      if (respuesta.body) {
        await leerSse(
          respuesta.body,
          (dato, tipo) => {
            // Typed events (issue 48: `asamblea`) are not push messages: the card ignores them
            // and whoever cares listens on the window.
            if (tipo === "asamblea") {
              window.dispatchEvent(new CustomEvent(EVENTO_ASAMBLEA, { detail: dato }));
              return;
            }
            try {
              const mensaje = leerMensajePush(JSON.parse(dato));
              if (mensaje) alMensaje(mensaje);
            } catch {
              // Not JSON (e.g. a keep-alive payload): nothing to show.
            }
          },
          senal,
        );
      }
    } catch (error) {
      if (senal.aborted) return;
      if (error instanceof ErrorHttp && (error.status === 401 || error.status === 403)) return;
    }
    if (senal.aborted) return;
    await dormir(esperaReintento(intento), senal);
    intento += 1;
  }
}
