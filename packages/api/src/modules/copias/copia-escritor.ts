import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { createGzip } from "node:zlib";

/** Writes text to a gzip file, waiting when the disk is slower than the reads. */
export class EscritorGzip {
  private readonly gzip = createGzip({ level: 6 });
  private readonly destino;
  private readonly terminado: Promise<void>;

  constructor(fichero: string) {
    this.destino = createWriteStream(fichero, { mode: 0o600 });
    this.gzip.pipe(this.destino);
    this.terminado = new Promise((resolve, reject) => {
      this.destino.on("finish", resolve);
      this.destino.on("error", reject);
      this.gzip.on("error", reject);
    });
  }

  async escribir(texto: string): Promise<void> {
    if (!this.gzip.write(texto)) await once(this.gzip, "drain");
  }

  async cerrar(): Promise<void> {
    this.gzip.end();
    await this.terminado;
  }

  destruir(): void {
    this.gzip.destroy();
    this.destino.destroy();
  }
}
