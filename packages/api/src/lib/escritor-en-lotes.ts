import { esConexionPerdida } from "../db/conexion-perdida.js";
import { lanzarAlAsentarse } from "./al-asentarse.js";

/**
 * Entries written in one statement at most. The enrolment peak (every member of a filà, ~300
 * at once) fits in one; past it, the rest wait for the next write of their key.
 */
export const MAX_ENTRADAS_POR_ESCRITURA = 500;

/** What `escribirLote` answers for an entry it leaves to `escribirUno`. */
export const SOLA: unique symbol = Symbol("sola");

type Pedido<E, R> = {
  entrada: E;
  ok: (r: R) => void;
  mal: (e: unknown) => void;
  /** When it arrived (`performance.now()`). */
  desde: number;
};
type Cola<E, R> = { pedidos: Pedido<E, R>[]; enCurso: boolean; programado: boolean };

/**
 * Writes in batches per key (ADR 0029): entries for the same key (an event) that arrive while a
 * write of that key is under way wait for the next one, which writes all of them in one
 * statement. With nothing under way an entry is written on the next turn of the event loop,
 * alone, so a quiet server adds no latency; while new connections keep arriving, the write waits
 * for them up to ESPERA_MAXIMA_LOTE_MS (`lanzarAlAsentarse`). Under a peak, N requests cost a
 * handful of statements instead of N. Writes of one key never overlap (they would only queue on
 * the same row lock); different keys run side by side.
 *
 * `escribirLote` answers one result per entry, in order, or `SOLA` for an entry to be written
 * afterwards on its own with `escribirUno` (in arrival order). One entry's error is that entry's alone:
 * when a batch of several fails (say, a member enrolled meanwhile by another instance breaks a
 * unique index), its entries are written again one by one with `escribirUno`, and only the
 * failing ones get an error. A lost connection fails them all at once, without retrying.
 */
export class EscritorEnLotes<K, E, R> {
  private readonly colas = new Map<K, Cola<E, R>>();

  constructor(
    private readonly escribirLote: (clave: K, entradas: E[]) => Promise<(R | typeof SOLA)[]>,
    private readonly escribirUno: (clave: K, entrada: E) => Promise<R>,
    private readonly maxPorLote = MAX_ENTRADAS_POR_ESCRITURA,
  ) {}

  escribir(clave: K, entrada: E): Promise<R> {
    return new Promise((ok, mal) => {
      let cola = this.colas.get(clave);
      if (!cola) {
        cola = { pedidos: [], enCurso: false, programado: false };
        this.colas.set(clave, cola);
      }
      cola.pedidos.push({ entrada, ok, mal, desde: performance.now() });
      this.programar(clave, cola);
    });
  }

  /**
   * The next write starts once the requests whose data has already arrived have been handled
   * (setImmediate runs after the event loop's I/O phase) and, in a burst of new connections,
   * those still being accepted.
   */
  private programar(clave: K, cola: Cola<E, R>): void {
    if (cola.programado || cola.enCurso) return;
    if (cola.pedidos.length === 0) {
      this.colas.delete(clave);
      return;
    }
    cola.programado = true;
    lanzarAlAsentarse(
      () => cola.pedidos[0]?.desde,
      () => {
        cola.programado = false;
        const lote = cola.pedidos.slice(0, this.maxPorLote);
        cola.pedidos = cola.pedidos.slice(lote.length);
        cola.enCurso = true;
        this.resolver(clave, lote).finally(() => {
          cola.enCurso = false;
          this.programar(clave, cola);
        });
      },
    );
  }

  private async resolver(clave: K, lote: Pedido<E, R>[]): Promise<void> {
    let resultados: (R | typeof SOLA)[];
    try {
      resultados = await this.escribirLote(
        clave,
        lote.map((p) => p.entrada),
      );
    } catch (err) {
      if (lote.length === 1 || esConexionPerdida(err)) {
        for (const p of lote) p.mal(err);
        return;
      }
      // One by one, in arrival order: only the entries the database refuses fail.
      await this.unaAUna(clave, lote);
      return;
    }
    const solas: Pedido<E, R>[] = [];
    lote.forEach((p, i) => {
      const r = resultados[i] as R | typeof SOLA;
      if (r === SOLA) solas.push(p);
      else p.ok(r);
    });
    await this.unaAUna(clave, solas);
  }

  private async unaAUna(clave: K, pedidos: Pedido<E, R>[]): Promise<void> {
    for (const p of pedidos) {
      try {
        p.ok(await this.escribirUno(clave, p.entrada));
      } catch (e) {
        p.mal(e);
      }
    }
  }
}
