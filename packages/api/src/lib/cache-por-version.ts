/** What computing an answer gives: the answer and whether it may be kept for its version. */
export type Calculado<V> = { valor: V; guardable: boolean };

/**
 * Answers kept while the data they come from stays at the same version (a number the database
 * raises on every change, `version_datos`): the cache holds the answers of one version only, and
 * a request that reads another version (newer, or older after a database recovery) empties it.
 * Nothing is kept by time, so nothing outlives a change.
 *
 * Requests for the same key and version that arrive while it is being computed share that
 * computation when it can be kept. An answer computed while a change was still uncommitted
 * (`guardable` false) is given to the request that computed it, and neither kept nor shared.
 */
export class CachePorVersion<V> {
  private version: string | null = null;
  private readonly guardadas = new Map<string, V>();
  private readonly enCurso = new Map<string, Promise<Calculado<V>>>();

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
    if (pendiente) {
      // An answer that could not be kept may have been read before a change that committed after
      // it and before this request arrived: this request reads its own.
      return pendiente.then((c) =>
        c.guardable
          ? c.valor
          : this.calcularYGuardar(version, clave, calcular).then((d) => d.valor),
      );
    }
    const calculo = this.calcularYGuardar(version, clave, calcular);
    this.enCurso.set(idClave, calculo);
    const terminado = () => this.enCurso.delete(idClave);
    calculo.then(terminado, terminado);
    return calculo.then((c) => c.valor);
  }

  private calcularYGuardar(
    version: string,
    clave: string,
    calcular: () => Promise<Calculado<V>>,
  ): Promise<Calculado<V>> {
    return calcular().then((c) => {
      if (c.guardable && this.version === version) this.guardar(clave, c.valor);
      return c;
    });
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
