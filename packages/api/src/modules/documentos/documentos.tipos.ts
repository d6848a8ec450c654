import { fileTypeFromBuffer } from "file-type";

export type TipoDocumento = { mime: string; extension: string };

/** What a document may be, by the type its content reveals (never by its name). */
const ADMITIDOS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
};

/**
 * Legacy Office files are OLE compound files, like Windows installers (.msi): only accepted when
 * the name says doc, xls or ppt, and served with that Office type.
 */
const CFB_POR_EXTENSION: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Markup a browser or a server would run or render: HTML, SVG, XML, PHP and the like. */
const MARCADO =
  /<(?:!doctype|html|head|body|script|iframe|frame|svg|object|embed|meta|link|style|img|a|div|span|form|input|base|math|xml)[\s>/:]|<\?|<%|<[a-z][\w-]*:[a-z]/i;

function extensionDe(nombre: string): string {
  const punto = nombre.lastIndexOf(".");
  return punto >= 0 ? nombre.slice(punto + 1).toLowerCase() : "";
}

/** Plain UTF-8 text without control bytes (tab, CR and LF apart), markup or a shebang. */
function esTextoPlano(contenido: Buffer): boolean {
  let texto: string;
  try {
    texto = new TextDecoder("utf-8", { fatal: true }).decode(contenido);
  } catch {
    return false;
  }
  if (texto.startsWith("\uFEFF")) texto = texto.slice(1);
  if (texto.startsWith("#!")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what we look for.
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(texto)) return false;
  return !MARCADO.test(texto);
}

/**
 * The type of an uploaded document decided by its content: PDF, images, Office and
 * OpenDocument files, and plain text/CSV without markup. Executables (ELF, PE, Mach-O), scripts,
 * HTML, SVG, XML and PHP are refused whatever their name: null.
 */
export async function clasificarDocumento(
  contenido: Buffer,
  nombreOriginal: string,
): Promise<TipoDocumento | null> {
  if (contenido.length === 0) return null;
  const tipo = await fileTypeFromBuffer(contenido);
  const extension = extensionDe(nombreOriginal);
  if (tipo) {
    const propia = ADMITIDOS[tipo.mime];
    if (propia) return { mime: tipo.mime, extension: propia };
    const mimeCfb = CFB_POR_EXTENSION[extension];
    if (tipo.mime === "application/x-cfb" && mimeCfb) return { mime: mimeCfb, extension };
    return null;
  }
  if (!esTextoPlano(contenido)) return null;
  return extension === "csv"
    ? { mime: "text/csv; charset=utf-8", extension: "csv" }
    : { mime: "text/plain; charset=utf-8", extension: "txt" };
}

/**
 * The name offered on download: the person's own name, without folders, control characters or
 * characters that file systems refuse, and always ending in the extension of the real type.
 */
export function nombreDescarga(nombreOriginal: string, extension: string): string {
  const sinCarpetas = nombreOriginal.split(/[/\\]/).pop() ?? "";
  const punto = sinCarpetas.lastIndexOf(".");
  const base = (punto > 0 ? sinCarpetas.slice(0, punto) : sinCarpetas)
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed.
    .replace(/[\u0000-\u001F\u007F<>:"|?*\\/]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120)
    .trim();
  return `${base || "documento"}.${extension}`;
}

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
export function cabeceraDescarga(nombre: string): string {
  const ascii = nombre
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E]/g, "_")
    .replace(/["\\%;]/g, "_");
  const utf8 = encodeURIComponent(nombre).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
