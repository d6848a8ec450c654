import { fileTypeFromBuffer } from "file-type";
import type { Content } from "pdfmake/interfaces.js";
import sharp from "sharp";

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const LADO_LOGO = 512;
const TIPOS_LOGO = new Set(["image/png", "image/jpeg", "image/webp"]);

/**
 * The uploaded logo as a PNG no larger than 512 px, when its content (never its name) is a PNG,
 * JPEG or WebP; null otherwise (an SVG, a PDF, a damaged image). PNG because pdfmake prints PNG
 * and JPEG only and the installed app's icons are PNG; re-encoding drops anything appended.
 */
export async function logoAPng(contenido: Buffer): Promise<Buffer | null> {
  const tipo = await fileTypeFromBuffer(contenido);
  if (!tipo || !TIPOS_LOGO.has(tipo.mime)) return null;
  try {
    return await sharp(contenido, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: LADO_LOGO, height: LADO_LOGO, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** A square icon of `lado` px with the logo centred on a transparent background. */
export function iconoCuadrado(logo: Buffer, lado: number): Promise<Buffer> {
  return sharp(logo)
    .resize({
      width: lado,
      height: lado,
      fit: "contain",
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png()
    .toBuffer();
}

/** The top of a PDF: the logo on the left of `contenido` when there is one. */
export function conLogo(logo: Uint8Array | null | undefined, contenido: Content): Content {
  if (!logo || logo.length === 0) return contenido;
  const imagen = `data:image/png;base64,${Buffer.from(logo).toString("base64")}`;
  return {
    columns: [
      { image: imagen, fit: [56, 56], width: 64 },
      { stack: [contenido], width: "*" },
    ],
    columnGap: 8,
  };
}
