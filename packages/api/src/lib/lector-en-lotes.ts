/**
 * Reads keys in batches: a key asked for while a read is under way waits for the next read,
 * which takes every key that arrived meanwhile in one query. With no read under way a key is
 * read at once, alone, so a quiet server adds no latency; under load, N concurrent requests cost
 * a handful of queries instead of N.
 *
 * Never stale: each key is read by a query that starts after it was asked for (a key never joins
 * a read already under way), so whatever was committed before the request arrived — a logout, a
 * revoked session — is seen, exactly as with one query per request.
 */
export class LectorEnLotes<K, V> {
  private cola: { clave: K; ok: (v: V | undefined) => void; mal: (e: unknown) => void }[] = [];
  private enCurso = 0;
  private programado = false;

  /**
   * @param leer reads the given keys (distinct) and returns the value of each one it found.
   * @param maxEnCurso reads under way at once (one per database connection worth using).
   */
  constructor(
    private readonly leer: (claves: K[]) => Promise<Map<K, V>>,
    private readonly maxEnCurso: number,
  ) {}

  obtener(clave: K): Promise<V | undefined> {
    return new Promise((ok, mal) => {
      this.cola.push({ clave, ok, mal });
      this.programar();
    });
  }

  /**
   * The next read starts after the requests whose data has already arrived have been read
   * (setImmediate runs after the event loop's I/O phase), so they join it.
   */
  private programar(): void {
    if (this.programado || this.enCurso >= this.maxEnCurso || this.cola.length === 0) return;
    this.programado = true;
    setImmediate(() => {
      this.programado = false;
      this.lanzar();
    });
  }

  private lanzar(): void {
    if (this.enCurso >= this.maxEnCurso || this.cola.length === 0) return;
    const lote = this.cola;
    this.cola = [];
    this.enCurso++;
    const claves = [...new Set(lote.map((p) => p.clave))];
    this.leer(claves)
      .then(
        (valores) => {
          for (const p of lote) p.ok(valores.get(p.clave));
        },
        (err) => {
          for (const p of lote) p.mal(err);
        },
      )
      .finally(() => {
        this.enCurso--;
        this.programar();
      });
  }
}
