/** What computing an answer gives: the answer and whether it may be kept for its version. */
export type Calculado<V> = { valor: V; guardable: boolean };

/**
 * Answers kept while the data they come from stays at the same version (a number the database
 * raises on every change, `version_datos`): the cache holds the answers of one version only, and
 * a request that reads another version (newer, or older after a database recovery) empties it.
 * Nothing is kept by time, so nothing outlives a change.
 *
 * Requests for the same key and version that arrive while it is being computed share that
 * computation. An answer computed while a change was still uncommitted (`guardable` false) is
 * given to its requests but not kept.
 */
export class CachePorVersion<V> {
  private version: string | null = null;
  private readonly guardadas = new Map<string, V>();
  private readonly enCurso = new Map<string, Promise<V>>();

  /** @param maxEntradas answers kept at most; the least recently used goes first. */
  constructor(private readonly maxEntradas: number) {}

  obtener(version: string, clave: string, calcular: () => Promise<Calculado<V>>): Promise<V> {
    if (version !== this.version) {
      this.version = version;
      this.guardadas.clear();
    }
    const guardada = this.guardadas.get(clave);
    if (guardada !== undefined) {
      this.guardadas.delete(clave);
      this.guardadas.set(clave, guardada);
      return Promise.resolve(guardada);
    }
    const idClave = `${version}\u0000${clave}`;
    const pendiente = this.enCurso.get(idClave);
    if (pendiente) return pendiente;
    const calculo = calcular().then(
      ({ valor, guardable }) => {
        this.enCurso.delete(idClave);
        if (guardable && this.version === version) this.guardar(clave, valor);
        return valor;
      },
      (err: unknown) => {
        this.enCurso.delete(idClave);
        throw err;
      },
    );
    this.enCurso.set(idClave, calculo);
    return calculo;
  }

  get tamanyo(): number {
    return this.guardadas.size;
  }

  private guardar(clave: string, valor: V): void {
    this.guardadas.set(clave, valor);
    if (this.guardadas.size > this.maxEntradas) {
      const masAntigua = this.guardadas.keys().next().value as string;
      this.guardadas.delete(masAntigua);
    }
  }
}
