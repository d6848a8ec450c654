/**
 * Minimal reader of a text/event-stream body: calls `alDato` with the data of every event
 * (its `data:` lines joined by "\n") and its `event:` type ("message" without one). Comments,
 * `id:` and `retry:` are ignored.
 */
export function crearLectorSse(alDato: (dato: string, tipo: string) => void) {
  let pendiente = "";
  let datos: string[] = [];
  let tipo = "message";

  function linea(texto: string): void {
    if (texto === "") {
      if (datos.length > 0) alDato(datos.join("\n"), tipo);
      datos = [];
      tipo = "message";
      return;
    }
    if (texto.startsWith(":")) return;
    const dosPuntos = texto.indexOf(":");
    const campo = dosPuntos === -1 ? texto : texto.slice(0, dosPuntos);
    let valor = dosPuntos === -1 ? "" : texto.slice(dosPuntos + 1);
    if (valor.startsWith(" ")) valor = valor.slice(1);
    if (campo === "data") datos.push(valor);
    if (campo === "event") tipo = valor;
  }

  return {
    /** Feeds a decoded chunk; complete lines are processed, the rest waits for more. */
    trozo(texto: string): void {
      pendiente += texto;
      const lineas = pendiente.split(/\r\n|\r|\n/);
      pendiente = lineas.pop() ?? "";
      for (const l of lineas) linea(l);
    },
  };
}

/** Reads the whole stream; resolves when the server closes it. */
export async function leerSse(
  cuerpo: ReadableStream<Uint8Array>,
  alDato: (dato: string, tipo: string) => void,
  senal: AbortSignal,
): Promise<void> {
  const lector = cuerpo.getReader();
  const decodificador = new TextDecoder();
  const sse = crearLectorSse(alDato);
  const cancelar = () => {
    lector.cancel().catch(() => {});
  };
  senal.addEventListener("abort", cancelar, { once: true });
  try {
    while (!senal.aborted) {
      const { value, done } = await lector.read();
      if (done) break;
      sse.trozo(decodificador.decode(value, { stream: true }));
    }
  } finally {
    senal.removeEventListener("abort", cancelar);
  }
}

export const ESPERA_BASE_MS = 1000;
export const FACTOR_ESPERA = 2;
export const ESPERA_MAXIMA_MS = 4 * 60 * 60 * 1000;

/** SPEC §9 retry backoff: base 1000 ms, factor 2, cap 4 hours. */
export function esperaReintento(intento: number): number {
  return Math.min(ESPERA_BASE_MS * FACTOR_ESPERA ** Math.min(intento, 30), ESPERA_MAXIMA_MS);
}
