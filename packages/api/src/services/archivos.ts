import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/** A stored file's name: only the server makes them, so only this shape is ever accepted. */
const CLAVE = /^[a-z0-9][a-z0-9-]{0,80}(?:\.[a-z0-9]{1,8})?$/;

/**
 * Uploaded files in one folder under DATA_DIR/files (outside any web root), named by the server.
 * A key never comes from the person: a name such as `../../etc/passwd` cannot reach the disk.
 */
export class AlmacenArchivos {
  readonly carpeta: string;

  constructor(dataDir: string, subcarpeta: string) {
    this.carpeta = path.join(dataDir, "files", subcarpeta);
  }

  /** A new random key (128 bits) with the given extension. */
  static claveAleatoria(extension = ""): string {
    const base = randomBytes(16).toString("hex");
    return extension ? `${base}.${extension}` : base;
  }

  private ruta(clave: string): string {
    if (!CLAVE.test(clave)) throw new Error(`clave de archivo no válida: ${clave}`);
    return path.join(this.carpeta, clave);
  }

  /** Writes atomically (temporary file, then rename): a reader never sees half a file. */
  async guardar(clave: string, contenido: Buffer): Promise<void> {
    const destino = this.ruta(clave);
    await mkdir(this.carpeta, { recursive: true });
    const temporal = `${destino}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temporal, contenido, { mode: 0o600 });
    await rename(temporal, destino);
  }

  async leer(clave: string): Promise<Buffer | null> {
    try {
      return await readFile(this.ruta(clave));
    } catch {
      return null;
    }
  }

  async borrar(clave: string): Promise<void> {
    await rm(this.ruta(clave), { force: true });
  }
}

const TIPOS_IMAGEN = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * A JPEG, PNG or WebP (decided by its content, never by its name) re-encoded as WebP no larger
 * than `ladoMax`; re-encoding drops EXIF/GPS and anything appended. null when it is not one.
 */
export async function imagenAWebp(contenido: Buffer, ladoMax: number): Promise<Buffer | null> {
  const tipo = await fileTypeFromBuffer(contenido);
  if (!tipo || !TIPOS_IMAGEN.has(tipo.mime)) return null;
  try {
    return await sharp(contenido, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: ladoMax, height: ladoMax, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
