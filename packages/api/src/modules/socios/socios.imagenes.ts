import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { DomainError } from "../../errors/domain-error.js";

export const IMAGEN_MAX_BYTES = 5 * 1024 * 1024;
const LADO_MAX = 800;
const TIPOS_ADMITIDOS = new Set(["image/jpeg", "image/png", "image/webp"]);

const noAdmitida = () =>
  new DomainError("imagen_no_valida", "comun.imagen_no_valida", [
    { campo: "archivo", clave: "comun.imagen_no_valida" },
  ]);

/** Member photos under DATA_DIR/files/socios, served only through the authorised route. */
export class ImagenesSocio {
  private readonly carpeta: string;

  constructor(dataDir: string) {
    this.carpeta = path.join(dataDir, "files", "socios");
  }

  private ruta(id: number): string {
    return path.join(this.carpeta, `${id}.webp`);
  }

  /**
   * The type is decided by the content, never by the name or Content-Type. Re-encoding to WebP
   * drops EXIF/GPS metadata and anything appended to the image.
   */
  async guardar(id: number, contenido: Buffer): Promise<void> {
    const tipo = await fileTypeFromBuffer(contenido);
    if (!tipo || !TIPOS_ADMITIDOS.has(tipo.mime)) throw noAdmitida();
    let webp: Buffer;
    try {
      webp = await sharp(contenido, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: LADO_MAX, height: LADO_MAX, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw noAdmitida();
    }
    await mkdir(this.carpeta, { recursive: true });
    const temporal = `${this.ruta(id)}.${process.pid}.tmp`;
    await writeFile(temporal, webp);
    await rename(temporal, this.ruta(id));
  }

  async leer(id: number): Promise<Buffer | null> {
    try {
      return await readFile(this.ruta(id));
    } catch {
      return null;
    }
  }

  async borrar(id: number): Promise<void> {
    await rm(this.ruta(id), { force: true });
  }
}
