import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";

/** Lines of a gzip file, one by one; a damaged or cut file ends in an error. */
export async function* lineasDe(fichero: string): AsyncGenerator<string> {
  const origen = createReadStream(fichero);
  const gunzip = createGunzip();
  origen.on("error", (err) => gunzip.destroy(err));
  origen.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  let resto = "";
  for await (const trozo of gunzip) {
    resto += decoder.write(trozo as Buffer);
    let salto = resto.indexOf("\n");
    while (salto >= 0) {
      yield resto.slice(0, salto);
      resto = resto.slice(salto + 1);
      salto = resto.indexOf("\n");
    }
  }
  resto += decoder.end();
  if (resto !== "") yield resto;
}

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
