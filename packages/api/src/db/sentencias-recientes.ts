/** PostgreSQL's answer when a table under a prepared `select *` changed its columns (DDL). */
export const PLAN_CAMBIADO = "0A000";

/**
 * The names of the statements prepared for each SQL text, least recently used first, with a cap:
 * the bookkeeping both prepared-statement wrappers share (pglite-un-viaje.ts and
 * pg-preparadas.ts). Freeing a statement on the server is each wrapper's own business.
 */
export class SentenciasRecientes {
  private readonly nombres = new Map<string, string>();
  private siguiente = 0;

  constructor(private readonly max: number) {}

  /** The name prepared for this text, now the most recently used; undefined if none. */
  usar(texto: string): string | undefined {
    const nombre = this.nombres.get(texto);
    if (nombre !== undefined) {
      this.nombres.delete(texto);
      this.nombres.set(texto, nombre);
    }
    return nombre;
  }

  /** At the cap, takes out the least recently used (its name, to be freed); otherwise undefined. */
  desalojar(): string | undefined {
    if (this.nombres.size < this.max) return undefined;
    const [texto, nombre] = this.nombres.entries().next().value as [string, string];
    this.nombres.delete(texto);
    return nombre;
  }

  /** A name never used before, for a statement about to be prepared. */
  nuevoNombre(): string {
    return `fila_${++this.siguiente}`;
  }

  /** Remembers a text as prepared under `nombre`, the most recently used. */
  recordar(texto: string, nombre: string): void {
    this.nombres.set(texto, nombre);
  }

  /** Forgets the text if it is (still) prepared under `nombre`, or under any name without one. */
  olvidar(texto: string, nombre?: string): string | undefined {
    const actual = this.nombres.get(texto);
    if (actual === undefined || (nombre !== undefined && actual !== nombre)) return undefined;
    this.nombres.delete(texto);
    return actual;
  }
}
