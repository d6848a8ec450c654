import { EventEmitter, once } from "node:events";
import { closeSync, openSync, write } from "node:fs";
import { open } from "node:fs/promises";
import { Readable, Writable } from "node:stream";
import { createGzip } from "node:zlib";

/** Bytes read from the file per chunk when following it (`seguir`). */
const BYTES_POR_LECTURA = 64 * 1024;

/** Writes all of `trozo` at the end of the open file `fd` (a write may take only part). */
function escribirTodo(fd: number, trozo: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const seguir = (desde: number) =>
      write(fd, trozo, desde, trozo.length - desde, null, (err, escritos) => {
        if (err) reject(err);
        else if (desde + escritos < trozo.length) seguir(desde + escritos);
        else resolve();
      });
    seguir(0);
  });
}

/**
 * Writes text to a gzip file, waiting when the disk is slower than the reads, and lets the file
 * be read while it is being written (`seguir`): a download starts with the first bytes instead
 * of after the last (issue 51), while the reads that produce it never wait for the client.
 */
export class EscritorGzip {
  private readonly gzip = createGzip({ level: 6 });
  private readonly destino: Writable;
  private readonly terminado: Promise<void>;
  private readonly cancelacion = new AbortController();
  private readonly avisos = new EventEmitter();
  /** Bytes of the file already on disk (the follower reads up to here). */
  private escritos = 0;
  private acabado = false;
  private fallo: Error | null = null;

  constructor(private readonly fichero: string) {
    const fd = openSync(fichero, "w", 0o600);
    let abierto = true;
    // The write under way: the descriptor is closed only after it (never reused under it).
    let enCurso: Promise<void> = Promise.resolve();
    const cerrarFd = () => {
      if (abierto) closeSync(fd);
      abierto = false;
    };
    const destino = new Writable({
      write: (trozo: Buffer, _codificacion, hecho) => {
        enCurso = escribirTodo(fd, trozo);
        enCurso.then(() => {
          this.escritos += trozo.length;
          this.avisar();
          hecho();
        }, hecho);
      },
      final: (hecho) => {
        cerrarFd();
        this.acabado = true;
        this.avisar();
        hecho();
      },
      destroy: (err, hecho) => {
        const acabar = () => {
          cerrarFd();
          hecho(err);
        };
        enCurso.then(acabar, acabar);
      },
    });
    this.destino = destino;
    this.gzip.pipe(destino);
    this.terminado = new Promise((resolve, reject) => {
      destino.on("finish", resolve);
      destino.on("error", reject);
      this.gzip.on("error", reject);
    });
    // Never an unhandled rejection: whoever awaits `cerrar` or follows the file sees the failure.
    this.terminado.catch((err: Error) => this.fallar(err));
  }

  private avisar() {
    this.avisos.emit("cambio");
  }

  private fallar(err: Error) {
    if (this.acabado || this.fallo) return;
    this.fallo = err;
    this.avisar();
  }

  async escribir(texto: string): Promise<void> {
    if (this.fallo) throw this.fallo;
    if (!this.gzip.write(texto)) {
      await once(this.gzip, "drain", { signal: this.cancelacion.signal });
    }
  }

  async cerrar(): Promise<void> {
    if (this.fallo) throw this.fallo;
    this.gzip.end();
    await this.terminado;
  }

  /** Stops the writing: the next `escribir` fails, and so does whoever follows the file. */
  destruir(motivo: Error = new Error("copia interrumpida")): void {
    this.fallar(motivo);
    this.cancelacion.abort(motivo);
    this.gzip.destroy();
    this.destino.destroy();
  }

  /** Resolves once the file has its first bytes on disk (or is complete); rejects if it failed. */
  async primerosBytes(): Promise<void> {
    while (this.escritos === 0 && !this.acabado) {
      if (this.fallo) throw this.fallo;
      await once(this.avisos, "cambio");
    }
    if (this.fallo && !this.acabado) throw this.fallo;
  }

  /**
   * The file as it is written: what is on disk, then each new piece as it lands, ending with the
   * last; an error if the writing fails or is stopped (so an incomplete download is cut, never
   * ended as if whole). Reads at the reader's pace: a slow client leaves the rest on disk, not
   * in memory.
   */
  seguir(): Readable {
    const escritor = this;
    return Readable.from(
      (async function* () {
        const fichero = await open(escritor.fichero, "r");
        try {
          let posicion = 0;
          for (;;) {
            if (posicion < escritor.escritos) {
              const trozo = Buffer.allocUnsafe(
                Math.min(BYTES_POR_LECTURA, escritor.escritos - posicion),
              );
              const { bytesRead } = await fichero.read(trozo, 0, trozo.length, posicion);
              posicion += bytesRead;
              yield bytesRead === trozo.length ? trozo : trozo.subarray(0, bytesRead);
              continue;
            }
            if (escritor.fallo) throw escritor.fallo;
            if (escritor.acabado) return;
            await once(escritor.avisos, "cambio");
          }
        } finally {
          await fichero.close();
        }
      })(),
      { objectMode: false },
    );
  }
}
