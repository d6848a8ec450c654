import type { Server } from "node:net";

/**
 * Longest the oldest request of a batch waits for new connections that keep arriving before its
 * batch starts (ms). A quiet server never waits it.
 */
export const ESPERA_MAXIMA_LOTE_MS = 10;

/** A connection accepted this recently may be the start of a burst: look one turn more (ms). */
const RECIEN_ACEPTADA_MS = 2;

let conexiones = 0;
let ultimaConexion = Number.NEGATIVE_INFINITY;

/** Counts the connections `servidor` accepts, the signal `lanzarAlAsentarse` waits on. */
export function contarConexiones(servidor: Server): void {
  servidor.on("connection", () => {
    conexiones++;
    ultimaConexion = performance.now();
  });
}

/**
 * Calls `lanzar` on the next turn of the event loop, unless new connections are being accepted:
 * then once a whole turn passes without one, or once the oldest request of the batch
 * (`desdeLaMasAntigua`, a `performance.now()`) has waited `esperaMaxima` ms.
 *
 * Why: since libuv 1.45 (Node 20) a server accepts one connection per turn of the event loop. A
 * batch launched every turn makes every turn cost a query (with PGlite, run on this same thread),
 * and under a burst of new connections (every member enrolling at once) they were then accepted
 * one per query: the last ones waited hundreds of milliseconds in the kernel's queue while the
 * server answered batches of one (bench/README.md, issue 37 goal 3, measured with strace). While
 * connections keep arriving the turns stay cheap, so the burst is accepted first and read in a few
 * big batches. Requests on connections already open (a browser's keep-alive, a proxy's pool) do
 * not wait: they go on the next turn, as before.
 */
export function lanzarAlAsentarse(
  desdeLaMasAntigua: () => number | undefined,
  lanzar: () => void,
  esperaMaxima = ESPERA_MAXIMA_LOTE_MS,
): void {
  // The first check comes in the same turn as the I/O that brought the request: if a connection
  // was accepted just now, another may follow in the next turn.
  let vistas =
    performance.now() - ultimaConexion < RECIEN_ACEPTADA_MS ? conexiones - 1 : conexiones;
  const comprobar = () => {
    const siguenLlegando = conexiones > vistas;
    vistas = conexiones;
    const desde = desdeLaMasAntigua();
    if (siguenLlegando && desde !== undefined && performance.now() - desde < esperaMaxima) {
      setImmediate(comprobar);
      return;
    }
    lanzar();
  };
  setImmediate(comprobar);
}
