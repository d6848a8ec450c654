import { esConexionPerdida } from "../db/conexion-perdida.js";
import { lanzarAlAsentarse } from "./al-asentarse.js";

/**
 * Keys read in one query at most: a read of 500 keys is still one small indexed query, and the
 * enrolment peak (every member of a filà, ~300) fits in one. Past it, the rest wait for the next.
 */
export const MAX_CLAVES_POR_LECTURA = 500;

type Pedido<K, V> = {
  clave: K;
  ok: (v: V | undefined) => void;
  mal: (e: unknown) => void;
  /** When it was asked for (`performance.now()`). */
  desde: number;
};

/**
 * Reads keys in batches: a key asked for while a read is under way waits for the next read,
 * which takes every key that arrived meanwhile in one query (up to MAX_CLAVES_POR_LECTURA). With
 * no read under way a key is read on the next turn of the event loop, alone, so a quiet server
 * adds no latency; while new connections keep arriving, the read waits for them up to
 * ESPERA_MAXIMA_LOTE_MS (`lanzarAlAsentarse`). Under load, N concurrent requests cost a handful of
 * queries instead of N.
 *
 * Never stale: each key is read by a query that starts after it was asked for (a key never joins
 * a read already under way), so whatever was committed before the request arrived — a logout, a
 * revoked session — is seen, exactly as with one query per request.
 *
 * One key's error is that key's alone: when a read of several keys fails (a value the database
 * refuses makes the whole query fail), its keys are read again in halves until the failing ones
 * are alone, and only their callers get the error. A failure of every read (the connection lost)
 * costs a few more failing reads, all answered with it.
 */
export class LectorEnLotes<K, V> {
  private cola: Pedido<K, V>[] = [];
  private enCurso = 0;
  private programado = false;

  /**
   * @param leer reads the given keys (distinct) and returns the value of each one it found.
   * @param maxEnCurso reads under way at once (one per database connection worth using).
   * @param maxClaves keys read in one query at most.
   */
  constructor(
    private readonly leer: (claves: K[]) => Promise<Map<K, V>>,
    private readonly maxEnCurso: number,
    private readonly maxClaves = MAX_CLAVES_POR_LECTURA,
  ) {}

  obtener(clave: K): Promise<V | undefined> {
    return new Promise((ok, mal) => {
      this.cola.push({ clave, ok, mal, desde: performance.now() });
      this.programar();
    });
  }

  /**
   * The next read starts once the requests whose data has already arrived have been read
   * (setImmediate runs after the event loop's I/O phase) and, in a burst of new connections,
   * those still being accepted.
   */
  private programar(): void {
    if (this.programado || this.enCurso >= this.maxEnCurso || this.cola.length === 0) return;
    this.programado = true;
    lanzarAlAsentarse(
      () => this.cola[0]?.desde,
      () => {
        this.programado = false;
        this.lanzar();
      },
    );
  }

  private lanzar(): void {
    if (this.enCurso >= this.maxEnCurso || this.cola.length === 0) return;
    const lote = this.tomarLote();
    this.enCurso++;
    this.resolver(lote).finally(() => {
      this.enCurso--;
      this.programar();
    });
    // What is left past the cap has waited already: it starts its own read now if another may
    // run at once (otherwise when one ends).
    this.lanzar();
  }

  /** The first requests of the queue whose distinct keys fit in one read. */
  private tomarLote(): Map<K, Pedido<K, V>[]> {
    const lote = new Map<K, Pedido<K, V>[]>();
    let i = 0;
    for (; i < this.cola.length; i++) {
      const pedido = this.cola[i] as Pedido<K, V>;
      const pedidos = lote.get(pedido.clave);
      if (pedidos) pedidos.push(pedido);
      else if (lote.size < this.maxClaves) lote.set(pedido.clave, [pedido]);
      else break;
    }
    this.cola = this.cola.slice(i);
    return lote;
  }

  /** Reads the keys of `lote` and answers each caller; a failing read of several keys is split. */
  private async resolver(lote: Map<K, Pedido<K, V>[]>): Promise<void> {
    const claves = [...lote.keys()];
    let valores: Map<K, V>;
    try {
      valores = await this.leer(claves);
    } catch (err) {
      // One bad key is found by splitting; a database that cannot be reached fails every key
      // alike, and splitting would only multiply the failing reads (2n for n keys).
      if (claves.length === 1 || esConexionPerdida(err)) {
        for (const pedidos of lote.values()) for (const p of pedidos) p.mal(err);
        return;
      }
      const mitad = Math.ceil(claves.length / 2);
      const parte = (desde: number, hasta: number) =>
        new Map(claves.slice(desde, hasta).map((c) => [c, lote.get(c) ?? []]));
      await this.resolver(parte(0, mitad));
      await this.resolver(parte(mitad, claves.length));
      return;
    }
    for (const [clave, pedidos] of lote) for (const p of pedidos) p.ok(valores.get(clave));
  }
}
